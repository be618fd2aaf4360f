#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (ASan + UBSan) and runs each for a fixed time, as
# many at once as there are cores.
#
#   tests/fuzz/run_fuzz.sh N          N seconds (default 60) shared out: fuzz_cv and fuzz_bib
#                                     3N/8 each, fuzz_template, fuzz_partials and fuzz_import
#                                     N/4 each, fuzz_locale, fuzz_template_options and
#                                     fuzz_sync_offline N/8 each, the six sync parsers,
#                                     fuzz_http_cache_entry, fuzz_citation_file,
#                                     fuzz_output_readback and fuzz_import_latex N/16 each:
#                                     2.5 × N seconds of fuzzing in all, rounded down
#   tests/fuzz/run_fuzz.sh 30         what CI runs (build_scripts/test.sh): 62 s in all
#   tests/fuzz/run_fuzz.sh 3600       2.5 hours
#   MKCV_FUZZ_BUILD_DIR=dir ...       build somewhere else (default: build-san, the sanitizer
#                                     build that build_scripts/test.sh makes and tests first;
#                                     a folder that is not configured yet is configured here)
#
# The corpus grows in <build dir>/corpus/<target> and is kept between runs; it starts from
# cv.toml, tests/data and tests/bad_inputs (and the templates of every format, for fuzz_template, which renders each input as LaTeX,
# HTML, Markdown or JSON by its last byte), the seeds
# in tests/fuzz/seeds/<target>/ (one per crash of issue 10), and deep-nesting inputs made
# here (a 40,000-segment dotted key, 13,000 nested braces), too big to commit. Inputs may be
# 128 KB long for fuzz_cv and 64 KB for fuzz_bib so such nesting is reached. A crash, sanitizer report, leak or an input
# slower than 10 s fails the run and leaves the input in <build dir>/artifacts/; replay it
# with `<build dir>/tests/fuzz/fuzz_cv <file>`.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${MKCV_FUZZ_BUILD_DIR:-$root/build-san}"
seconds="${1:-60}"

command -v clang++ > /dev/null || { echo "run_fuzz: needs clang++ (apt-get install clang)" >&2; exit 1; }
if [[ ! -f "$build/CMakeCache.txt" ]]; then
  CXX=clang++ cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DMKCV_FUZZ=ON > /dev/null
fi
grep -q '^MKCV_FUZZ:BOOL=ON' "$build/CMakeCache.txt" ||
  { echo "run_fuzz: $build is not configured with -DMKCV_FUZZ=ON" >&2; exit 1; }
targets=(fuzz_cv fuzz_template fuzz_bib fuzz_partials fuzz_import fuzz_locale fuzz_template_options
  fuzz_sync_dblp fuzz_sync_arxiv fuzz_sync_orcid fuzz_sync_crossref fuzz_sync_openalex
  fuzz_sync_semantic_scholar fuzz_sync_offline fuzz_http_cache_entry fuzz_citation_file
  fuzz_output_readback fuzz_import_latex)
cmake --build "$build" -j "$(nproc)" --target "${targets[@]}"

for target in "${targets[@]}"; do mkdir -p "$build/corpus/$target"; done
mkdir -p "$build/artifacts"
for seed in "$root/cv.toml" "$root"/tests/data/*.toml "$root"/tests/data/bibtex/cv.toml "$root"/tests/bad_inputs/*.toml; do
  cp "$seed" "$build/corpus/fuzz_cv/seed-$(basename "$(dirname "$seed")")-$(basename "$seed")"
done
for seed in "$root"/builtin_templates/*/*.mustache "$root"/tests/data/templates/*/*.mustache \
  "$root"/tests/bad_inputs/templates/*/cv.tex.mustache; do
  cp "$seed" "$build/corpus/fuzz_template/seed-$(basename "$(dirname "$seed")")-$(basename "$seed")"
done
for seed in "$root"/tests/data/bibtex/*.bib "$root"/tests/data/bibtex/hostile/*.bib; do
  if [[ -f "$seed" ]]; then cp "$seed" "$build/corpus/fuzz_bib/seed-$(basename "$seed")"; fi
done
for seed in "$root"/tests/data/import/*.json "$root"/tests/data/import/*.yaml \
  "$root"/tests/data/import-files/*/cv.yaml; do
  cp "$seed" "$build/corpus/fuzz_import/seed-$(basename "$(dirname "$seed")")-$(basename "$seed")"
done
# The LaTeX of a schema of one's own: the texts of the LaTeX-flavoured import fixture.
grep -o '\\.*' "$root/tests/data/import-files/latex/cv.yaml" | while IFS= read -r line; do
  printf '%s' "$line" > "$build/corpus/fuzz_import_latex/seed-$(printf '%s' "$line" | cksum | cut -d' ' -f1)"
done
# The read-back of HTML and Markdown outputs: a built-in template, a NUL, and a golden output.
for seed in academic:cv-academic.html homepage:cv-homepage.html markdown:cv-markdown.md; do
  tmpl="${seed%%:*}" golden="${seed#*:}"
  { cat "$root"/builtin_templates/"$tmpl"/*.mustache; printf '\0'; cat "$root/tests/golden/$golden"; } \
    > "$build/corpus/fuzz_output_readback/seed-$tmpl"
done
# Every locale file, and every template.toml (with the common options.toml).
for seed in "$root"/builtin_templates/locales/*.toml; do
  cp "$seed" "$build/corpus/fuzz_locale/seed-$(basename "$seed")"
done
for seed in "$root"/builtin_templates/*/template.toml "$root"/builtin_templates/common/options.toml \
  "$root"/tests/data/templates/*/template.toml "$root"/tests/bad_inputs/templates/*/template.toml; do
  if [[ -f "$seed" ]]; then
    cp "$seed" "$build/corpus/fuzz_template_options/seed-$(basename "$(dirname "$seed")")-$(basename "$seed")"
  fi
done
# `mkcv sync`'s recorded responses, each for its parser's target, and all for the offline one.
for seed in "$root"/tests/data/sync/*; do
  [[ -f "$seed" ]] || continue  # the files, not the expected/ folder
  cp "$seed" "$build/corpus/fuzz_sync_offline/seed-$(basename "$seed")"
done
cp "$root/tests/data/sync/dblp.xml" "$build/corpus/fuzz_sync_dblp/"
cp "$root/tests/data/sync/arxiv.xml" "$build/corpus/fuzz_sync_arxiv/"
cp "$root/tests/data/sync/orcid.json" "$build/corpus/fuzz_sync_orcid/"
cp "$root/tests/data/sync/crossref.json" "$build/corpus/fuzz_sync_crossref/"
cp "$root/tests/data/sync/openalex.json" "$build/corpus/fuzz_sync_openalex/"
cp "$root/tests/data/sync/semantic_scholar.json" "$build/corpus/fuzz_sync_semantic_scholar/"
for target in "${targets[@]}"; do
  for seed in "$root/tests/fuzz/seeds/$target"/*; do
    if [[ -f "$seed" ]]; then cp "$seed" "$build/corpus/$target/seed-$(basename "$seed")"; fi
  done
done
# The deep-nesting crashes of issue 10, generated: a dotted key and a table header of
# 40,000 segments (toml++ recursed once per segment), 13,000 nested braces in a title (the
# BibTeX text converter recursed once per brace).
python3 - "$build/corpus" <<'PY'
import sys
corpus = sys.argv[1]
deep = ".".join(["a"] * 40000)
open(f"{corpus}/fuzz_cv/deep-dotted-key.toml", "w").write(deep + " = 1\n")
open(f"{corpus}/fuzz_cv/deep-table-header.toml", "w").write("[" + deep + "]\nb = 1\n")
title = "{" * 13000 + "x" + "}" * 13000
open(f"{corpus}/fuzz_bib/deep-braces.bib", "w").write(
    "@article{deep,\n  author = {A, B},\n  title = {" + title + "},\n  year = 2020}\n")
PY

export ASAN_OPTIONS="halt_on_error=1:abort_on_error=1:detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export LSAN_OPTIONS="suppressions=$root/tests/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
export UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
# The targets run side by side, one per core: each keeps its full share of fuzzing time, and
# the whole takes 2.5 × N s / cores. A target that finds a problem leaves a mark; all are looked
# at once every target is done.
lanes="$(nproc)"
rm -f "$build"/*.found
# A share that rounds down to 0 s (run_fuzz.sh 8: 8/16) would be libFuzzer's "no limit": 1 s.
fuzz_target() {  # fuzz_target TARGET SECONDS DICTIONARY MAX_LEN [TIMEOUT]
  "$build/tests/fuzz/$1" "$build/corpus/$1" -dict="$root/tests/fuzz/$3" \
    -max_total_time="$(($2 > 0 ? $2 : 1))" -timeout="${5:-10}" -rss_limit_mb=2048 -max_len="$4" \
    -artifact_prefix="$build/artifacts/$1-" -print_final_stats=1 2> "$build/$1.log" || {
    touch "$build/$1.found"
    return 0
  }
  grep -E "^(#[0-9]+.*DONE|stat::number_of_executed_units)" "$build/$1.log" | sed "s/^/$1: /" >&2 || true
}
run() {  # run TARGET SECONDS DICTIONARY MAX_LEN [TIMEOUT]: starts it once a lane is free
  while (($(jobs -rp | wc -l) >= lanes)); do wait -n || true; done
  echo "run_fuzz: $1 for $2 s" >&2
  fuzz_target "$@" &
}
# Long enough for the generated deep inputs (the 40,000-segment key is 80 KB); templates stay
# short, where the cost is in rendering, not in nesting.
run fuzz_cv "$((seconds * 3 / 8))" toml.dict 131072
# An @string chain that expands to the 4 MiB cap (tests/data/bibtex/hostile/expansion_total.bib)
# takes ~5 s under ASan and the fuzzer's instrumentation (a few hundredths of a second in a
# normal build): allowed 30 s.
run fuzz_bib "$((seconds * 3 / 8))" bib.dict 65536 30
run fuzz_template "$((seconds / 4))" mustache.dict 16384
run fuzz_partials "$((seconds / 4))" partials.dict 16384
# `mkcv import`: JSON and YAML files of the three formats (tests/data/import seeds it).
run fuzz_import "$((seconds / 4))" import.dict 65536
# Locale files (at most 64 KiB) and template.toml: TOML, with the keys of each in toml.dict.
run fuzz_locale "$((seconds / 8))" toml.dict 65536
run fuzz_template_options "$((seconds / 8))" toml.dict 16384
# `mkcv sync`'s response parsers, each with the merge and the synced list's round trip.
run fuzz_sync_dblp "$((seconds / 16))" sync_xml.dict 65536
run fuzz_sync_arxiv "$((seconds / 16))" sync_xml.dict 65536
run fuzz_sync_orcid "$((seconds / 16))" sync_json.dict 65536
run fuzz_sync_crossref "$((seconds / 16))" sync_json.dict 65536
run fuzz_sync_openalex "$((seconds / 16))" sync_json.dict 65536
run fuzz_sync_semantic_scholar "$((seconds / 16))" sync_json.dict 65536
run fuzz_sync_offline "$((seconds / 8))" sync_json.dict 65536
# An entry of sync's HTTP cache, which anything may have written (tests/fuzz/seeds has one).
run fuzz_http_cache_entry "$((seconds / 16))" sync_json.dict 65536
# publications.citations.toml, which the build reads from the CV's folder.
run fuzz_citation_file "$((seconds / 16))" toml.dict 65536
# An HTML or Markdown output read back against its template's markup (render/html_check.h).
run fuzz_output_readback "$((seconds / 16))" html.dict 65536
# A text of a schema of one's own read as LaTeX (import/latex_markup.h), and the walk over cv.toml.
run fuzz_import_latex "$((seconds / 16))" latex.dict 65536
wait
found=0
for mark in "$build"/*.found; do
  [[ -e "$mark" ]] || continue
  target="$(basename "$mark" .found)"
  tail -60 "$build/$target.log" >&2
  echo "run_fuzz: $target found a problem; the input is in $build/artifacts/" >&2
  found=1
done
((found == 0)) || exit 1
echo "run_fuzz: no crash, no sanitizer report, no hang" >&2
