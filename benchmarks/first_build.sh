#!/usr/bin/env bash
# The first build in a new folder (issue 42), in one run, the rows interleaved round by round
# so a change of load touches all alike:
#   benchmarks/first_build.sh MKCV [RUNS] > table.md
# A 10-paper CV (generate_cv.py 10), `mkcv build -t long` in a new folder: with a warm
# machine cache of precompiled preambles (src/tex/format_cache.h); with a cold one (an empty
# cache: TeX from nothing, the format left to a detached maker, which each round lets finish
# before the next timed build); after an edit, with the folder's own format; pandoc 2.17 to a
# PDF through pdfLaTeX (benchmarks/pandoc-cv.latex, the same CV); and the TeX floor
# (XeLaTeX, fontspec and Noto Serif, one pass to a PDF). Medians of RUNS (default 7).
set -euo pipefail
mkcv="$(realpath "$1")"
runs="${2:-7}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/mkcv-first-build.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000
cd "$work"
python3 "$root/benchmarks/generate_cv.py" 10 cv.toml --json cv.json --seed-cv "$root/cv.toml" > /dev/null
python3 - cv.json pandoc.json <<'PY'
import json, sys
def latin(v):
    if isinstance(v, dict):
        return latin(v["en"]) if "en" in v else {k: latin(x) for k, x in v.items()}
    if isinstance(v, list):
        return [latin(x) for x in v]
    return v.replace("赵怡浩", "Zhao Yihao") if isinstance(v, str) else v
json.dump(latin(json.load(open(sys.argv[1]))), open(sys.argv[2], "w"), ensure_ascii=False)
PY
printf '%s\n' '\documentclass{article}' '\usepackage{fontspec}' '\setmainfont{Noto Serif}' \
  '\begin{document}' 'Hello.' '\end{document}' > floor.tex

# Wait for every detached format maker of folder $1 (and so for none beside a timed build).
makers_done() {
  local request deadline=$((SECONDS + 120))
  for request in "$1"/out/.mkcv/*.format-request; do
    [[ -e "$request" ]] || continue
    until [[ ! -s "$request" ]] && flock -n "$request" true; do
      ((SECONDS < deadline)) || { echo "first_build.sh: a format maker did not finish" >&2; return 1; }
      sleep 0.05
    done
  done
}
# The warm cache: made once, by a first build and its maker.
mkdir -p warm-cache seed && cp cv.toml seed/
(cd seed && MKCV_FORMAT_CACHE="$work/warm-cache/formats" "$mkcv" build -q -t long && makers_done .)
# The edit's folder: its own format (the cache off, as before issue 42).
mkdir -p edit && cp cv.toml edit/
(cd edit && export MKCV_FORMAT_CACHE=off && "$mkcv" build -q -t long &&
  sed -i 's/^position = .*/position = "Candidate 0"/' cv.toml && "$mkcv" build -q -t long && makers_done .)

declare -A times
time_ms() {  # time_ms ROW COMMAND...: one wall-clock time of COMMAND, in ms, kept under ROW
  local row=$1; shift
  local start=${EPOCHREALTIME/[.,]/}
  "$@" > /dev/null 2>&1 || { echo "first_build.sh: $row failed" >&2; exit 1; }
  local end=${EPOCHREALTIME/[.,]/}
  times[$row]+="$((end - start)) "
}
for round in $(seq "$runs"); do
  rm -rf new && mkdir new && cp cv.toml new/
  time_ms warm bash -c "cd new && MKCV_FORMAT_CACHE='$work/warm-cache/formats' '$mkcv' build -t long"
  rm -rf new cold-cache && mkdir new && cp cv.toml new/
  time_ms cold bash -c "cd new && MKCV_FORMAT_CACHE='$work/cold-cache/formats' '$mkcv' build -t long"
  makers_done new
  sed -i "s/^position = .*/position = \"Candidate $round\"/" edit/cv.toml
  time_ms edit bash -c "cd edit && MKCV_FORMAT_CACHE=off '$mkcv' build -t long"
  time_ms pandoc pandoc -f markdown --template "$root/benchmarks/pandoc-cv.latex" \
    --pdf-engine=pdflatex --metadata-file pandoc.json /dev/null -o pandoc.pdf
  time_ms floor xelatex -interaction=batchmode -halt-on-error floor.tex
done
median() { printf '%s\n' ${times[$1]} | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]/1000}'; }
pandoc_ms="$(median pandoc)"
echo "| 10-paper CV, \`-t long\` | ms | / pandoc |"
echo "| --- | ---: | ---: |"
row() { awk -v l="$1" -v m="$(median "$2")" -v p="$pandoc_ms" 'BEGIN {printf "| %s | %d | %.2f |\n", l, m, m/p}'; }
row "first build in a new folder, warm machine cache" warm
row "first build in a new folder, cold machine cache" cold
row "a build after an edit (the folder's own format)" edit
row "pandoc + pdfLaTeX, whole PDF" pandoc
row "floor: XeLaTeX, fontspec and Noto Serif, to a PDF" floor
