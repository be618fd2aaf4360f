#!/usr/bin/env bash
# From a fresh clone to a green test suite, in stages; each prints `stage: NAME N s` when it
# ends, and the run ends with every stage line again and the 10 slowest test entries.
#   setup        the Debian packages the compile needs (build_scripts/setup.sh); the rest (TeX
#                Live, fonts, clang, and what only the tests use: Chromium, tidy, cmark-gfm,
#                node and npm packages…) start installing in the background
#   build        the normal build (g++, build/): mkcv and the unit tests
#   packages     waits for the background install to end
#   suite        every ctest entry in build/, but those labelled `sanitize` when the san suite
#                runs them
#   san build    one clang build (build-san/) with AddressSanitizer, UndefinedBehaviorSanitizer
#                and libFuzzer's instrumentation: mkcv, the unit tests and the fuzz targets
#   san suite    the entries labelled `sanitize` in build-san/: every unit test case (in one
#                process), and every test that feeds mkcv untrusted input without mostly
#                waiting for XeLaTeX (tests/CMakeLists.txt says which, and
#                docs/development.md#what-runs-where why)
#   fuzz         tests/fuzz/run_fuzz.sh: every fuzz target, with build-san/'s binaries
# Arguments go to ctest (e.g. build_scripts/test.sh -R latex_escape); with arguments the
# fuzzers are skipped and the sanitizer suite runs the same selection.
#   MKCV_SANITIZE_TESTS=0   skip the sanitizer build and its suite (and so the fuzzers)
#   MKCV_FUZZ_SECONDS=N     fuzz for about 2 × N seconds of fuzzer time in all (default 30; 0
#                           skips), on every core at once
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${MKCV_BUILD_DIR:-$root/build}"
san_build="${MKCV_SAN_BUILD_DIR:-$root/build-san}"

stage_lines=()
current_stage=""
stage_start=0
logs=()  # ctest outputs, read for the slowest entries
background=()  # what runs beside a stage: stopped, with its children, if the run ends early
side_logs=()  # their outputs, shown when they fail and removed when the run ends
stop_tree() {
  local child
  for child in $(pgrep -P "$1" 2> /dev/null); do stop_tree "$child"; done
  kill "$1" 2> /dev/null || true
}
begin_stage() {
  current_stage="$1"
  stage_start=$SECONDS
  echo "test: stage $1" >&2
}
end_stage() {
  stage_lines+=("stage: $current_stage $((SECONDS - stage_start)) s")
  echo "${stage_lines[-1]}" >&2
  current_stage=""
}
# The stage lines and the slowest entries, also when a stage failed (set -e ended the run).
summary() {
  local status=$? pid
  for pid in "${background[@]}"; do stop_tree "$pid"; done
  rm -f "${side_logs[@]}"
  if [[ -n "$current_stage" ]]; then
    stage_lines+=("stage: $current_stage $((SECONDS - stage_start)) s (failed, exit $status)")
  fi
  {
    echo
    echo "test: the stages"
    printf '%s\n' "${stage_lines[@]}"
    echo "stage: total ${SECONDS} s"
    if ((${#logs[@]})); then
      echo "test: the 10 slowest test entries"
      python3 "$root/tests/tools/slowest_tests.py" 10 "${logs[@]}" || true
    fi
  } >&2
  return "$status"
}
trap summary EXIT

begin_stage setup
# The compile needs only a compiler and libraries. TeX Live, the fonts, clang and the test tools
# install in the background while build/ compiles: on a fresh machine they took 170 s here,
# mostly unpacking and font and TeX triggers on one core, which the compile no longer waits for
# (docs/development.md#build-and-test).
MKCV_SETUP_PACKAGES=build MKCV_SETUP_PACKAGES_ONLY=1 "$root/build_scripts/setup.sh"
packages_log="$(mktemp "${TMPDIR:-/tmp}/mkcv-packages.XXXXXX")"
side_logs+=("$packages_log")
install_the_rest() {
  MKCV_SETUP_PACKAGES_ONLY=1 "$root/build_scripts/setup.sh"
  # Test-only tools, not needed to build CVs (so not in setup.sh): headless Chromium and tidy
  # check the HTML templates (homepage_test.sh); cmark-gfm renders the Markdown output as
  # GitHub does (markdown_test.sh); node and the npm packages pinned in
  # tests/tools/package-lock.json (the JSON Resume schema and ajv-cli) validate the JSON
  # Resume output (jsonresume_test.sh); zsh and fish check the syntax of the shell completions
  # (package_test.sh); python3-yaml reads the GitHub Action's and workflows' YAML
  # (action_test.sh, init_test.sh, ci_recipe_test.sh); curl downloads a release's .deb as the
  # action does (action_test.sh); groff-base typesets the man page (package_test.sh);
  # texlive-luatex (40 MB) lets tex_sandbox_lua_test.sh check LuaLaTeX's sandbox, which no
  # built-in template uses. node and npm are looked for as commands: a node from elsewhere may
  # bring its own npm.
  local test_missing=() package status
  for package in chromium tidy zsh fish python3-yaml curl groff-base texlive-luatex; do
    status="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
    [[ "$status" == "install ok installed" ]] || test_missing+=("$package")
  done
  command -v cmark-gfm > /dev/null || test_missing+=(cmark-gfm)
  command -v node > /dev/null || test_missing+=(nodejs)
  command -v npm > /dev/null || test_missing+=(npm)
  if ((${#test_missing[@]})); then
    echo "test: installing ${test_missing[*]}" >&2
    local sudo=()
    ((EUID == 0)) || sudo=(sudo)
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
      "${test_missing[@]}" > /dev/null
  fi
  (cd "$root/tests/tools" && npm ci --no-audit --no-fund --loglevel=error)
}
install_the_rest > "$packages_log" 2>&1 &
packages_pid=$!
background+=("$packages_pid")
end_stage

begin_stage build
# Only the compile's packages are looked for: the rest are still installing.
MKCV_SETUP_PACKAGES=build "$root/build_scripts/setup.sh"
end_stage

begin_stage packages
# What the suite needs: TeX Live, fonts, clang and the test tools, installed since the setup.
if ! wait "$packages_pid"; then
  cat "$packages_log" >&2
  echo "test: installing TeX Live, fonts and the test tools failed" >&2
  exit 1
fi
background=()
grep -v '^debconf: ' "$packages_log" >&2 || true
end_stage

# The sanitizer build compiles at the lowest priority while the suite runs: the suite keeps
# two cores only about three quarters busy (374 CPU-seconds in a 254 s run, measured with
# nothing else running: its tests wait on servers, watchers, sleeps and pipes), and the build
# takes up the rest. The tests keep their priority, but not all their speed: beside the build
# the same suite took 288 s (docs/benchmarks.md#ci-one-whole-run).
sanitize="${MKCV_SANITIZE_TESTS:-1}"
if [[ "$sanitize" != 0 ]]; then
  san_log="$(mktemp "${TMPDIR:-/tmp}/mkcv-san-build.XXXXXX")"
  side_logs+=("$san_log")
  build_san() {
    # clang, since libFuzzer is clang's; -O1 as fuzzing builds use (it compiles in about half
    # the time of -O2, and the sanitizers' reports keep their lines through -g1).
    CXX=clang++ cmake -S "$root" -B "$san_build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DMKCV_FUZZ=ON > /dev/null
    cmake --build "$san_build" -j "$(nproc)"
  }
  (renice -n 19 -p "$BASHPID" > /dev/null && build_san) > "$san_log" 2>&1 &
  san_pid=$!
  background+=("$san_pid")
fi

begin_stage suite
logs+=("$build/ctest-suite.log")
# The entries labelled `sanitize` run in build-san/ below, against the same script with the
# sanitizers watching: run here as well they added 290 test-seconds to the suite (of 1,474)
# and checked nothing the sanitized run does not. Without the sanitizer build they run here.
normal_selection=()
[[ "$sanitize" == 0 ]] || normal_selection=(-LE sanitize)
(cd "$build" && ctest --output-on-failure -j "$(nproc)" "${normal_selection[@]}" "$@" 2>&1 |
  tee ctest-suite.log)
end_stage

if [[ "$sanitize" != 0 ]]; then
  begin_stage "san build"
  # What is left of it once the suite has ended.
  if ! wait "$san_pid"; then
    cat "$san_log" >&2
    echo "test: the sanitizer build failed" >&2
    exit 1
  fi
  background=()
  end_stage

  begin_stage "san suite"
  logs+=("$san_build/ctest-san.log")
  # Any report fails the test that caused it.
  (cd "$san_build" &&
    ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1 \
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    LSAN_OPTIONS="suppressions=$root/tests/fuzz/lsan.supp" \
    ctest --output-on-failure -j "$(nproc)" -L sanitize "$@" 2>&1 | tee ctest-san.log)
  end_stage

  fuzz_seconds="${MKCV_FUZZ_SECONDS:-30}"
  if (($# == 0 && fuzz_seconds > 0)); then
    begin_stage fuzz
    MKCV_FUZZ_BUILD_DIR="$san_build" "$root/tests/fuzz/run_fuzz.sh" "$fuzz_seconds"
    end_stage
  fi
fi
