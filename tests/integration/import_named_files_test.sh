# `mkcv import` brings what the source names (issue 40): a bamos-style cv.yaml with its
# papers in all.bib and a photo beside it imports with `bibliography` and `photo`, and one
# build (the default PDF, and the homepage) prints the papers, with the owner found by name,
# and every section under the title its `order` gives it. A source naming
# files out of its folder (`..`, a symbolic link, an absolute path) imports none of them.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")" SRC="$(realpath "$SRC")"

cd "$WORK"
cp -r "$SRC/tests/data/import-files" files
cd files/bamos
status=0
"$MKCV" import cv.yaml > /dev/null 2> import.log || status=$?
expect_status 0 "$status" "the bamos-style source imports"
contains "$(cat cv.toml)" 'bibliography = ["all.bib"]' "all.bib becomes bibliography"
contains "$(cat cv.toml)" 'photo = "varga.png"' "the photo comes along"
contains "$(cat import.log)" '(2 papers)' "the summary counts the papers"

require_tool xelatex "setup.sh installs TeX Live"
"$MKCV" build -o out > build.log 2>&1 && pass "it builds" || fail "it builds: $(tail -5 build.log)"
env PATH=/nonexistent "$MKCV" build -t homepage -o html > html.log 2>&1 &&
  pass "the homepage builds" || fail "the homepage builds: $(tail -5 html.log)"
pdf="$(ls out/*.pdf 2> /dev/null | head -1)"
page="$(ls html/*.html 2> /dev/null | head -1)"
if [[ -n "$pdf" && -n "$page" ]]; then
  text="$(squashed "$(pdf_text "$pdf")")"
  html="$(squashed "$(html_text "$page")")"
  for value in "Ilse Varga" "Tropical Curves Counted by Quivers" \
    "Lattice Walks in Wedge-Shaped Regions" "Journal of Combinatorial Theory" \
    "Eötvös Loránd University" "Combinatorialist working on lattice walks." \
    "Visiting Researcher" "Rényi Institute" "Counted quiver representations." \
    "Referee for the Journal of Combinatorial Theory" "Enumerative Combinatorics" \
    "About" "Academic Training" "Research Experience" "Refereed Papers" \
    "Professional Activities" "Graduate Coursework (selected)"; do
    contains "$text" "$(squashed "$value")" "the PDF has «$value»"
    contains "$html" "$(squashed "$value")" "the homepage has «$value»"
  done
else
  fail "no PDF in out/ or homepage in html/"
fi

cd "$WORK/files/escape"
status=0
"$MKCV" import cv.yaml > /dev/null 2> import.log || status=$?
expect_status 0 "$status" "the escaping source imports"
lacks "$(cat cv.toml)" 'bibliography' "no file out of the folder becomes bibliography"
lacks "$(cat cv.toml)" 'outside.png' "no photo out of the folder"
for name in ../outside.bib link.bib /etc/passwd.bib ../outside.png; do
  contains "$(cat import.log)" "\"$name\"" "a warning names $name"
done
finish
