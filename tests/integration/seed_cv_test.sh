# The seed cv.toml builds into both PDFs, and every fact in it reaches the long one.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
cd "$WORK"
"$MKCV" build cv.toml -o out > build.log 2>&1 || { cat build.log; fail "build"; finish; }
[[ -f out/cv-long.pdf && -f out/cv-short.pdf ]] && pass "both PDFs written" || fail "PDFs missing"
[[ -f out/cv-long.tex && -f out/cv-short.tex ]] && pass ".tex beside the PDFs" || fail ".tex missing"

long="$(pdf_text out/cv-long.pdf)"
short="$(pdf_text out/cv-short.pdf)"

# Every string value of cv.toml that is printed as written (URLs and kinds are shown in
# another form); author marks are set as superscripts after the name.
mapfile -t strings < <(toml_strings "$SRC/cv.toml" kind start end homepage github url links | as_typeset)
((${#strings[@]} > 80)) && pass "read ${#strings[@]} strings from cv.toml" || fail "too few strings"
for s in "${strings[@]}"; do contains "$long" "$s" "long has «$s»"; done
contains "$long" "rivendile.github.io" "long has the homepage"
contains "$long" "github.com/Rivendile" "long has the GitHub account"
contains "$long" "Aug. 2025 – Feb. 2026" "long has date ranges"
contains "$long" "Equal contribution" "legend for *"
contains "$long" "Best Paper Award" "award"
lacks "$long" "Training?." "no period after a title that ends with a question mark"

[[ "$(pdf_pages out/cv-short.pdf)" == 1 ]] && pass "short is one page" || fail "short is $(pdf_pages out/cv-short.pdf) pages"
mapfile -t selected < <(python3 -c '
import sys, tomllib
for p in tomllib.load(open(sys.argv[1], "rb"))["publications"]:
    print(("+" if p.get("selected") else "-") + p["title"])' "$SRC/cv.toml")
for entry in "${selected[@]}"; do
  title="${entry:1}"
  if [[ "$entry" == +* ]]; then contains "$short" "$title" "short has selected «$title»"
  else lacks "$short" "$title" "short omits unselected «$title»"; fi
done

# Metadata and fonts: the PDF says who and what it is, and embeds every font.
info="$(pdfinfo out/cv-long.pdf)"
contains "$info" "Yihao Zhao – Curriculum Vitae" "PDF title"
contains "$info" "Author:          Yihao Zhao" "PDF author"
if pdffonts out/cv-long.pdf | tail -n +3 | awk '{ if ($(NF-4) != "yes") bad=1 } END { exit bad }'; then
  pass "all fonts embedded"; else fail "a font is not embedded"; fi
# Its one CJK text, the name 赵怡浩, is set without xeCJK (docs/fonts.md): in Noto Serif CJK,
# as xeCJK would.
if grep -q 'usepackage{xeCJK}' out/cv-long.tex; then fail "an English CV with a CJK name loads xeCJK"
else pass "no xeCJK for one CJK name"; fi
contains "$long" "Yihao Zhao 赵怡浩" "the name in CJK, after the Latin one"
contains "$(pdffonts out/cv-long.pdf)" "NotoSerifCJK" "set in Noto Serif CJK"
# The same file in Chinese (docs/cv-format.md#several-languages): one more TeX build, of
# long in zh; the English PDFs keep their names and stay up to date.
"$MKCV" build cv.toml -o out -t long --lang en,zh > zh.log 2>&1 || { cat zh.log; fail "build --lang en,zh"; }
[[ -f out/cv-long.pdf && -f out/cv-long.zh.pdf && -f out/cv-long.zh.tex ]] \
  && pass "out/cv-long.zh.pdf beside out/cv-long.pdf" || fail "the Chinese PDF is missing"
contains "$(cat zh.log)" "long: up to date (out/cv-long.pdf)" "the English PDF is up to date"
zh="$(pdf_text out/cv-long.zh.pdf)"
# Every string as the zh build prints it: its zh text, or the en one where it has none.
mapfile -t zh_strings < <(TEXT_LANG=zh toml_strings "$SRC/cv.toml" kind start end homepage github url links | as_typeset)
for s in "${zh_strings[@]}"; do contains "$zh" "$s" "the Chinese CV has «$s»"; done
contains "$zh" "研究实习生" "the Chinese CV has the translated role"
lacks "$zh" "Research Intern" "the Chinese CV has no English role"
grep -q 'usepackage{xeCJK}' out/cv-long.zh.tex && pass "the Chinese CV loads xeCJK" ||
  fail "the Chinese CV without xeCJK"
# What has no Chinese text yet prints in English, each said with its line.
contains "$(cat zh.log)" "cv.toml:7:15: warning: no zh text for \`affiliation\`; the en text is printed" \
  "a fallback is a warning at its line"
contains "$zh" "Department of Computer Science" "the fallback's English text is printed"

for log in out/.mkcv/*/*.log; do
  if grep -q -E "Overfull|Missing character" "$log"; then fail "$log has overfull boxes or missing characters"
  else pass "$(basename "$log") clean"; fi
done
finish
