# Template variants with real TeX: the modern template, filters and cv.toml overrides seen
# in the PDF, a user template hiding a built-in one, `template new` + edit + build, `context`
# showing what the template receives, and names that cannot leave their folder.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
export XDG_DATA_HOME="$WORK/data"
cp "$SRC/cv.toml" cv.toml

# Every built-in template lists and builds for the seed CV.
listing="$("$MKCV" templates)"
contains "$listing" "modern" "templates lists modern"
# The gallery's themes (built by themes_test.sh), each with its one-line description.
for t in ats classic banking sidebar awesome; do
  description="$(grep -A1 -x "$t" <<< "$listing" | tail -n 1)"
  [[ "$description" == "    "?* ]] && pass "templates lists $t: $description" || fail "templates lists no $t"
done
"$MKCV" build -t modern -o out > modern.log 2>&1 || { cat modern.log; fail "modern build"; finish; }
modern="$(pdf_text out/cv-modern.pdf)"
contains "$modern" "Yihao Zhao" "modern has the name"
contains "$modern" "Multi-Resource Interleaving for Deep Learning Training" "modern has papers"
contains "$modern" "Alex Nikulkov, …, Xin Jin" "modern's max_authors = 8 cuts a 10-author list, keeping the last author"
lacks "$modern" "Joao Ferreira, Xuanzhe Liu" "the cut authors are gone"
if grep -q -E "Overfull|Missing character" out/.mkcv/cv-modern/cv-modern.log; then
  fail "modern log has overfull boxes or missing characters"; else pass "modern log clean"; fi

# [templates.long] in cv.toml: order, titles, since, max_authors, selected.
cp cv.toml variant.toml
cat >> variant.toml <<'TOML'
[templates.long]
order = ["publications", "education"]
[templates.long.filters.publications]
title = "Recent Papers"
since = 2024
max_authors = 2
TOML
"$MKCV" build variant.toml -t long -o out > variant.log 2>&1 || { cat variant.log; fail "variant build"; finish; }
variant="$(pdf_text out/variant-long.pdf)"
contains "$variant" "Recent Papers" "a cv.toml title replaces the heading"
lacks "$variant" "Teaching" "a section left out of order is not printed"
lacks "$variant" "Research Interests" "research interests left out"
lacks "$variant" "Unpaired Image-to-Image" "since = 2024 drops a 2020 paper"
contains "$variant" "How Useful is Communication Scheduling" "a 2024 paper stays"
contains "$variant" "Yihao Zhao, …, Xin Jin. How Useful" "max_authors = 2: the first and the last author"
[[ "$variant" == *"Recent Papers"*"Education"* ]] && pass "publications come before education" || fail "order not applied"

# `context` prints exactly what the template receives: a template that prints the data.
mkdir -p probe
printf 'name = "probe"\n' > probe/template.toml
printf '<<#sections_order>><<name>>=<<title>>\n<</sections_order>><<#publications.groups>><<#items>>P:<<title>>\n<</items>><</publications.groups>>' > probe/cv.tex.mustache
cat >> probe/template.toml <<'TOML'
order = ["publications", "teaching"]
[filters.publications]
selected = true
title = "Picked"
TOML
"$MKCV" render variant.toml -t ./probe > probe.out
"$MKCV" context variant.toml -t ./probe > probe.json
expected="$(python3 - probe.json <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
for s in c["sections_order"]: print(f'{s["name"]}={s["title"]}')
for g in c["publications"]["groups"]:
    for i in g["items"]: print("P:" + i["title"])
PY
)"
[[ "$(cat probe.out)" == "$expected" ]] && pass "context matches what the template printed" || fail "context differs: $(diff <(echo "$expected") probe.out)"
contains "$(cat probe.out)" "publications=Picked" "manifest title applied"
lacks "$(cat probe.out)" "P:Unpaired" "manifest selected filter applied"

# A user template with a built-in's name hides it.
mkdir -p "$XDG_DATA_HOME/mkcv/templates/short"
printf 'name = "short"\ndescription = "mine"\n' > "$XDG_DATA_HOME/mkcv/templates/short/template.toml"
printf '\\documentclass{article}\\begin{document}USER SHORT <<person.name>>\\end{document}\n' > "$XDG_DATA_HOME/mkcv/templates/short/cv.tex.mustache"
listing="$("$MKCV" templates)"
contains "$listing" "hidden by the one above" "the built-in short is shown as hidden"
"$MKCV" build -t short -o user > user.log 2>&1 || { cat user.log; fail "user short"; }
contains "$(pdf_text user/cv-short.pdf)" "USER SHORT Yihao Zhao" "the user's short is built"
rm -rf "$XDG_DATA_HOME/mkcv/templates/short"

# template new + edit + build, in the user's folder and in --template-dir.
"$MKCV" template new mine --from short > new.log && pass "template new" || fail "template new"
[[ -f "$XDG_DATA_HOME/mkcv/templates/mine/template.toml" ]] && pass "made in the user folder" || fail "no user folder"
contains "$(cat "$XDG_DATA_HOME/mkcv/templates/mine/template.toml")" 'name = "mine"' "renamed"
# short names the locale's heading; a title of one's own replaces it.
sed -i 's/^heading = "selected_publications"/title = "Favourite Papers"/' "$XDG_DATA_HOME/mkcv/templates/mine/template.toml"
sed -i 's/\\begin{document}/\\begin{document}EDITED BY ME /' "$XDG_DATA_HOME/mkcv/templates/mine/cv.tex.mustache"
"$MKCV" build -t mine -o mine > mine.log 2>&1 || { cat mine.log; fail "build mine"; }
mine="$(pdf_text mine/cv-mine.pdf)"
contains "$mine" "EDITED BY ME" "the edited template is used"
contains "$mine" "FAVOURITE PAPERS" "the edited manifest is used (short prints headings in capitals)"
[[ "$(pdf_pages mine/cv-mine.pdf)" == 1 ]] && pass "the copy keeps the page budget" || fail "mine pages"
# A template of one's own that sets its body in sans-serif (\familydefault): mkcv-base loads
# the sans font at its first use, which must then be the whole text.
"$MKCV" template new sans --from long > sans-new.log || fail "template new sans"
sed -i 's/^\\begin{document}/\\renewcommand\\familydefault{\\sfdefault}\\begin{document}/' \
  "$XDG_DATA_HOME/mkcv/templates/sans/cv.tex.mustache"
contains "$(cat "$XDG_DATA_HOME/mkcv/templates/sans/cv.tex.mustache")" '\renewcommand\familydefault' \
  "the sans template sets \\familydefault"
"$MKCV" build -t sans -o sans > sans.log 2>&1 || { cat sans.log; fail "build sans"; }
sans_fonts="$(pdffonts sans/cv-sans.pdf)"
contains "$sans_fonts" "NotoSans-Regular" "a sans-serif body is in Noto Sans"
contains "$sans_fonts" "NotoSans-Bold" "its bold too"
lacks "$sans_fonts" "NotoSerif-Regular" "and none of it in the serif"
set +e
"$MKCV" template new mine > again.log 2>&1; again=$?
"$MKCV" template new ../escape > escape.log 2>&1; escape=$?
"$MKCV" template new other --template-dir dir > dir.log 2>&1; dir=$?
"$MKCV" render -t .. > dots.log 2>&1; dots=$?
"$MKCV" render -t ../../x > up.log 2>&1; up=$?
set -e
expect_status 2 "$again" "template new refuses to overwrite"
contains "$(cat again.log)" "already exists" "and says why"
expect_status 2 "$escape" "template new refuses a path as a name"
[[ ! -e "$WORK/data/mkcv/escape" ]] && pass "nothing made outside the folder" || fail "escaped"
expect_status 0 "$dir" "template new --template-dir"
[[ -f dir/other/cv.tex.mustache ]] && pass "made in --template-dir" || fail "not in --template-dir"
expect_status 2 "$dots" "-t .. is not a name"
expect_status 2 "$up" "-t ../../x is a path that is no template"
finish
