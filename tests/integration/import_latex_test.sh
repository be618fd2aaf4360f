# `mkcv import` of a schema of one's own written for LaTeX (issue 40, tests/data/import-files/
# latex): its \href, \textit, \textbf, \emph, ``quotes'', \& and accents read as what they typeset,
# each section under the title its `order` gives it (typed sections for the built-in kinds),
# a list of positions under a key of no kind typed by its shape, and one warning names the
# macro it does not read. Round trip: every value of the source is
# in the PDF and in the homepage, and the links in both.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")" SRC="$(realpath "$SRC")"

cd "$WORK"
cp -r "$SRC/tests/data/import-files/latex" latex
cd latex
status=0
"$MKCV" import cv.yaml > /dev/null 2> import.log || status=$?
expect_status 0 "$status" "the LaTeX-flavoured source imports"
toml="$(cat cv.toml)"
for macro in '\\href' '\\textit' '\\textbf' '\\emph' '\\&' '``' "\\'" '\\v{'; do
  lacks "$toml" "$macro" "no $macro left in cv.toml"
done
contains "$toml" '[Logic Seminar](https://logic.example.cz/seminar)' "a link in a note is a link"
contains "$toml" 'kind = "experience"' "the appointments are a typed section"
contains "$toml" 'heading = "Academic Appointments"' "under the source's title"
contains "$toml" 'kind = "talks"' "the talks are a typed section of talks"
contains "$toml" '[[visiting]]' "a list of positions under a key of no kind is typed by its shape"
contains "$(cat import.log)" 'the LaTeX macro \cite is not one mkcv reads' "\\cite is named"

# The source's values as they print: the words of each text, its macros read.
values=("Zuzana Horáková" "I study proof theory and type systems at the Prague Logic Group"
  "teach Logic for Computer Science" "Professor of Theoretical Computer Science"
  "Charles University" "Head of the Logic Seminar" "its reading group" "Marie Curie Fellow"
  "Université Paris Cité" "Ph.D. in Mathematics" "Masaryk University"
  "Cut elimination for modal type theories" "Neuron Prize for Young Scientists" "2019"
  "Types Proofs, Forty Years On" "Logic Colloquium" "Profile" "Academic Appointments"
  "Degrees" "Distinctions" "Invited Talks" "Visiting Professor" "Institut Henri Poincaré"
  "Visiting")
# Accented letters, exactly: squashed() drops every byte of a non-ASCII letter, so these are
# looked for in the text as it is.
accented=("École Normale Supérieure de Lyon" "Bolzano Medal of the Česká matematická společnost")
for value in "${accented[@]}"; do contains "$toml" "$value" "cv.toml has «$value»"; done

require_tool xelatex "setup.sh installs TeX Live"
"$MKCV" build -o out > build.log 2>&1 && pass "the PDF builds" || fail "the PDF builds: $(tail -5 build.log)"
env PATH=/nonexistent "$MKCV" build -t homepage -o html > html.log 2>&1 &&
  pass "the homepage builds" || fail "the homepage builds: $(tail -5 html.log)"
pdf="$(ls out/*.pdf 2> /dev/null | head -1)"
page="$(ls html/*.html 2> /dev/null | head -1)"
if [[ -n "$pdf" && -n "$page" ]]; then
  pdf_words="$(squashed "$(pdf_text "$pdf")")"
  html_words="$(squashed "$(html_text "$page")")"
  for value in "${values[@]}"; do
    contains "$pdf_words" "$(squashed "$value")" "the PDF has «$value»"
    contains "$html_words" "$(squashed "$value")" "the homepage has «$value»"
  done
  for value in "${accented[@]}"; do
    contains "$(pdf_text "$pdf")" "$value" "the PDF has «$value»"
    contains "$(html_text "$page")" "$value" "the homepage has «$value»"
  done
  for url in https://logic.example.cz https://logic.example.cz/seminar; do
    contains "$(pdfinfo -url "$pdf")" "$url" "the PDF links $url"
    contains "$(cat "$page")" "href=\"$url\"" "the homepage links $url"
  done
else
  fail "no PDF in out/ or homepage in html/"
fi
finish
