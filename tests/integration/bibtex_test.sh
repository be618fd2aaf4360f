# Publications from a .bib of 60 entries (and a broken one) reach the real PDF: every title
# once, the owner bold in every spelling, legends exactly when used, groups and counts
# right, the broken entry reported with its line; then `mkcv export bib` round-trips.
source "$(dirname "$0")/lib.sh"

DATA="$SRC/tests/data/bibtex"
cp "$DATA/cv.toml" "$DATA/publications.bib" "$WORK/"
cd "$WORK"

status=0; "$MKCV" build cv.toml -t long -o out > build.log 2>&1 || status=$?
expect_status 0 $status "builds with a broken entry in the .bib"
log="$(cat build.log)"
contains "$log" "publications.bib:323: warning: BibTeX entry \`broken2020\` is malformed" \
  "the broken entry is reported with its file and line"

if grep -q -E "Overfull|Missing character" out/.mkcv/cv-long/cv-long.log; then
  fail "the TeX log has overfull boxes or missing characters"
else pass "TeX log clean: every character from the .bib has a glyph, numbers fit"; fi

text="$(pdf_text out/cv-long.pdf)"
tex="$(cat out/cv-long.tex)"
# The publications part of the PDF, before the awards repeat a paper's title.
pubs="${text%%Honors and Awards*}"
lacks "$text" "This Entry Is Broken" "the broken entry does not print"

while IFS=$'\t' read -r key kind title; do
  # Spaces and case aside: CJK titles break lines anywhere, small capitals extract as capitals.
  count="$(python3 -c 'import sys; f = lambda s: "".join(s.split()).lower(); print(f(sys.argv[1]).count(f(sys.argv[2])))' "$pubs" "$title")"
  if [[ "$count" == 1 ]]; then pass "$key printed once"; else fail "$key «$title» printed $count times"; fi
done < "$DATA/titles.tsv"
contains "$pubs" "A Paper Only in cv.toml: 100% {Braces} & Co_2" "the cv.toml-only paper prints"

# Groups in order, counts, numbers counting down per kind.
contains "$pubs" "30 conference papers, 13 journal articles, 4 workshop papers, 8 preprints, 2 theses, 4 other publications." \
  "counts sentence"
order="$(python3 -c '
import sys
t = sys.argv[1]
heads = ["Conference Papers", "Journal Articles", "Workshop Papers", "Preprints", "Theses", "Other Publications"]
print(all(0 <= t.find(a) < t.find(b) for a, b in zip(heads, heads[1:])))' "$pubs")"
[[ "$order" == True ]] && pass "groups in the documented order" || fail "groups out of order"
for label in "[C30]" "[C1]" "[J13]" "[J1]" "[W4]" "[P8]" "[T2]" "[O4]" "[O1]"; do
  contains "$pubs" "$label" "number $label"
done
lacks "$pubs" "[C31]" "no number beyond the count"
# Newest first: the 2025 conference paper is C30, the 2016 one C1.
contains "$pubs" "[C30] " "newest conference paper numbered highest"

# Overrides: award after the paper and in Awards; a kind override moves the paper.
contains "$text" "Best Paper Award" "award from the override"
contains "$text" "Extended version in TOCS" "note from the override"
contains "$tex" "\\href{https://github.com/example/sched_er\\%20x}" "code link from the override, URL intact"
contains "$tex" "\\href{https://example.org/papers/paper00_final\\%20v0.pdf}" "URL with _ and % from BibTeX"

# The owner is bold in every spelling (\mkcvowner, mkcv-base's \textbf in long), and never
# printed in regular weight.
python3 - "$tex" > owner.txt <<'PY'
import re, sys
tex = sys.argv[1]
pubs = tex[tex.index("\\cvsection{Publications}"):tex.index("\\cvsection{Honors")]
for form in ["Yihao Zhao", "Y. Zhao", "赵怡浩"]:
    latex = "\\mkcvcjk{" + form + "}" if form == "赵怡浩" else form  # how the escaper writes it
    bold = pubs.count("\\mkcvowner{" + latex + "}")
    total = pubs.count(form)
    print(f"{form}\t{bold}\t{total}")
PY
while IFS=$'\t' read -r form bold total; do
  if ((bold > 0 && bold == total)); then pass "«$form» bold all $bold times"
  else fail "«$form» bold $bold of $total times"; fi
done < owner.txt
for form in "Zhao, Yihao" "Zhao, Y."; do lacks "$pubs" "$form" "no «$form» left in BibTeX order"; done
contains "$pubs" "Jan van der Berg" "von part kept in place"
contains "$pubs" "John Smith Jr." "Jr part after the last name"
contains "$pubs" "Jörg Müller" "LaTeX accents in names"
contains "$pubs" "Văn An Nguyễn" "UTF-8 names, BibTeX order undone"
lacks "$pubs" "et al.." "no double period after et al."

# Legends: the equal-contribution mark is used (override), the corresponding one is not.
contains "$pubs" "Equal contribution" "legend for * when used"
lacks "$pubs" "Corresponding author" "no legend for † when unused"
sed -e 's/^equal = \["Yihao Zhao"\]$/corresponding = ["Liu, Xuanzhe"]/' cv.toml > cv2.toml
status=0; "$MKCV" render cv2.toml -t long -o cv2.tex 2> render.log || status=$?
expect_status 0 $status "renders with a corresponding-author override"
legend="$(cat cv2.tex)"
contains "$legend" "Corresponding author" "legend for † when used"
lacks "$legend" "Equal contribution" "no legend for * when unused"

# Dangerous LaTeX is refused with a warning naming entry, file and line; it prints literally.
printf '@article{evil,\n  author = {A, B},\n  title = {Hi \\input{/etc/passwd}},\n  journal = {J}, year = 2020}\n' > evil.bib
printf 'bibliography = ["evil.bib"]\n[person]\nname = "A B"\n' > evil.toml
status=0; "$MKCV" render evil.toml -t long -o evil.tex 2> evil.log || status=$?
expect_status 0 $status "dangerous command: a warning, the text prints"
contains "$(cat evil.log)" "evil.bib:3: warning: entry \`evil\`, field \`title\`: \\input is not allowed" \
  "refusal names entry, file and line"
contains "$(cat evil.tex)" "Hi \\textbackslash{}input\\{/etc/passwd\\}" "the refused title is printed as text"

# Export: one .bib of every paper, readable again with the same groups and counts.
status=0; "$MKCV" export bib cv.toml -o all.bib 2> export.log || status=$?
expect_status 0 $status "export bib"
entries="$(grep -c '^@' all.bib)"
[[ "$entries" == 61 ]] && pass "61 entries exported" || fail "$entries entries exported"
printf 'bibliography = ["all.bib"]\n[person]\nname = "Yihao Zhao"\n' > again.toml
status=0; "$MKCV" context again.toml -t long > again.json 2> again.log || status=$?
expect_status 0 $status "the export reads back"
lacks "$(cat again.log)" "warning" "the export reads back without warnings"
contains "$(cat again.json)" '"counts_text": "30 conference papers, 13 journal articles, 4 workshop papers, 8 preprints, 2 theses, 4 other publications"' \
  "the export keeps every kind"
require_tool bibtex "texlive-binaries, which setup.sh's TeX packages bring"
{
  printf '\\documentclass{article}\\begin{document}\\nocite{*}\\bibliographystyle{plain}\\bibliography{all}\\end{document}\n' > b.tex
  printf '\\relax\n\\citation{*}\n\\bibstyle{plain}\n\\bibdata{all}\n' > b.aux
  status=0; bibtex b > bibtex.log 2>&1 || status=$?
  expect_status 0 $status "BibTeX itself reads the export"
  lacks "$(cat bibtex.log)" "error message" "BibTeX reports no errors"
}
finish
