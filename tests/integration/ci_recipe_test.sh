# The recipes in docs/ci.md work as written. The shell recipe's lines are taken from the
# document and run in a folder holding only cv.toml, with a stand-in for the clone of mkcv
# whose action/install.sh links the mkcv under test (installing and compiling is what CI
# itself proves). The GitHub Pages workflow parses, passes the mkcv action only inputs it
# declares, uses it at the address mkcv is built with, and its site step, run on the
# action's real outputs, puts the CV's files beside the site's pages.
source "$(dirname "$0")/lib.sh"

recipe="$(sed -n '/<!-- ci-recipe:start -->/,/<!-- ci-recipe:end -->/p' "$SRC/docs/ci.md" |
  grep -v -e '^<!--' -e '^```')"
[[ -n "$recipe" ]] && pass "recipe found in docs/ci.md" || { fail "no recipe in docs/ci.md"; finish; }
contains "$recipe" 'action/install.sh" build' "recipe installs with the action's script"
contains "$recipe" "mkcv check" "recipe ends with mkcv check"

cd "$WORK"
mkdir -p cvrepo mkcv-src/action mkcv-src/build
cp "$SRC/cv.toml" cvrepo/cv.toml
printf '#!/bin/sh\nln -sf "%s" "%s/mkcv-src/build/mkcv"\n' "$MKCV" "$WORK" > mkcv-src/action/install.sh
chmod +x mkcv-src/action/install.sh
export SOURCE_DATE_EPOCH=1700000000 MKCV_SRC="$WORK/mkcv-src"
cd cvrepo

bash -c "$recipe" > recipe.log 2>&1 && pass "recipe runs" || { cat recipe.log; fail "recipe failed"; }
[[ -f out/cv-long.pdf && -f out/cv-short.pdf ]] && pass "recipe builds both PDFs" || fail "no PDFs"
contains "$(cat recipe.log)" "long: up to date" "recipe's check passes"

# The same recipe stops at `check` when a PDF is stale.
check_line="$(grep '^mkcv check' <<< "$recipe")"
sed -i 's/Ph.D. Candidate/PhD Candidate/' cv.toml
set +e
PATH="$MKCV_SRC/build:$PATH" bash -c "$check_line" > stale.log 2>&1
status=$?
set -e
expect_status 3 "$status" "recipe's check fails on a stale PDF"

# The GitHub Pages workflow: what `mkcv init --pages` writes (init_pipeline_test.sh checks
# that docs/ci.md shows exactly that), its mkcv step run as CI runs it, with the action's
# `site` input: the site and the PDFs, with the site's own pages beside them.
cd "$WORK"
sed -n '/<!-- pages-workflow:start -->/,/<!-- pages-workflow:end -->/p' "$SRC/docs/ci.md" |
  grep -v -e '^<!--' -e '^```' > pages.yml
repository="$(sed -nE 's/^MKCV_GITHUB_REPOSITORY:STRING=(.*)/\1/p' "$(dirname "$MKCV")/CMakeCache.txt")"
python3 - pages.yml "$SRC/action.yml" "$repository" > pages.log 2>&1 <<'PY' &&
import json, sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
action = yaml.safe_load(open(sys.argv[2]))
build, deploy = workflow["jobs"]["cv"], workflow["jobs"]["deploy"]
uses = [s.get("uses", "").split("@")[0] for s in build["steps"]]
assert uses.count(sys.argv[3]) == 1, f"{sys.argv[3]} in {uses}"
assert "actions/upload-pages-artifact" in uses, uses
assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in deploy["steps"])
assert deploy["needs"] == "cv"
assert workflow["permissions"] == {"contents": "read"}, workflow["permissions"]
assert deploy["permissions"] == {"pages": "write", "id-token": "write"}, deploy["permissions"]
assert deploy["concurrency"]["group"] == "pages" and deploy["concurrency"]["cancel-in-progress"] is False
mkcv = next(s for s in build["steps"] if s.get("uses", "").startswith(sys.argv[3] + "@"))
assert set(mkcv["with"]) <= set(action["inputs"]), mkcv["with"]
upload = next(s for s in build["steps"] if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
assert upload["with"]["path"] == mkcv["with"]["site"] == "_site", upload
print(json.dumps(mkcv["with"]), file=open("mkcv_inputs.json", "w"))
PY
  pass "the Pages workflow parses and uses the action's inputs and outputs" || { cat pages.log; fail "pages workflow"; }

# The action's build with the workflow's inputs, on the recipe's PDFs (up to date).
mkdir homepage && cd homepage
cp "$SRC/cv.toml" . && cp -r ../cvrepo/out .
mkdir site && echo '<p>about me</p>' > site/about.html
export GITHUB_OUTPUT="$WORK/pages-outputs.txt"
mapfile -t inputs < <(python3 -c 'import json
for k, v in json.load(open("../mkcv_inputs.json")).items(): print(f"INPUT_{k.upper()}={v}")')
env "${inputs[@]}" INPUT_TEMPLATES="long short" MKCV="$MKCV" "$SRC/action/run.sh" > action.log 2>&1 &&
  pass "the action builds the PDFs and the site" || { cat action.log; fail "action run"; }
for file in about.html index.html cv-long.pdf cv-short.pdf .nojekyll; do
  [[ -f "_site/$file" ]] && pass "_site/$file" || fail "no _site/$file"
done
cmp -s _site/cv-long.pdf out/cv-long.pdf && pass "the PDF published is the one built" || fail "cv-long.pdf differs"
finish
