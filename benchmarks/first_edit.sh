#!/usr/bin/env bash
# The builds of issue 30's "no build slower than a build from empty", for one mkcv binary:
# benchmarks/first_edit.sh MKCV [TEMPLATE...] (default: long short). Prints, per template, the
# median wall time of a build from an empty output folder, of the first build after an edit
# (the one that asks for the precompiled preamble) and of later builds after an edit (TeX
# from that format), as benchmarks/run.sh times them: only the build after the setup is
# timed, and every setup first lets a detached format maker finish.
#   RUNS=5   runs per figure
set -euo pipefail
mkcv="$(realpath "${1:?usage: first_edit.sh MKCV [TEMPLATE...]}")"; shift
templates=("${@:-long}")
((${#@})) || templates=(long short)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-5}"
work="$(mktemp -d "${TMPDIR:-/tmp}/mkcv-first-edit.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp "$root/cv.toml" "$work/cv.toml"
cd "$work"
export SOURCE_DATE_EPOCH=1700000000
export MKCV_FORMAT_CACHE=off  # the folder's own format, as before issue 42
formats_ready() {
  local deadline=$((SECONDS + 120)) request
  for request in out/.mkcv/*.format-request; do
    [[ -e "$request" ]] || continue
    until [[ ! -s "$request" ]] && flock -n "$request" true; do
      ((SECONDS < deadline)) || return 1
      sleep 0.05
    done
  done
}
edit_cv() { sed -i "s/^position = .*/position = \"Candidate $RANDOM\"/" cv.toml; }
timed() {  # timed SETUP -- COMMAND...: median ms of COMMAND over $runs runs
  local setup=() times=()
  while [[ $1 != -- ]]; do setup+=("$1"); shift; done; shift
  for _ in $(seq "$runs"); do
    "${setup[@]}" > /dev/null 2>&1 || true
    local s=${EPOCHREALTIME/[.,]/}
    "$@" > /dev/null 2>&1
    local e=${EPOCHREALTIME/[.,]/}
    times+=($((e - s)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.0f", a[int((NR+1)/2)]/1000}'
}
empty_setup() { formats_ready; rm -rf out; }
first_setup() { formats_ready; rm -rf out; "$mkcv" build -q -t "$t"; edit_cv; }
later_setup() { formats_ready; edit_cv; }
echo "| template | from empty | first edit | later edits |"
echo "| --- | ---: | ---: | ---: |"
for t in "${templates[@]}"; do
  e="$(timed empty_setup -- "$mkcv" build -t "$t")"
  f="$(timed first_setup -- "$mkcv" build -t "$t")"
  # The format of the last first edit, made; then later edits start from it.
  "$mkcv" build -q -t "$t"; formats_ready; edit_cv; "$mkcv" build -q -t "$t"; formats_ready
  l="$(timed later_setup -- "$mkcv" build -t "$t")"
  echo "| $t | $e ms | $f ms | $l ms |"
done
formats_ready
