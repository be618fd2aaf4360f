#!/usr/bin/env bash
# From a fresh clone to a green test suite: set up, build, run every test with CTest; then
# the same suite again with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/),
# then the fuzzers for about 105 seconds (tests/fuzz/run_fuzz.sh, build-fuzz/).
# Arguments go to ctest (e.g. build_scripts/test.sh -R latex_escape); with arguments the
# fuzzers are skipped.
#   MKCV_SANITIZE_TESTS=0   skip the sanitizer run
#   MKCV_FUZZ_SECONDS=N     fuzz for 1.75 × N seconds in all (default 60; 0 skips)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/build_scripts/setup.sh"

# Test-only tools, not needed to build CVs (so not in setup.sh): headless Chromium and tidy
# check the HTML templates (homepage_test.sh); cmark-gfm renders the Markdown output as
# GitHub does (markdown_test.sh); node and the npm packages pinned in
# tests/tools/package-lock.json (the JSON Resume schema and ajv-cli) validate the JSON
# Resume output (jsonresume_test.sh); zsh and fish check the syntax of the shell completions
# (package_test.sh); python3-yaml reads the GitHub Action's and workflows' YAML
# (action_test.sh, init_test.sh, ci_recipe_test.sh); curl downloads a release's .deb as the
# action does (action_test.sh); groff-base typesets the man page (package_test.sh);
# texlive-luatex (40 MB) lets tex_sandbox_lua_test.sh check LuaLaTeX's sandbox, which no
# built-in template uses. node and npm are looked for as commands: a node from elsewhere may bring
# its own npm.
test_missing=()
for package in chromium tidy zsh fish python3-yaml curl groff-base texlive-luatex; do
  status="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
  [[ "$status" == "install ok installed" ]] || test_missing+=("$package")
done
command -v cmark-gfm > /dev/null || test_missing+=(cmark-gfm)
command -v node > /dev/null || test_missing+=(nodejs)
command -v npm > /dev/null || test_missing+=(npm)
if ((${#test_missing[@]})); then
  echo "test: installing ${test_missing[*]}" >&2
  sudo=()
  ((EUID == 0)) || sudo=(sudo)
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
    "${test_missing[@]}" > /dev/null
fi
(cd "$root/tests/tools" && npm ci --no-audit --no-fund --loglevel=error)

(cd "${MKCV_BUILD_DIR:-$root/build}" && ctest --output-on-failure -j "$(nproc)" "$@")

if [[ "${MKCV_SANITIZE_TESTS:-1}" != 0 ]]; then
  echo "test: the same suite under ASan and UBSan (build-asan)" >&2
  MKCV_BUILD_DIR="$root/build-asan" MKCV_CMAKE_ARGS="-DMKCV_SANITIZE=ON ${MKCV_CMAKE_ARGS:-}" \
    "$root/build_scripts/setup.sh"
  # Any report fails the test that caused it.
  (cd "$root/build-asan" &&
    ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    ctest --output-on-failure -j "$(nproc)" "$@")
fi

fuzz_seconds="${MKCV_FUZZ_SECONDS:-60}"
if (($# == 0 && fuzz_seconds > 0)); then
  "$root/tests/fuzz/run_fuzz.sh" "$fuzz_seconds"
fi
