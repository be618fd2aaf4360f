# `mkcv init` in an empty git repository: cv.toml, the GitHub workflow and .gitignore, then
# `mkcv build` of a non-TeX template works. The workflow parses as YAML, uses the action at
# the configured address, and passes it only inputs action.yml declares. Run again, init
# replaces nothing and adds no second .gitignore line; an existing cv.toml and workflow are
# used and left as they are; a .gitignore that is not a file is refused.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

mkdir repo && cd repo
git init -q .
"$MKCV" init "Ada Lovelace" > init.log 2>&1 && pass "mkcv init" || { cat init.log; fail "mkcv init"; }
log="$(cat init.log)"
for file in cv.toml .github/workflows/cv.yml .gitignore; do
  [[ -f "$file" ]] && pass "$file written" || fail "no $file"
done
[[ "$(cat .gitignore)" == "out/.mkcv" ]] && pass ".gitignore ignores the cache" || fail ".gitignore: $(cat .gitignore)"
contains "$log" "next:" "says what to do next"
(($(sed -n '/^next:/,$p' init.log | tail -n +2 | grep -c '^  ') == 2)) && pass "two commands next" ||
  fail "next commands: $log"
contains "$(cat cv.toml)" 'name = "Ada Lovelace"' "the name in cv.toml"

# The workflow: YAML, the action at the configured repository, only its inputs.
repository="$(sed -nE 's/^MKCV_GITHUB_REPOSITORY:STRING=(.*)/\1/p' "$(dirname "$MKCV")/CMakeCache.txt")"
[[ "$repository" == */* ]] && pass "the build's repository: $repository" || fail "no MKCV_GITHUB_REPOSITORY in the cache"
version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$SRC/CMakeLists.txt")"
python3 - .github/workflows/cv.yml "$SRC/action.yml" "$repository" "$version" > workflow.log 2>&1 <<'PY' &&
import sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
inputs = set(yaml.safe_load(open(sys.argv[2]))["inputs"])
steps = [s for job in workflow["jobs"].values() for s in job["steps"]]
mkcv = [s for s in steps if s.get("uses", "").startswith(sys.argv[3] + "@")]
assert len(mkcv) == 1, f"steps using {sys.argv[3]}: {mkcv}"
assert mkcv[0]["uses"] == sys.argv[3] + "@v" + sys.argv[4], mkcv[0]["uses"]
assert set(mkcv[0].get("with", {})) <= inputs, mkcv[0]["with"]
assert True in workflow or "on" in workflow  # YAML 1.1 reads the key `on` as true
PY
  pass "the workflow parses and uses the action's inputs" || { cat workflow.log; fail "workflow"; }

# docs/ci.md shows this workflow; the two say the same.
python3 - .github/workflows/cv.yml "$SRC/docs/ci.md" > docs.log 2>&1 <<'PY' &&
import sys, yaml
doc = open(sys.argv[2]).read().split("The workflow `mkcv init` writes without flags:", 1)[1]
shown = doc.split("```yaml\n", 1)[1].split("```", 1)[0]
assert shown == open(sys.argv[1]).read(), "they differ"
PY
  pass "docs/ci.md shows the workflow init writes" || { cat docs.log; fail "docs/ci.md's workflow"; }

"$MKCV" build -t markdown > build.log 2>&1 && pass "mkcv build after init" || { cat build.log; fail "build"; }
[[ -f out/cv-markdown.md ]] && pass "out/cv-markdown.md built" || fail "no Markdown"
git status --porcelain --untracked-files=all > status.txt
grep -q 'out/.mkcv' status.txt && fail "git sees out/.mkcv: $(cat status.txt)" || pass "git ignores out/.mkcv"

# Again: nothing replaced, nothing duplicated.
echo '# my own edit' >> .github/workflows/cv.yml
echo '# my cv' >> cv.toml
sums="$(sha256sum cv.toml .github/workflows/cv.yml .gitignore)"
"$MKCV" init > again.log 2>&1 && pass "init again" || { cat again.log; fail "init again"; }
[[ "$(sha256sum cv.toml .github/workflows/cv.yml .gitignore)" == "$sums" ]] && pass "nothing replaced" ||
  fail "a file changed"
contains "$(cat again.log)" "using cv.toml as it is" "says it uses cv.toml"
contains "$(cat again.log)" "left .github/workflows/cv.yml as it is" "reports the existing workflow"
contains "$(cat again.log)" ".gitignore already ignores out/.mkcv" "says .gitignore has it"

# An existing cv.toml with a mistake is kept as it is, and its problems are shown now rather
# than in the workflow's first run.
cd "$WORK" && mkdir broken && cd broken
printf '[person]\nnmae = "Ada"\n' > cv.toml
"$MKCV" init > broken.log 2>&1 && pass "init beside a broken cv.toml" || { cat broken.log; fail "init broken"; }
[[ "$(cat cv.toml)" == $'[person]\nnmae = "Ada"' ]] && pass "the broken cv.toml is kept" || fail "cv.toml changed"
contains "$(cat broken.log)" "cv.toml:2:1: error" "its problem is shown with its position"
contains "$(cat broken.log)" "fix the" "and it says to fix it before CI"
[[ -f .github/workflows/cv.yml ]] && pass "the workflow is still written" || fail "no workflow"

# An existing .gitignore without a final newline gets the line once; other lines stay.
cd "$WORK" && mkdir other && cd other
printf 'node_modules\n*.log' > .gitignore
"$MKCV" init > init.log 2>&1 || { cat init.log; fail "init in a folder with .gitignore"; }
[[ "$(cat .gitignore)" == $'node_modules\n*.log\nout/.mkcv' ]] && pass ".gitignore appended to" ||
  fail ".gitignore: $(cat .gitignore)"
"$MKCV" init > /dev/null 2>&1
(($(grep -c 'out/.mkcv' .gitignore) == 1)) && pass "appended once" || fail "duplicated: $(cat .gitignore)"
ls -a | grep -q '\.tmp$' && fail "a temporary file left: $(ls -a)" || pass "no temporaries left"

# The line init wrote before, out/.mkcv/, matches a folder only: a link or a file committed
# as out/.mkcv would not be ignored. Such a .gitignore gets the new line, once.
cd "$WORK" && mkdir oldline && cd oldline && git init -q .
printf 'out/.mkcv/\n' > .gitignore
"$MKCV" init > old.log 2>&1 || { cat old.log; fail "init with the old line"; }
[[ "$(cat .gitignore)" == $'out/.mkcv/\nout/.mkcv' ]] && pass "the old folder-only line gets the new one" ||
  fail ".gitignore after the old line: $(cat .gitignore)"
"$MKCV" init > /dev/null 2>&1
[[ "$(cat .gitignore)" == $'out/.mkcv/\nout/.mkcv' ]] && pass "and only once" || fail ".gitignore: $(cat .gitignore)"
mkdir -p out && ln -s "$WORK" out/.mkcv
git check-ignore -q out/.mkcv && pass "git ignores a link at out/.mkcv" || fail "a link at out/.mkcv is not ignored"
rm out/.mkcv

# A .gitignore that is a folder is refused: exit 2, said, and the rest still written.
cd "$WORK" && mkdir odd && cd odd && mkdir .gitignore
set +e
"$MKCV" init > odd.log 2>&1
status=$?
set -e
expect_status 2 "$status" "init with .gitignore a folder"
contains "$(cat odd.log)" ".gitignore is a folder" "says why"
[[ -f cv.toml && -f .github/workflows/cv.yml ]] && pass "the other files written" || fail "other files"

# A name cv.toml refuses: exit 2 and nothing written.
cd "$WORK" && mkdir bad && cd bad
set +e
"$MKCV" init "" > ../bad.log 2>&1
status=$?
set -e
expect_status 2 "$status" "an empty name"
[[ -z "$(ls -A)" ]] && pass "nothing written for a bad name" || fail "written: $(ls -A)"
finish
