# Typography measured on the PDF's own word boxes (tests/tools/typography_check.py, on
# pdftotext -bbox-layout): no straight apostrophe or quote in a word, no sentence space after
# "Aug." or "Prof.", no ragged line set justified, no CJK letter-spaced, no heading without two
# lines below it on its page, the equal-contribution legend on the page of the first marked
# author (or under a heading), no contact's label split from its value, and in Chinese no ASCII comma after a CJK character. For the
# seed cv.toml in all eight TeX themes, in English and in Chinese, for generated CVs of 9 and
# 40 papers (benchmarks/generate_cv.py) likewise, and of 14 and 19 papers in long, banking
# and sidebar: one mkcv process per CV and language builds its themes side by side. The seed CV's English PDFs are the shared
# build of fixtures/seed_themes.sh.
source "$(dirname "$0")/lib.sh"
require_tool pdftotext
require_tool xelatex
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000 NO_COLOR=1
check="$SRC/tests/tools/typography_check.py"
locales="$SRC/builtin_templates/locales"
themes=(long short classic modern banking sidebar awesome ats)
generated_themes=(long banking sidebar)

# build LABEL ARGS...: one mkcv build; its log on failure.
build() {
  local label="$1"; shift
  if "$MKCV" build "$@" -o out --builtin-templates-only > "$label.log" 2>&1; then
    pass "$label builds"
  else
    cat "$label.log" >&2; fail "$label builds"
  fi
}
# typeset PDF LOCALE_ARGS...: typography_check.py passes on PDF.
typeset() {
  local pdf="$1" faults; shift
  if [[ ! -f "$pdf" ]]; then fail "$pdf was not built"; return; fi
  if faults="$(python3 "$check" "$pdf" "$@" 2>&1)"; then
    pass "$pdf: typography"
  else
    printf '%s\n' "$faults" | head -20 >&2
    fail "$pdf: $(wc -l <<< "$faults") typography faults"
  fi
}

cp "$SRC/cv.toml" cv.toml
theme_args=(); for t in "${themes[@]}"; do theme_args+=(-t "$t"); done
# The English build is shared (fixtures/seed_themes.sh); the Chinese one is this test's own.
seed="$(fixture seed_themes)"
build "the seed CV in Chinese" cv.toml "${theme_args[@]}" --lang zh
generated_args=(); for t in "${generated_themes[@]}"; do generated_args+=(-t "$t"); done
# A short list and a long one (issue 39's 9 and 40 papers) in every theme and both
# languages; 14 and 19 papers, where page breaks fell badly once, in three.
for n in 9 40; do
  python3 "$SRC/benchmarks/generate_cv.py" "$n" "papers$n.toml" --seed-cv "$SRC/cv.toml"
  build "a CV of $n papers" "papers$n.toml" "${theme_args[@]}"
  build "a CV of $n papers in Chinese" "papers$n.toml" "${theme_args[@]}" --lang zh
done
for n in 14 19; do
  python3 "$SRC/benchmarks/generate_cv.py" "$n" "papers$n.toml" --seed-cv "$SRC/cv.toml"
  build "a CV of $n papers" "papers$n.toml" "${generated_args[@]}"
done

for t in "${themes[@]}"; do
  typeset "$seed/out/cv-$t.pdf" --locale "$locales/en.toml"
  typeset "out/cv-$t.zh.pdf" --locale "$locales/zh.toml" --locale "$locales/en.toml" --cjk
done
for n in 9 40; do
  for t in "${themes[@]}"; do
    typeset "out/papers$n-$t.pdf" --locale "$locales/en.toml"
    typeset "out/papers$n-$t.zh.pdf" --locale "$locales/zh.toml" --locale "$locales/en.toml" --cjk
  done
done
for n in 14 19; do
  for t in "${generated_themes[@]}"; do
    typeset "out/papers$n-$t.pdf" --locale "$locales/en.toml"
  done
done

# The check itself finds each fault it looks for: TeX files with all of them.
cat > faults.tex <<'TEX'
\documentclass{article}
\usepackage{fontspec}
\setmainfont{Noto Serif}[Ligatures=TeXOff]
\begin{document}
\raggedright
Bachelor's degree, met Prof. Xin Jin in Aug. 2025 and a few more words here.\par
{\rightskip=0pt\parfillskip=0pt Bachelor of Science degree, Peking University, Turing Class\par}
Yihao Zhao\textsuperscript{*}, Xin Jin\par
{\rightskip=0pt \noindent yihao@example.org \textperiodcentered{} rivendile.github.io
\textperiodcentered{} github.com/Rivendile \textperiodcentered{} ORCID:\linebreak
0000-0002-1825-0097 \textperiodcentered{} yihao@mathstodon.xyz \textperiodcentered{} in/yihao-zhao \textperiodcentered{} Google\linebreak
Scholar: Yihao Zhao\par}
\vspace*{\fill}
Education\par
\newpage
\textsuperscript{*}Equal contribution.\par
\vspace*{\fill}
Publications\par
6 conference papers, 5 journal articles.\par
\newpage
The last page.\par
\end{document}
TEX
cat > cjk.tex <<'TEX'
\documentclass{article}
\usepackage{xeCJK}
\setCJKmainfont{Noto Serif CJK SC}
\begin{document}
\noindent\makebox[0.3\linewidth][s]{学士学位, 北京大学}\par
\end{document}
TEX
for fixture in faults cjk; do
  xelatex -interaction=batchmode "$fixture.tex" > /dev/null 2>&1 || fail "$fixture.tex builds"
done
if [[ -f faults.pdf && -f cjk.pdf ]]; then
  faults="$(python3 "$check" faults.pdf --locale "$locales/en.toml" 2>&1)" && status=0 || status=$?
  expect_status 1 "$status" "the check fails on a PDF with every fault"
  for kind in apostrophe abbreviation stretched heading legend label; do
    contains "$faults" ": $kind:" "the check finds the $kind fault"
  done
  contains "$faults" "«Publications» has 0 lines below it" "a heading over its count alone at the page foot is stranded"
  faults="$(python3 "$check" cjk.pdf --locale "$locales/zh.toml" --cjk 2>&1)" || true
  for kind in cjk-comma letterspaced; do
    contains "$faults" ": $kind:" "the check finds the $kind fault"
  done
fi
finish
