# build_scripts/cv.sh, the README's first command, compiles only what the PDF needs: it asks
# setup.sh for the mkcv target alone, and that target's build (make -nB: every command it
# would run from scratch) compiles no test, fuzz target or test framework. cmake and the
# binary are stand-ins that record their arguments; setup.sh's package check is real (it
# installs nothing where setup.sh ran before).
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"
build_dir="$(dirname "$MKCV")"
cd "$WORK"

mkdir bin fake-build
cat > bin/cmake <<'SH'
#!/usr/bin/env bash
printf '%s\n' "$*" >> "$CALLS"
SH
cat > fake-build/mkcv <<'SH'
#!/usr/bin/env bash
printf 'mkcv %s\n' "$*" >> "$CALLS"
SH
chmod +x bin/cmake fake-build/mkcv
export CALLS="$WORK/calls"
PATH="$WORK/bin:$PATH" MKCV_BUILD_DIR="$WORK/fake-build" "$SRC/build_scripts/cv.sh" -t short > cv.log 2>&1 ||
  { cat cv.log; fail "cv.sh failed"; finish; }
calls="$(cat calls)"
contains "$calls" "--build $WORK/fake-build -j $(nproc) --target mkcv" "cv.sh builds the mkcv target alone"
contains "$calls" "mkcv build -t short" "then runs mkcv build with its arguments"
lacks "$calls" "--target all" "and not every target"

[[ -f "$build_dir/Makefile" ]] || skip "the build folder was not made with Makefiles"
commands="$(make -C "$build_dir" -nB mkcv 2>&1)"
contains "$commands" "CMakeFiles/mkcv_core.dir/" "the mkcv target compiles mkcv_core"
lacks "$commands" "tests/unit/" "the mkcv target compiles no unit test"
lacks "$commands" "tests/fuzz/" "nor a fuzz target"
lacks "$commands" "mkcv_unit_tests" "nor links the test binary"
finish
