# The CV's folder is untrusted, and so is a .git folder in it: its config can make a plain
# `git log` run programs (gpg.program with log.showSignature and a signed commit,
# core.fsmonitor, ...). mkcv asks git for the date of cv.toml's last commit through a git
# folder of its own that only borrows the objects (src/pipeline/git.cpp), so none of the
# repository's settings apply, and the date is still the commit's.
source "$(dirname "$0")/lib.sh"

payload="$WORK/payload"
cat > "$payload" <<SCRIPT
#!/bin/sh
echo ran >> "$WORK/logs/PAYLOAD-RAN"
SCRIPT
chmod +x "$payload"

commit_on() {  # commit_on DATE: commit everything as of DATE, unsigned
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" \
    git -c user.name=t -c user.email=t@example.org -c commit.gpgsign=false commit -q -m cv
}
# signed_commit EPOCH: a commit of the index's tree with a (fake) signature, on HEAD
signed_commit() {
  local tree parent id
  tree="$(git write-tree)"
  parent="$(git rev-parse HEAD)"
  id="$(printf 'tree %s\nparent %s\nauthor t <t@example.org> %s +0000\ncommitter t <t@example.org> %s +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n' \
        "$tree" "$parent" "$1" "$1" | git hash-object -t commit -w --stdin)"
  git update-ref HEAD "$id"
}
hostile_config() {
  git config gpg.program "$payload"
  git config gpg.ssh.program "$payload"
  git config gpg.x509.program "$payload"
  git config log.showSignature true
  git config core.fsmonitor "$payload"
  git config core.hooksPath "$WORK/hooks"
  git config diff.external "$payload"
  git config core.pager "$payload"
}
unset SOURCE_DATE_EPOCH

# The CV at the top of the work tree, and one in a subfolder.
cd "$CV"
cp "$SRC/cv.toml" cv.toml
mkdir -p sub && cp "$SRC/cv.toml" sub/cv.toml
git init -q . && git add cv.toml sub/cv.toml && commit_on "2024-03-05T12:00:00Z"
sed -i 's/^position = .*/position = "Signed"/' cv.toml sub/cv.toml
git add cv.toml sub/cv.toml && signed_commit 1717761600  # 2024-06-07 12:00 UTC
# The same commands with the plain git run the payload: the test's premise holds.
hostile_config
git log -1 --format=%ct -- cv.toml > /dev/null 2>&1 || true
[[ -f "$WORK/logs/PAYLOAD-RAN" ]] && pass "plain git log runs the repository's gpg.program" ||
  fail "the premise: plain git log did not run the payload"
rm -f "$WORK/logs/PAYLOAD-RAN"

for file in cv.toml sub/cv.toml; do
  label="${file//\//-}"
  # The answer is kept in the output folder beside the CV (out/.mkcv/cv.source-date).
  run_mkcv "$label" "0" "$CV/$(dirname "$file")/out" render "$file" -t long
  contains "$(cat "$WORK/logs/$label.out")" "Last updated: 7 June 2024" "$file: dated by its last commit"
  [[ ! -f "$WORK/logs/PAYLOAD-RAN" ]] && pass "$file: no program of the repository's config ran" ||
    fail "$file: the repository's config ran a program"
done
# Nothing of mkcv's own git folder is left behind.
left="$(find "$TMPDIR" -mindepth 1 -maxdepth 1 -name 'mkcv-git.*' | head -1)"
[[ -z "$left" ]] && pass "the borrowed git folder is removed" || fail "left behind: $left"
finish
