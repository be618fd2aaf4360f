#!/usr/bin/env bash
# Where a build from empty goes, against the TeX floor of its fonts, in one run:
#   benchmarks/tex_breakdown.sh MKCV [RUNS] > table.md
# The floor is XeLaTeX with fontspec and Noto Serif, one pass to a PDF (as run.sh measures
# it). Then the same floor the way mkcv runs TeX (`xelatex -no-pdf`, then xdvipdfmx), the
# floor with its fonts found by file name instead of by name through fontconfig, and the seed
# CV's `long` .tex stopped (`\@@end`) after successive lines of its preamble, to its end, and
# through xdvipdfmx; last, `mkcv build -t long` itself from an empty folder. Each row is the
# median of RUNS (default 7) wall-clock times; the rows run interleaved, round by round, so a
# change of load touches all of them alike. Called by run.sh; usable alone.
set -euo pipefail

mkcv="$(realpath "$1")"
runs="${2:-7}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/mkcv-breakdown.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000
export MKCV_FORMAT_CACHE=off  # a build from empty, as before the machine's cache of formats
cd "$work"

tex=(-interaction=batchmode -halt-on-error -no-shell-escape)
printf '%s\n' '\documentclass{article}' '\usepackage{fontspec}' '\setmainfont{Noto Serif}' \
  '\begin{document}' 'Hello.' '\end{document}' > floor.tex
# The same four faces by file: XeTeX opens them through kpathsea's OSFONTDIR, which Debian
# points at /usr/share/fonts, with no fontconfig query by family name.
printf '%s\n' '\documentclass{article}' '\usepackage{fontspec}' \
  '\setmainfont{NotoSerif}[Extension=.ttf, UprightFont=*-Regular, BoldFont=*-Bold, ItalicFont=*-Italic, BoldItalicFont=*-BoldItalic]' \
  '\begin{document}' 'Hello.' '\end{document}' > byfile.tex
printf '%s\n' '\csname @@end\endcsname' > start.tex

cp "$root/cv.toml" cv.toml
"$mkcv" build -q -t long -o seed
cp seed/cv-long.tex long.tex
# cut NAME PATTERN: long.tex stopped right after the first line matching PATTERN.
cut_after() {
  # The pattern through the environment: awk -v would read its backslashes as escapes.
  PAT="$2" awk '{print} !done && index($0, ENVIRON["PAT"]) {print "\\csname @@end\\endcsname"; done=1}' \
    long.tex > "$1.tex"
  grep -q '@@end' "$1.tex" || { echo "tex_breakdown.sh: no line with $2 in long.tex" >&2; exit 1; }
}
cut_after upto-fontspec '\usepackage{fontspec}'
cut_after upto-xcolor '\usepackage{enumitem}'
cut_after upto-hyperref '{hyperref}'
cut_after upto-bookmark '\usepackage{bookmark}'
cut_after upto-marker '\csname endofdump\endcsname'
cut_after upto-mainfont '\setmainfont{'
cut_after upto-begin '\begin{document}'

rows=(
  "XeTeX starts and loads xelatex.fmt, nothing else|xelatex ${tex[*]} start.tex"
  "**floor**: fontspec and Noto Serif, \`xelatex\` to a PDF|xelatex ${tex[*]} floor.tex"
  "floor as mkcv runs it: \`xelatex -no-pdf\`, then \`xdvipdfmx\`|xelatex -no-pdf ${tex[*]} floor.tex && xdvipdfmx -q -E floor.xdv"
  "floor with the fonts found by file name, \`xelatex\` to a PDF|xelatex ${tex[*]} byfile.tex"
  "seed \`long\`: class, geometry and fontspec|xelatex -no-pdf ${tex[*]} upto-fontspec.tex"
  "… and xeCJK (when used), xcolor, enumitem|xelatex -no-pdf ${tex[*]} upto-xcolor.tex"
  "… and hyperref|xelatex -no-pdf ${tex[*]} upto-hyperref.tex"
  "… and bookmark|xelatex -no-pdf ${tex[*]} upto-bookmark.tex"
  "… to the precompiled preamble's marker (needspace …)|xelatex -no-pdf ${tex[*]} upto-marker.tex"
  "… and \`\\setmainfont\` (Noto Serif)|xelatex -no-pdf ${tex[*]} upto-mainfont.tex"
  "… to \`\\begin{document}\` (script definitions, metadata)|xelatex -no-pdf ${tex[*]} upto-begin.tex"
  "… to the end (the body, its pages), \`-no-pdf\`|xelatex -no-pdf ${tex[*]} long.tex"
  "… then \`xdvipdfmx\` alone|xdvipdfmx -q -E long.xdv"
  "\`mkcv render -t long\`: mkcv alone, the .tex to standard output|\"$mkcv\" render -t long"
  "\`mkcv build -t long\` from an empty folder, the whole build|rm -rf out && \"$mkcv\" build -q -t long"
)
declare -A times
xelatex -no-pdf "${tex[@]}" long.tex > /dev/null 2>&1 # long.xdv for the xdvipdfmx row, and warm caches
for _ in $(seq "$runs"); do
  for i in "${!rows[@]}"; do
    command="${rows[$i]#*|}"
    start=${EPOCHREALTIME/[.,]/}
    bash -c "$command" > /dev/null 2>&1 || { echo "tex_breakdown.sh: failed: $command" >&2; exit 1; }
    end=${EPOCHREALTIME/[.,]/}
    times[$i]+="$((end - start)) "
  done
done
median() { tr ' ' '\n' <<< "$1" | grep . | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]/1000}'; }
floor="$(median "${times[1]}")"
echo "| step | ms, median of $runs | / floor |"
echo "| --- | ---: | ---: |"
for i in "${!rows[@]}"; do
  ms="$(median "${times[$i]}")"
  LABEL="${rows[$i]%%|*}" awk -v ms="$ms" -v floor="$floor" \
    'BEGIN {printf "| %s | %d | %.2f |\n", ENVIRON["LABEL"], ms, ms / floor}'
done
