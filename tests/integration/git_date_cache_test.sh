# The date git gives for cv.toml is kept in out/.mkcv/<stem>.source-date (and check's answer
# of what HEAD lacks in <stem>.uncommitted) while the repository's history is the same, so a
# no-op build or check starts no process; a new commit, or
# git pointed elsewhere, asks git again.
source "$(dirname "$0")/lib.sh"

real_git="$(command -v git)"
mkdir -p "$WORK/bin" "$WORK/repo"
# A git that counts its runs.
cat > "$WORK/bin/git" <<SCRIPT
#!/bin/sh
echo run >> "$WORK/git-runs"
exec "$real_git" "\$@"
SCRIPT
chmod +x "$WORK/bin/git"
export PATH="$WORK/bin:$PATH"
runs() { [[ -f "$WORK/git-runs" ]] && wc -l < "$WORK/git-runs" || echo 0; }
commit() {  # commit DATE: commit cv.toml as of DATE
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" \
    git -c user.name=t -c user.email=t@example.org commit -q "${@:2}" -m cv
}

cd "$WORK/repo"
cp "$SRC/cv.toml" cv.toml
git init -q . && git add cv.toml && commit "2024-03-05T12:00:00Z"
unset SOURCE_DATE_EPOCH

"$MKCV" build -q -t long || fail "first build"
contains "$(pdf_text out/cv-long.pdf)" "Last updated: 5 Mar. 2024" "dated by the commit"
cache=out/.mkcv/cv.source-date
[[ -f "$cache" ]] && pass "the answer is kept" || fail "no $cache"
contains "$(cat "$cache")" "$(printf '\t1709640000')" "the kept answer is the commit time"

# check asks git once what of its inputs HEAD lacks (mkcv check names them), and keeps
# that answer too.
"$MKCV" check -t long > /dev/null 2>&1 || fail "first check"
before=$(runs)
"$MKCV" build -q -t long || fail "no-op build"
status=0; "$MKCV" check -t long > /dev/null 2>&1 || status=$?
expect_status 0 "$status" "check: up to date"
[[ $(runs) == "$before" ]] && pass "no-op build and check start no git" ||
  fail "git ran $(($(runs) - before)) times with the history unchanged"

# The kept answer is what dates the CV: change it, and the output is stale.
sed -i 's/\t1709640000$/\t1709726400/' "$cache"
status=0; "$MKCV" check -t long > /dev/null 2>&1 || status=$?
expect_status 3 "$status" "check: a changed kept date makes it stale"
sed -i 's/\t1709726400$/\t1709640000/' "$cache"

# A new commit (an amended one here) moves HEAD: git is asked again.
commit "2025-01-02T12:00:00Z" --amend
before=$(runs)
status=0; "$MKCV" check -t long > /dev/null 2>&1 || status=$?
expect_status 3 "$status" "check: stale after a new commit"
[[ $(runs) -gt "$before" ]] && pass "a new commit asks git again" || fail "git not asked after a commit"
contains "$(cat "$cache")" "$(printf '\t1735819200')" "the new commit time is kept"

# Packed refs (after git gc) are read too.
git pack-refs --all
before=$(runs)
"$MKCV" check -t long > /dev/null 2>&1 || true
[[ $(runs) == "$before" ]] && pass "packed refs: no git" || fail "packed refs: git ran"

# GIT_DIR makes git look elsewhere: mkcv does not trust its own reading then.
before=$(runs)
GIT_DIR="$WORK/repo/.git" "$MKCV" check -t long > /dev/null 2>&1 || true
[[ $(runs) -gt "$before" ]] && pass "GIT_DIR: git is asked" || fail "GIT_DIR: the cache was used"

# Outside a repository there is nothing to keep.
mkdir -p "$WORK/plain" && cp "$SRC/cv.toml" "$WORK/plain/" && cd "$WORK/plain"
mkdir -p out/.mkcv
status=0; "$MKCV" check -t long > /dev/null 2>&1 || status=$?
expect_status 3 "$status" "check outside git"
[[ ! -f out/.mkcv/cv.source-date ]] && pass "no cache outside git" || fail "cache outside git"
finish
