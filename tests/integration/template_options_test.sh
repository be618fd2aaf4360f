# Template options end to end: `templates --options`, bad options reported at their cv.toml
# line with a hint (exit 2), a missing font named before TeX runs, and one TeX build of long
# with letter paper, margins, another font, the name footer and ISO dates, read back with
# pdfinfo, pdffonts and pdftotext; then a changed paper (which sits before the precompiled
# preamble's end) gives a new format and a PDF of the new size.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

# --options lists a template's options with their defaults.
listing="$("$MKCV" templates --options short)"
contains "$listing" "short: 14 options" "short declares the common options and publication_order"
contains "$listing" "paper (enum)" "paper is listed"
contains "$listing" "default: a4; one of a4, letter, legal" "with its default and values"
contains "$listing" "default: 10; one of 9, 10, 11, 12" "short's own default font size"
contains "$listing" "default: 7A1F1F" "short's own accent"
contains "$("$MKCV" templates --options markdown)" "date_format (enum)" "markdown takes date_format"
"$MKCV" templates --options nosuch > nosuch.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "--options of a template that does not exist"

# Mistakes: each at its line and column, all at once, with did-you-mean hints.
cat > bad.toml <<'TOML'
[person]
name = "Ada Lovelace"
[design]
paper = "leter"
[templates.long]
fontsize = 11
margins = { top = "9cm" }
accent = "blue"
TOML
"$MKCV" build bad.toml -t long -o bad-out > bad.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "bad options exit 2"
bad="$(cat bad.log)"
contains "$bad" "bad.toml:4:9: error: \`paper\` must be one of a4, letter, legal, found \"leter\"" "enum value at its position"
contains "$bad" "did you mean \"letter\"?" "enum did-you-mean"
contains "$bad" "bad.toml:6:1: error: unknown option \`fontsize\` for this template" "unknown option at its key"
contains "$bad" "did you mean \`font_size\`?" "option did-you-mean"
contains "$bad" "bad.toml:7:19: error: \`margins.top\` must be a length from" "range"
contains "$bad" "bad.toml:8:10: error: \`accent\` must be a hex colour" "colour"
[[ ! -e bad-out/cv-long.pdf && ! -e bad-out/bad-long.pdf ]] && pass "no PDF from bad options" || fail "a PDF was made"
# validate says the same, for the templates cv.toml sets options for, without building.
"$MKCV" validate bad.toml > validate.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "validate: bad options exit 2"
contains "$(cat validate.log)" "bad.toml:6:1: error: unknown option \`fontsize\` for this template" "validate reports [templates.long]'s options"
contains "$(cat validate.log)" "bad.toml:4:9: error: \`paper\` must be one of" "and [design]'s"

# A font fontconfig does not know: named, with fc-list, before TeX runs.
cat > nofont.toml <<'TOML'
[person]
name = "Ada Lovelace"
[design]
main_font = "No Such Font Family"
TOML
"$MKCV" build nofont.toml -t long -o nofont-out > nofont.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "a missing font exits 2"
contains "$(cat nofont.log)" "nofont.toml:4:13: error: \`main_font\`: no font \"No Such Font Family\" is installed" "missing font named at its line"
contains "$(cat nofont.log)" "fc-list" "the hint names fc-list"
lacks "$(cat nofont.log)" "latexmk" "TeX did not run (latexmk)"
lacks "$(cat nofont.log)" "xelatex" "TeX did not run (XeLaTeX)"
cat > texfont.toml <<'TOML'
[person]
name = "Ada Lovelace"
[design]
main_font = 'Noto}\input{/etc/passwd}'
TOML
"$MKCV" build texfont.toml -t long -o texfont-out > texfont.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "a font name with TeX in it exits 2"
contains "$(cat texfont.log)" "is not a font name mkcv takes" "font names are allow-listed"

# One build that sets many options at once.
cp "$SRC/cv.toml" cv.toml
cat >> cv.toml <<'TOML'

[design]
paper = "letter"
margins = "0.75in"
main_font = "DejaVu Serif"
date_format = "iso"

[templates.long]
page_numbers = "name"
margins = { top = "1in" }
font_size = 10
line_spacing = 1.1
TOML
name="$(sed -nE 's/^name = "(.*)"/\1/p' cv.toml | head -1)"
"$MKCV" build -t long -t short -o out > build.log 2>&1 || { cat build.log; fail "options build"; finish; }
contains "$(pdfinfo out/cv-long.pdf)" "612 x 792 pts (letter)" "long: letter paper"
contains "$(pdfinfo out/cv-short.pdf)" "612 x 792 pts (letter)" "short: letter paper from [design]"
contains "$(pdffonts out/cv-long.pdf)" "DejaVuSerif" "long: the main font from [design]"
long="$(pdf_text out/cv-long.pdf)"
pages="$(pdf_pages out/cv-long.pdf)"
contains "$long" "$name – page 1 of $pages" "long: the name footer with the page count"
contains "$long" "$name – page $pages of $pages" "the footer on the last page"
contains "$long" "2025-08" "dates in ISO style"
lacks "$long" "Aug. 2025" "no short dates left"
lacks "$(pdf_text out/cv-short.pdf)" "page 1 of" "short keeps its page numbers off"
tex="$(cat out/.mkcv/cv-long/cv-long.tex)"
contains "$tex" "\\documentclass[10pt,letterpaper]{extarticle}" "font size and paper in the class"
contains "$tex" "top=1in,bottom=0.75in,left=0.75in,right=0.75in" "margins: [templates.long] over [design]"
contains "$tex" "\\linespread{1.1}" "line spacing"

# The paper is above the precompiled preamble's end: a new paper is a new format.
edit_cv() { sed -i "s/^position = .*/position = \"Candidate $1\"/" cv.toml; }
formats() { find out/.mkcv -maxdepth 1 -name 'cv-long-*.fmt' | sort; }
edit_cv 1
"$MKCV" build -t long -o out -v > second.log 2>&1 || { cat second.log; fail "second build"; }
formats_made out || fail "the format maker did not finish"
letter_format="$(formats)"
[[ -n "$letter_format" ]] && pass "a rebuild makes a format for letter paper" || fail "no format: $(cat second.log)"
edit_cv 2
"$MKCV" build -t long -o out -v > third.log 2>&1 || { cat third.log; fail "third build"; }
contains "$(cat third.log)" "-fmt=" "the next build starts from it"
sed -i 's/^paper = "letter"/paper = "legal"/' cv.toml
"$MKCV" build -t long -o out -v > legal.log 2>&1 || { cat legal.log; fail "legal build"; }
contains "$(pdfinfo out/cv-long.pdf)" "612 x 1008 pts" "a changed paper changes the PDF's page size"
lacks "$(cat legal.log)" "-fmt=" "the letter format is not used for legal paper"
edit_cv 3
"$MKCV" build -t long -o out -v > legal2.log 2>&1 || { cat legal2.log; fail "legal rebuild"; }
formats_made out || fail "the format maker did not finish"
[[ -n "$(formats)" && "$(formats)" != "$letter_format" ]] && pass "a new format for legal paper" ||
  fail "formats: $(formats)"
edit_cv 4
"$MKCV" build -t long -o out -v > legal3.log 2>&1 || { cat legal3.log; fail "legal rebuild"; }
contains "$(cat legal3.log)" "-fmt=" "the legal build starts from its format"
contains "$(pdfinfo out/cv-long.pdf)" "612 x 1008 pts" "and keeps the legal paper"
finish
