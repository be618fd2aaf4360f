# One TeX pass from an empty build folder: each built-in template is compiled once, by XeLaTeX
# run without latexmk, and neither latexmk nor a second XeLaTeX pass would change a byte of
# the PDF. A template that reads what a pass writes for the next (a label, the page count)
# still gets its second pass, and one that reads other files back (a table of contents) is
# left to latexmk.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

"$MKCV" build -t long -t short -t modern > build.log 2>&1 || { cat build.log; fail "build"; finish; }
for t in long short modern; do
  grep -Eq "^$t: xelatex 1 pass " build.log && pass "$t: one direct pass from an empty folder" ||
    fail "$t: $(grep "^$t: " build.log)"
  # The pass latexmk skipped, by hand, with the same options and environment.
  (cd "out/.mkcv/cv-$t" &&
    FORCE_SOURCE_DATE=1 xelatex -no-pdf -interaction=nonstopmode -halt-on-error \
      -no-shell-escape "cv-$t.tex" > second.log 2>&1 &&
    FORCE_SOURCE_DATE=1 xdvipdfmx -E -o "cv-$t.pdf" "cv-$t.xdv" >> second.log 2>&1) ||
    fail "$t: second pass by hand"
  cmp -s "out/.mkcv/cv-$t/cv-$t.pdf" "out/cv-$t.pdf" &&
    pass "$t: a second pass gives the same bytes" || fail "$t: a second pass changes the PDF"
  # latexmk itself, as mkcv ran it before, from an empty folder.
  rm -rf "by-latexmk-$t" && mkdir "by-latexmk-$t" && cp "out/cv-$t.tex" "by-latexmk-$t/"
  (cd "by-latexmk-$t" && FORCE_SOURCE_DATE=1 openin_any=p openout_any=p shell_escape=f \
    latexmk -pdfxe -norc -g -interaction=nonstopmode -halt-on-error -file-line-error \
      -latexoption=-no-shell-escape "cv-$t.tex" > latexmk.log 2>&1) || fail "$t: latexmk by hand"
  cmp -s "by-latexmk-$t/cv-$t.pdf" "out/cv-$t.pdf" &&
    pass "$t: latexmk makes the same bytes" || fail "$t: latexmk's PDF differs"
done
[[ ! -e out/.mkcv/cv-long/cv-long.out ]] && pass "no .out file: bookmark writes outlines at once" ||
  fail "hyperref's .out file is back"

# Edits that keep the .tex's size, in quick succession: each PDF shows its edit, in one pass
# (latexmk's own change check sees file times to the second only).
for i in 1 2 3; do
  sed -i "s/^position = .*/position = \"Candidate $i\"/" cv.toml
  "$MKCV" build -t long > "edit$i.log" 2>&1 || fail "edit $i"
  contains "$(pdf_text out/cv-long.pdf)" "Candidate $i" "quick edit $i is in the PDF"
  grep -Eq '^long: xelatex 1 pass ' "edit$i.log" && pass "quick edit $i: one pass" ||
    fail "quick edit $i: $(grep '^long: ' "edit$i.log")"
done

# A template that prints the page total and refers to a label: two passes, right numbers.
mkdir -p templates
cp -r "$SRC/builtin_templates/long" templates/totals
sed -i 's/^name = .*/name = "totals"/' templates/totals/template.toml
sed -i 's/^\\begin{document}$/&\nPages: \\PreviousTotalPages. Education is on page \\pageref{education}.\n/' \
  templates/totals/cv.tex.mustache
# The label goes on the first section the seed prints (research interests; the summary's
# heading comes first in the template, but the seed has no summary).
sed -i '/<<#is.research_interests>>/,/^\\cvsection/s/^\\cvsection{<<title>>}$/&\\label{education}/' \
  templates/totals/cv.tex.mustache
"$MKCV" build -t ./templates/totals > totals.log 2>&1 || { cat totals.log; fail "totals build"; }
grep -Eq '^totals: xelatex 2 passes ' totals.log && pass "labels and page totals: two passes" ||
  fail "totals: $(grep '^totals: ' totals.log)"
contains "$(pdf_text out/cv-totals.pdf)" "Pages: 2. Education is on page 1." \
  "the second pass printed the page total and the reference"
# The label moves to page 2 (the text before it grows by a page): a rebuild from the last
# build's .aux, which says page 1, must pass again to print 2.
sed -i 's/^Pages: .*$/&\n\\null\\newpage/' templates/totals/cv.tex.mustache
"$MKCV" build -t ./templates/totals > moved.log 2>&1 || { cat moved.log; fail "moved build"; }
grep -Eq '^totals: xelatex 2 passes ' moved.log && pass "a moved label: two passes again" ||
  fail "moved: $(grep '^totals: ' moved.log)"
contains "$(pdf_text out/cv-totals.pdf)" "Pages: 3. Education is on page 2." \
  "the rebuild printed the new page total and reference"

# A table of contents: read back from a file other than the .aux, so latexmk takes over
# after the first pass, and the second prints the entries.
cp -r "$SRC/builtin_templates/long" templates/contents
sed -i 's/^name = .*/name = "contents"/' templates/contents/template.toml
sed -i 's/^\\begin{document}$/&\n\\tableofcontents\n/' templates/contents/cv.tex.mustache
sed -i '/<<#is.research_interests>>/,/^\\cvsection/s/^\\cvsection{<<title>>}$/&\\addcontentsline{toc}{section}{Listed <<title>>}/' \
  templates/contents/cv.tex.mustache
"$MKCV" build -t ./templates/contents > contents.log 2>&1 || { cat contents.log; fail "contents build"; }
grep -Eq '^contents: latexmk 2 passes ' contents.log && pass "a table of contents: latexmk goes on" ||
  fail "contents: $(grep '^contents: ' contents.log)"
contains "$(pdf_text out/cv-contents.pdf)" "Listed Research Interests" "the contents are printed"

finish
