#!/usr/bin/env bash
# `mkcv check` names what cv.toml reads that git's HEAD commit lacks (docs/ci.md): a fresh
# clone, as CI makes it, would not have it. A warning on a machine, an error (exit 2) when
# CI is set; nothing said once it is committed, nor outside a repository. git runs with
# none of the repository's settings: a hostile .git/config runs nothing.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
mkdir repo && cd repo
git init -q .
cat > cv.toml <<'TOML'
bibliography = ["own.bib", "papers/more.bib"]
[person]
name = "Ada Lovelace"
photo = "me.png"
TOML
printf '@article{a, title={T}, author={Ada Lovelace}, journal={J}, year={1843}}\n' > own.bib
mkdir papers
printf '@article{b, title={U}, author={Ada Lovelace}, journal={J}, year={1844}}\n' > papers/more.bib
python3 -c "import base64,sys; sys.stdout.buffer.write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))" > me.png
commit() { git add "$@" && git -c user.email=a@example.org -c user.name=A -c commit.gpgsign=false commit -qm "add $*"; }
commit cv.toml own.bib
"$MKCV" build -t markdown -o out > build.log 2>&1 || { cat build.log; fail "build"; }

env -u CI "$MKCV" check -t markdown -o out > check.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "on a machine, an uncommitted input is no failure"
log="$(cat check.log)"
contains "$log" "mkcv: warning: papers/more.bib is read by cv.toml but not committed to git" "a warning for the .bib"
contains "$log" "mkcv: warning: me.png is read by cv.toml" "and for the photo"
contains "$log" "hint: git add me.png && git commit" "with the command that fixes it"
lacks "$log" "own.bib is read" "not for what is committed"

CI=true "$MKCV" check -t markdown -o out --diagnostics=json > ci.json 2> ci.log && status=0 || status=$?
expect_status 2 "$status" "in CI it is an error"
contains "$(cat ci.json)" '"code":"not-committed"' "and a diagnostic for tools"

# Added but not committed is still missing from a clone.
git add papers/more.bib me.png
CI=true "$MKCV" check -t markdown -o out > staged.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "staged is not committed"
git -c user.email=a@example.org -c user.name=A -c commit.gpgsign=false commit -qm more
CI=true "$MKCV" check -t markdown -o out > clean.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "everything committed"
lacks "$(cat clean.log)" "not committed" "nothing said"

# The repository's settings are not git's: a config that would run a program runs nothing.
git config core.fsmonitor "touch $WORK/ran-fsmonitor; false"
git config core.pager "touch $WORK/ran-pager"
CI=true "$MKCV" check -t markdown -o out > hostile.log 2>&1 || true
[[ ! -e "$WORK/ran-fsmonitor" && ! -e "$WORK/ran-pager" ]] && pass "the repository's config runs nothing" \
  || fail "a program from .git/config ran"

# Outside a repository: nothing to say.
mkdir "$WORK/plain" && cp cv.toml own.bib me.png "$WORK/plain/" && cp -r papers "$WORK/plain/"
cd "$WORK/plain"
"$MKCV" build -t markdown -o out > /dev/null 2>&1
CI=true "$MKCV" check -t markdown -o out > plain.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "no repository, no complaint"
finish
