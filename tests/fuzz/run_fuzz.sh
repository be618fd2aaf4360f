#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a fixed time.
#
#   tests/fuzz/run_fuzz.sh            fuzz_cv for 60 s, fuzz_template for 30 s (what CI runs)
#   tests/fuzz/run_fuzz.sh 3600       fuzz_cv for an hour, fuzz_template for half an hour
#   MKCV_FUZZ_BUILD_DIR=dir ...       build somewhere else (default: build-fuzz)
#
# The corpus grows in <build dir>/corpus/<target> and is kept between runs; it starts from
# cv.toml, tests/data and tests/bad_inputs (and the templates, for fuzz_template). A crash,
# sanitizer report, leak or an input slower than 10 s fails the run and leaves the input in
# <build dir>/artifacts/; replay it with `<build dir>/tests/fuzz/fuzz_cv <file>`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${MKCV_FUZZ_BUILD_DIR:-$root/build-fuzz}"
seconds="${1:-60}"

command -v clang++ > /dev/null || { echo "run_fuzz: needs clang++ (apt-get install clang)" >&2; exit 1; }
CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMKCV_FUZZ=ON \
  -DMKCV_BUILD_TESTS=OFF > /dev/null
cmake --build "$build" -j "$(nproc)" --target fuzz_cv fuzz_template

mkdir -p "$build/corpus/fuzz_cv" "$build/corpus/fuzz_template" "$build/artifacts"
for seed in "$root/cv.toml" "$root"/tests/data/*.toml "$root"/tests/bad_inputs/*.toml; do
  cp "$seed" "$build/corpus/fuzz_cv/seed-$(basename "$seed")"
done
for seed in "$root"/latex_templates/*/*.tex.mustache "$root"/tests/bad_inputs/templates/*/cv.tex.mustache; do
  cp "$seed" "$build/corpus/fuzz_template/seed-$(basename "$(dirname "$seed")")-$(basename "$seed")"
done

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
run() {  # run TARGET SECONDS DICTIONARY
  echo "run_fuzz: $1 for $2 s" >&2
  "$build/tests/fuzz/$1" "$build/corpus/$1" -dict="$root/tests/fuzz/$3" \
    -max_total_time="$2" -timeout=10 -rss_limit_mb=2048 -max_len=16384 \
    -artifact_prefix="$build/artifacts/$1-" -print_final_stats=1 2> "$build/$1.log" || {
    tail -60 "$build/$1.log" >&2
    echo "run_fuzz: $1 found a problem; the input is in $build/artifacts/" >&2
    exit 1
  }
  grep -E "^(#[0-9]+.*DONE|stat::number_of_executed_units)" "$build/$1.log" >&2 || true
}
run fuzz_cv "$seconds" toml.dict
run fuzz_template "$((seconds / 2))" mustache.dict
echo "run_fuzz: no crash, no sanitizer report, no hang" >&2
