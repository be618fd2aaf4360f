# The shell recipe in docs/ci.md works as written: its lines are taken from the document
# and run in a copy of the repository's layout. Only build_scripts/setup.sh is replaced by a
# stub that links the mkcv under test (installing and compiling is what CI itself proves).
source "$(dirname "$0")/lib.sh"

recipe="$(sed -n '/<!-- ci-recipe:start -->/,/<!-- ci-recipe:end -->/p' "$SRC/docs/ci.md" |
  grep -v -e '^<!--' -e '^```')"
[[ -n "$recipe" ]] && pass "recipe found in docs/ci.md" || { fail "no recipe in docs/ci.md"; finish; }
contains "$recipe" "build_scripts/setup.sh" "recipe installs with the set-up script"
contains "$recipe" "build/mkcv check" "recipe ends with mkcv check"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
mkdir -p build_scripts build
printf '#!/bin/sh\nln -sf "%s" build/mkcv\n' "$MKCV" > build_scripts/setup.sh
chmod +x build_scripts/setup.sh
export SOURCE_DATE_EPOCH=1700000000

bash -c "$recipe" > recipe.log 2>&1 && pass "recipe runs" || { cat recipe.log; fail "recipe failed"; }
[[ -f out/cv-long.pdf && -f out/cv-short.pdf ]] && pass "recipe builds both PDFs" || fail "no PDFs"
contains "$(cat recipe.log)" "long: up to date" "recipe's check passes"

# The same recipe stops at `check` when a PDF is stale.
check_line="$(grep 'mkcv check' <<< "$recipe")"
sed -i 's/Ph.D. Candidate/PhD Candidate/' cv.toml
set +e
bash -c "$check_line" > stale.log 2>&1
status=$?
set -e
expect_status 3 "$status" "recipe's check fails on a stale PDF"

# Every mkcv command of the GitHub workflow is one the recipe runs, so both are tested.
while read -r command; do
  contains "$recipe" "${command%% --*}" "workflow step «$command» is in the recipe"
done < <(grep -o 'build/mkcv [a-z]*[^#]*' "$SRC/docs/ci.md" | sed 's/ *$//' | sort -u)
finish
