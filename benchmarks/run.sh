#!/usr/bin/env bash
# The benchmark, in one command: benchmarks/run.sh [BUILD_DIR] > report.md
# Builds mkcv and mkcv_bench in BUILD_DIR (default: build), installs pandoc for itself if it is
# missing (for the comparison only; mkcv does not need it), generates CVs with 10, 100, 1,000
# and 5,000 publications and prints a Markdown report: mkcv's load + validate + render time and
# peak memory beside toml++'s parse time of the same file, mkcv beside pandoc rendering the
# same CV through a LaTeX template and to a whole PDF, the TeX floors, a no-op build, and a
# full build of each template, and where a build from empty goes against the floor (tex_breakdown.sh).
#   MKCV_BENCH_SIZES="10 100"   other sizes (e.g. a quick smoke run)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$root/build}"
# Absolute: the timings run in a work folder of their own (`run.sh build` failed there).
mkdir -p "$build"
build="$(cd "$build" && pwd)"
sizes=(${MKCV_BENCH_SIZES:-10 100 1000 5000})
[[ -f "$build/CMakeCache.txt" ]] || cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >&2
cmake --build "$build" --target mkcv mkcv_bench -j "$(nproc)" >&2
mkcv="$build/mkcv"
bench="$build/benchmarks/mkcv_bench"

if ! command -v pandoc > /dev/null; then
  echo "run.sh: installing pandoc for the comparison" >&2
  sudo=(); ((EUID == 0)) || sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends pandoc >&2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/mkcv-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export SOURCE_DATE_EPOCH=1700000000  # no git in the timings
# Builds from an empty folder mean cold here; first_build.sh times the machine's cache of
# formats (src/tex/format_cache.h) on purpose, in folders of its own.
export MKCV_FORMAT_CACHE=off

# median_ms RUNS COMMAND...: median wall time of a whole process, in milliseconds
median_ms() {
  local runs=$1; shift
  median_ms_after "$runs" true -- "$@"
}
# median_ms_after RUNS SETUP... -- COMMAND...: as median_ms, with SETUP run untimed before each
median_ms_after() {
  local runs=$1; shift
  local setup=()
  while [[ $1 != -- ]]; do setup+=("$1"); shift; done
  shift
  local times=()
  for _ in $(seq "$runs"); do
    "${setup[@]}" > /dev/null 2>&1
    local start=${EPOCHREALTIME/[.,]/}
    "$@" > /dev/null 2>&1
    local end=${EPOCHREALTIME/[.,]/}
    times+=($((end - start)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}'
}
field() { tr ' ' '\n' <<< "$1" | awk -F= -v k="$2" '$1 == k {print $2}'; }

cpu="$(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo)"
echo "Machine: $cpu, $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GB", $2/1048576}' /proc/meminfo);"\
  "$(. /etc/os-release && echo "$PRETTY_NAME"); $(g++ --version | head -1); $(pandoc --version | head -1)."
echo "Date: $(date -u '+%Y-%m-%d %H:%M UTC'). mkcv $("$mkcv" --version | head -1 | awk '{print $2}'), $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')."
echo
echo "### Load + validate + render, in process, median"
echo
echo "Both templates render side by side (as \`mkcv build\` does); the last columns are \`long\` alone."
echo
echo "| publications | cv.toml | toml++ parse | mkcv load+validate | mkcv render (long+short) | mkcv total | total / parse | peak memory | total, long alone | / parse |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for n in "${sizes[@]}"; do
  python3 "$root/benchmarks/generate_cv.py" "$n" "$work/cv-$n.toml" --json "$work/cv-$n.json"
  repeats=$(( n >= 1000 ? 5 : 20 ))
  toml="$("$bench" toml "$work/cv-$n.toml" "$repeats")"
  own="$("$bench" mkcv "$work/cv-$n.toml" "$repeats")"
  long="$("$bench" mkcv "$work/cv-$n.toml" "$repeats" long)"
  parse_ms="$(field "$toml" toml_ms)"; total_ms="$(field "$own" total_ms)"
  awk -v n="$n" -v b="$(field "$own" bytes)" -v p="$parse_ms" -v l="$(field "$own" load_validate_ms)" \
      -v r="$(field "$own" render_ms)" -v t="$total_ms" -v m="$(field "$own" peak_kb)" \
      -v lt="$(field "$long" total_ms)" \
      'BEGIN {printf "| %d | %.0f KB | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.1f× | %.1f MB | %.2f ms | %.1f× |\n",
              n, b/1024, p, l, r, t, t/p, m/1024, lt, lt/p}'
done
echo
echo "### Each output format, render only, in process, median"
echo
echo "Load and validate are the same for every format; this is the render of one template alone."
echo
echo "| publications | long (LaTeX) | homepage (HTML) | markdown | jsonresume (JSON) | HTML / LaTeX |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
for n in "${sizes[@]}"; do
  repeats=$(( n >= 1000 ? 5 : 20 ))
  row=()
  for t in long homepage markdown jsonresume; do
    row+=("$(field "$("$bench" mkcv "$work/cv-$n.toml" "$repeats" "$t")" render_ms)")
  done
  awk -v n="$n" -v l="${row[0]}" -v h="${row[1]}" -v m="${row[2]}" -v j="${row[3]}" \
      'BEGIN {printf "| %d | %.2f ms | %.2f ms | %.2f ms | %.2f ms | %.2f |\n", n, l, h, m, j, h/l}'
done
echo
echo "### Whole process, LaTeX to standard output: \`mkcv render -t long\` beside pandoc with a LaTeX template, median of 3"
echo
echo "| publications | mkcv render -t long | pandoc | pandoc / mkcv |"
echo "| ---: | ---: | ---: | ---: |"
for n in "${sizes[@]}"; do
  m="$(median_ms 3 "$mkcv" render "$work/cv-$n.toml" -t long)"
  p="$(median_ms 3 pandoc -f markdown -t latex --template "$root/benchmarks/pandoc-cv.latex" \
        --metadata-file "$work/cv-$n.json" /dev/null)"
  awk -v n="$n" -v m="$m" -v p="$p" 'BEGIN {printf "| %d | %.1f ms | %.1f ms | %.0f× |\n", n, m, p, p/m}'
done
echo
# Issue 16: the whole PDF, side by side in the same run. pandoc renders the same CV through
# its LaTeX template and runs pdfLaTeX (as often as it needs) to a PDF; mkcv builds `long`
# from an empty output folder (one XeLaTeX pass, xdvipdfmx). Peak memory is the largest
# resident set of the process and its children (GNU time's %M).
echo "### The whole PDF: \`mkcv build -t long\` beside pandoc to PDF, from nothing, median of 3"
echo
echo "| publications | mkcv, whole PDF | peak memory | pandoc + pdfLaTeX, whole PDF | peak memory | mkcv / pandoc |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: |"
peak_mib() { /usr/bin/time -f %M "$@" 2>&1 > /dev/null | tail -1 | awk '{printf "%.0f MiB", $1/1024}'; }
mkdir -p "$work/pdf"
# pdfLaTeX has no CJK: pandoc gets each CV with its one CJK name written in Latin letters,
# and each table of language → text as its English text (mkcv gets the CV as it is).
for n in "${sizes[@]}"; do
  python3 - "$work/cv-$n.json" "$work/pdf/cv-$n.json" <<'PY'
import json, sys
def latin(v):
    if isinstance(v, dict):
        return latin(v["en"]) if "en" in v else {k: latin(x) for k, x in v.items()}
    if isinstance(v, list):
        return [latin(x) for x in v]
    return v.replace("赵怡浩", "Zhao Yihao") if isinstance(v, str) else v
json.dump(latin(json.load(open(sys.argv[1]))), open(sys.argv[2], "w"), ensure_ascii=False)
PY
done
for n in "${sizes[@]}"; do
  mkcv_pdf() { rm -rf "$work/pdf/out"; "$mkcv" build "$work/cv-$n.toml" -t long -o "$work/pdf/out"; }
  pandoc_pdf() {
    pandoc -f markdown --template "$root/benchmarks/pandoc-cv.latex" --pdf-engine=pdflatex \
      --metadata-file "$work/pdf/cv-$n.json" /dev/null -o "$work/pdf/pandoc.pdf"
  }
  m="$(median_ms 3 mkcv_pdf)"
  p="$(median_ms 3 pandoc_pdf)"
  # A failed run would be timed as a fast one: both must have made their PDF.
  [[ -s "$work/pdf/out/cv-$n-long.pdf" && -s "$work/pdf/pandoc.pdf" ]] ||
    { echo "run.sh: a whole-PDF build of $n publications failed" >&2; exit 1; }
  rm -f "$work/pdf/pandoc.pdf"
  rm -rf "$work/pdf/out"
  mm="$(peak_mib "$mkcv" build "$work/cv-$n.toml" -t long -o "$work/pdf/out")"
  pm="$(peak_mib pandoc -f markdown --template "$root/benchmarks/pandoc-cv.latex" \
    --pdf-engine=pdflatex --metadata-file "$work/pdf/cv-$n.json" /dev/null -o "$work/pdf/pandoc.pdf")"
  awk -v n="$n" -v m="$m" -v p="$p" -v mm="$mm" -v pm="$pm" \
    'BEGIN {printf "| %d | %.0f ms | %s | %.0f ms | %s | %.2f |\n", n, m, mm, p, pm, m/p}'
done
echo
# Issue 36: what others control must cost time linear in its size. A Semantic Scholar answer
# of 1 and 5 MB through `mkcv sync --offline --dry-run` (parse, merge, the list written in
# memory and read back), and cv.toml with 2,500 and 10,000 declared sections through
# `mkcv validate` (the context of every section is built). Twice the input should cost
# about twice the time, never four times.
echo "### Input that others control: a large sync answer, many sections, median of 3"
echo
echo "| input | size | time | peak memory |"
echo "| --- | ---: | ---: | ---: |"
mkdir -p "$work/linear"
python3 - "$work/linear" <<'PY'
import json, os, sys
out = sys.argv[1]
for mb in (1, 5):
    papers, size, i = [], 0, 0
    while size < mb * 1000 * 1000:
        paper = {"paperId": "%040x" % i, "externalIds": {"DOI": "10.5555/big.%d" % i},
                 "title": "A Study of Large Answers Number %d" % i, "venue": "Journal of Tests",
                 "year": 2000 + i % 25, "publicationTypes": ["JournalArticle"],
                 "authors": [{"authorId": "1723755", "name": "Jane Doe"}] +
                            [{"authorId": str(9000 + a), "name": "Coauthor %d" % a} for a in range(8)]}
        papers.append(paper)
        size += len(json.dumps(paper))
        i += 1
    json.dump({"offset": 0, "data": papers}, open(os.path.join(out, "answer-%dmb.json" % mb), "w"))
# 5,000 works under one title by one author (a hostile or broken answer): near-duplicates
# are looked for by title, author and year, never every work against every other.
me = {"authorId": "1723755", "name": "Jane Doe"}
json.dump({"offset": 0, "data": [
    {"paperId": "%040x" % i, "title": "The Same Title For Every Work", "year": 2000 + i % 20,
     "publicationTypes": ["JournalArticle"], "externalIds": {"DOI": "10.5555/s.%d" % i},
     "authors": [me]} for i in range(5000)]}, open(os.path.join(out, "answer-one-title.json"), "w"))
# 1 MB of small objects 60 levels deep: the shape whose cost was the square of its size
# while a parser callback bounded the depth (issue 36).
inner = '{"a":' * 60 + "[" + ",".join(['{"x":1}'] * 120000) + "]" + "}" * 60
open(os.path.join(out, "answer-nested.json"), "w").write('{"offset":0,"data":[],"junk":' + inner + "}")
for n in (2500, 10000):
    with open(os.path.join(out, "sections-%d.toml" % n), "w") as f:
        f.write('[person]\nname = "Jane Doe"\n')
        for k in range(n):
            f.write('[section.s%d]\nkind = "experience"\nheading = "Section %d"\n' % (k, k))
        for k in range(n):
            f.write('[[s%d]]\nrole = "Role %d"\norganization = "Org"\nstart = "2020"\n' % (k, k))
PY
printf '[person]\nname = "Jane Doe"\n[sync]\nsemantic_scholar = "1723755"\n' > "$work/linear/cv.toml"
for mb in 1 5 nested one-title; do
  answer="$work/linear/answer-${mb}mb.json"
  [[ "$mb" == nested || "$mb" == one-title ]] && answer="$work/linear/answer-$mb.json"
  sync_answer() { (cd "$work/linear" && "$mkcv" sync --dry-run --offline "$answer"); }
  echo "| Semantic Scholar answer, \`mkcv sync --offline --dry-run\` | $(du -k "$answer" | cut -f1) KB |" \
    "$(median_ms 3 sync_answer) ms | $(peak_mib "$mkcv" sync "$work/linear/cv.toml" --dry-run --offline "$answer") |"
done
for n in 2500 10000; do
  toml="$work/linear/sections-$n.toml"
  echo "| $n declared sections, \`mkcv validate\` | $(du -k "$toml" | cut -f1) KB |" \
    "$(median_ms 3 "$mkcv" validate "$toml") ms | $(peak_mib "$mkcv" validate "$toml") |"
done
echo
# The floors: what TeX costs before any CV. A minimal document in each engine, then XeLaTeX
# with the fonts mkcv's templates load (fontspec and Noto Serif; then xeCJK and Noto Serif
# CJK SC too), each one pass to a PDF.
echo "### Floors: minimal documents, one pass to a PDF, median of 5"
echo
mkdir -p "$work/floor"
cd "$work/floor"
printf '%s\n' '\documentclass{article}' '\begin{document}' 'Hello.' '\end{document}' > minimal.tex
printf '%s\n' '\documentclass{article}' '\usepackage{fontspec}' '\setmainfont{Noto Serif}' \
  '\begin{document}' 'Hello.' '\end{document}' > fonts.tex
printf '%s\n' '\documentclass{article}' '\usepackage{fontspec}' '\usepackage{xeCJK}' \
  '\setmainfont{Noto Serif}' '\setCJKmainfont{Noto Serif CJK SC}' '\begin{document}' \
  'Hello. 你好。' '\end{document}' > cjk.tex
tex_ms() { median_ms 5 "$1" -interaction=batchmode -halt-on-error "$2"; }
echo "| document | time |"
echo "| --- | ---: |"
echo "| pdfLaTeX, minimal | $(tex_ms pdflatex minimal.tex) ms |"
echo "| XeLaTeX, minimal | $(tex_ms xelatex minimal.tex) ms |"
echo "| XeLaTeX, fontspec and Noto Serif | $(tex_ms xelatex fonts.tex) ms |"
echo "| XeLaTeX, fontspec, Noto Serif, xeCJK and Noto Serif CJK SC | $(tex_ms xelatex cjk.tex) ms |"
echo
# Issue 30: where a build from empty goes against the floor of its fonts, in one run.
echo "### A build from empty against the TeX floor (benchmarks/tex_breakdown.sh)"
echo
"$root/benchmarks/tex_breakdown.sh" "$mkcv" 7
echo
# Issue 42: the first build in a new folder, with the machine's cache of formats warm and cold.
echo "### The first build in a new folder (benchmarks/first_build.sh), median of 7"
echo
"$root/benchmarks/first_build.sh" "$mkcv" 7
echo
echo "### Builds of the seed cv.toml (TeX included), median"
echo
mkdir -p "$work/seed"
cp "$root/cv.toml" "$work/seed/cv.toml"
cd "$work/seed"
"$mkcv" build -q
echo "| build | time |"
echo "| --- | ---: |"
echo "| no-op \`mkcv build\` (both templates up to date), 10 runs | $(median_ms 10 "$mkcv" build) ms |"
git init -q . && git add cv.toml &&
  git -c user.name=bench -c user.email=bench@example.org commit -qm cv
(unset SOURCE_DATE_EPOCH; "$mkcv" build -q
 echo "| no-op \`mkcv build\` in a git repository (date from \`git log\`), 10 runs | $(median_ms 10 "$mkcv" build) ms |")
# TeX, per template: from an empty output folder (one XeLaTeX pass); the first rebuild after
# an edit (it leaves the template's precompiled preamble, out/.mkcv/*.fmt, to a detached mkcv
# and does not wait for it); later rebuilds (TeX starts from that format). Only the build
# after the setup is timed; each setup first lets the detached format makers finish, so that
# none runs beside a timed build.
formats_ready() {  # every request taken (emptied) and no maker holding it, within 120 s
  local deadline=$((SECONDS + 120)) request
  for request in out/.mkcv/*.format-request; do
    [[ -e "$request" ]] || continue
    until [[ ! -s "$request" ]] && flock -n "$request" true; do
      ((SECONDS < deadline)) || { echo "run.sh: a format maker did not finish" >&2; return 1; }
      sleep 0.05
    done
  done
}
edit_cv() { sed -i "s/^position = .*/position = \"Candidate $RANDOM\"/" cv.toml; }
edit_when_ready() { formats_ready; edit_cv; }
from_empty() { formats_ready; rm -rf out; "$mkcv" build "$@"; }
first_rebuild_setup() { formats_ready; rm -rf out; "$mkcv" build -q -t "$1"; edit_cv; }
templates=(long short modern ats classic banking sidebar awesome)
for t in "${templates[@]}"; do
  echo "| \`mkcv build -t $t\` from an empty folder, 3 runs | $(median_ms 3 from_empty -t "$t") ms |"
  echo "| \`mkcv build -t $t\` after an edit, the first (the format left to a detached mkcv), 3 runs |" \
    "$(median_ms_after 3 first_rebuild_setup "$t" -- "$mkcv" build -t "$t") ms |"
  echo "| \`mkcv build -t $t\` after an edit, with the format, 5 runs |" \
    "$(median_ms_after 5 edit_when_ready -- "$mkcv" build -t "$t") ms |"
done
formats_ready
# Peak memory (GNU time's %M: the largest process of the tree, XeTeX or xdvipdfmx) of one
# build from an empty folder and of one rebuild with the format, per template.
peak_rows=()
for t in "${templates[@]}"; do
  formats_ready; rm -rf out
  empty="$(peak_mib "$mkcv" build -t "$t")"
  "$mkcv" build -q -t "$t"; edit_cv; "$mkcv" build -q -t "$t"; formats_ready; edit_cv  # the format
  peak_rows+=("| $t | $empty | $(peak_mib "$mkcv" build -t "$t") |")
done
echo "| \`mkcv build -t homepage\` from an empty folder (HTML, no TeX), 20 runs |" \
  "$(median_ms 20 from_empty -t homepage) ms |"
echo "| \`mkcv build -t homepage -t markdown -t jsonresume\` from an empty folder, 20 runs |" \
  "$(median_ms 20 from_empty -t homepage -t markdown -t jsonresume) ms |"
echo "| \`mkcv build\` (long and short in parallel) from an empty folder, 3 runs |" \
  "$(median_ms 3 from_empty) ms |"
# The multilingual test CV: every script's font, the fallback fonts, right-to-left Persian
# (bidi runs and the mirrored paragraphs of an RTL document); then the same CV left to right.
mkdir -p "$work/scripts"
cp "$root/tests/data/scripts.toml" "$work/scripts/scripts.toml"
cd "$work/scripts"
echo "| multilingual CV (tests/data/scripts.toml, Persian, right to left), \`-t long\` from an empty folder, 3 runs |" \
  "$(median_ms 3 from_empty scripts.toml -t long) ms |"
echo "| the same, \`--lang ko\` (left to right, CJK KR), 3 runs |" \
  "$(median_ms 3 from_empty scripts.toml -t long --lang ko) ms |"
cd "$work/seed"
echo
echo "### Peak memory of a build of the seed cv.toml, per template"
echo
echo "| template | from an empty folder | after an edit, with the format |"
echo "| --- | ---: | ---: |"
printf '%s\n' "${peak_rows[@]}"
