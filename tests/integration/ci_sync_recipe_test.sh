#!/usr/bin/env bash
# The weekly sync recipe of docs/ci.md (the cron one, with the GitHub CLI), run exactly as
# written, week after week against recorded answers: `mkcv` on PATH adds --offline and
# this week's answers, `gh` records what it was asked, and origin is a local bare repository.
#   week 1: the first sync makes the list: a branch is pushed and a pull request asked for
#           (the recipe read `git diff --quiet`, which does not see a new file: no PR ever);
#   week 2: the PR merged, the same answers: nothing committed, no PR;
#   week 3: a source lists a new paper: a PR again.
source "$(dirname "$0")/lib.sh"
require_tool git "apt-get install git"
DATA="$SRC/tests/data/sync"

recipe="$(awk '/GitHub Actions, the same from cron/ {f=1} f && /^```sh$/ {r=1; next} r && /^```$/ {exit} r' "$SRC/docs/ci.md")"
[[ "$recipe" == *"mkcv sync"* ]] && pass "the recipe is read from docs/ci.md" || { fail "no recipe in docs/ci.md"; finish; }

mkdir -p "$WORK/bin" "$WORK/origin.git" "$WORK/cv"
cat > "$WORK/bin/mkcv" <<SH
#!/usr/bin/env bash
if [[ "\$1" == sync ]]; then exec "$MKCV" "\$@" --offline \$ANSWERS; fi
exec "$MKCV" "\$@"
SH
cat > "$WORK/bin/gh" <<SH
#!/usr/bin/env bash
echo "gh \$*" >> "$WORK/gh.log"
SH
chmod +x "$WORK/bin/mkcv" "$WORK/bin/gh"
git init -q --bare "$WORK/origin.git"
cd "$WORK/cv"
git init -q -b main .
git config user.name t && git config user.email t@example.org
cp "$DATA/cv.toml" "$DATA/own.bib" .
git add . && git commit -qm cv && git remote add origin "$WORK/origin.git" && git push -q origin main

week() {  # week N ANSWERS...: runs the recipe on main with these answers
  local n="$1"; shift
  git switch -q main
  : > "$WORK/gh.log"
  status=0
  ANSWERS="$*" PATH="$WORK/bin:$PATH" bash -e -c "$recipe" > "$WORK/week$n.log" 2>&1 || status=$?
  expect_status 0 "$status" "week $n: the recipe succeeds"
}

week 1 "$DATA/dblp.xml"
contains "$(cat "$WORK/gh.log")" "gh pr create --fill --head mkcv-sync" "week 1: a pull request for the new list"
git --git-dir="$WORK/origin.git" rev-parse -q --verify mkcv-sync > /dev/null &&
  pass "week 1: the branch is pushed" || fail "week 1: no branch pushed"
# The pull request is merged.
git switch -q main && git merge -q --ff-only mkcv-sync && git push -q origin main

week 2 "$DATA/dblp.xml"
[[ ! -s "$WORK/gh.log" ]] && pass "week 2: the same answers, no pull request" || fail "week 2: gh was asked: $(cat "$WORK/gh.log")"
[[ -z "$(git status --porcelain)" ]] && pass "week 2: nothing changed in the clone" || fail "week 2: the clone changed: $(git status --porcelain)"
[[ "$(git rev-parse main)" == "$(git --git-dir="$WORK/origin.git" rev-parse mkcv-sync)" ]] &&
  pass "week 2: the branch was not pushed again" || fail "week 2: the branch moved"

week 3 "$DATA/dblp.xml" "$DATA/crossref.json"
contains "$(cat "$WORK/gh.log")" "gh pr create" "week 3: a new paper, a pull request"
contains "$(git --git-dir="$WORK/origin.git" show mkcv-sync:publications.sync.bib)" "10.1000/jgnr.2023.5" \
  "week 3: the pushed list has the new paper"
finish
