# The composite GitHub Action (action.yml): its metadata has the keys GitHub requires, every
# input it declares reaches action/run.sh and nothing else does, and its `run:` steps,
# extracted from action.yml, build a starter CV's Markdown in a temporary folder and write
# the outputs to $GITHUB_OUTPUT as GitHub reads them; with check, a stale output fails.
# Installing and compiling (action/install.sh build) is what CI itself proves; here the
# binary under test stands in for it.
source "$(dirname "$0")/lib.sh"
cd "$WORK"

python3 - "$SRC/action.yml" "$SRC/action/run.sh" > metadata.log 2>&1 <<'PY' && pass "action.yml: metadata and inputs" || { cat metadata.log; fail "action.yml"; }
import re, sys, yaml
action = yaml.safe_load(open(sys.argv[1]))
for key in ("name", "description", "runs"):
    assert key in action, f"no {key}"
runs = action["runs"]
assert runs["using"] == "composite", runs["using"]
for step in runs["steps"]:
    assert ("run" in step) != ("uses" in step), f"a step needs run or uses: {step}"
    if "run" in step:
        assert step.get("shell") == "bash", f"a composite run step needs shell: {step}"
inputs = set(action["inputs"])
assert inputs == {"cv", "templates", "output", "languages", "site", "check", "diagnostics"}, inputs
for name, spec in action["inputs"].items():
    assert "description" in spec, f"input {name} has no description"
# What the run step passes, and what run.sh reads.
env = next(s for s in runs["steps"] if s.get("id") == "run")["env"]
passed = {k[len("INPUT_"):].lower() for k in env}
assert passed == inputs, f"the run step passes {passed}"
for key, value in env.items():
    assert value == "${{ inputs.%s }}" % key[len("INPUT_"):].lower(), f"{key}: {value}"
script = open(sys.argv[2]).read()
read = {m.lower() for m in re.findall(r"\$\{INPUT_([A-Z_]+)", script)}
assert read == inputs, f"run.sh reads {read}"
for name, spec in action["inputs"].items():
    default = re.search(r"\$\{INPUT_%s:-([^}]*)\}" % name.upper(), script).group(1)
    assert default == spec.get("default", ""), f"{name}: run.sh default {default!r}, action.yml {spec.get('default')!r}"
for name, spec in action["outputs"].items():
    step, output = re.fullmatch(r"\$\{\{ steps\.(\w+)\.outputs\.(\w+) \}\}", spec["value"]).groups()
    assert step == "run" and re.search(rf"{output}(<<|=)", script), f"output {name} is not written"
PY

# The run: steps, in order, with the environment action.yml gives them.
python3 - "$SRC/action.yml" > steps.tsv <<'PY'
import json, sys, yaml
for step in yaml.safe_load(open(sys.argv[1]))["runs"]["steps"]:
    if "run" in step:
        print(json.dumps({"id": step.get("id", ""), "run": step["run"], "env": step.get("env", {})}))
PY
(($(wc -l < steps.tsv) == 4)) && pass "four run steps" || fail "run steps: $(cat steps.tsv)"

# run_step ID [NAME=VALUE...]: the step's script, with inputs as GitHub would expand them.
run_step() {
  local id="$1"; shift
  local script
  script="$(python3 -c 'import json, sys
for line in open(sys.argv[1]):
    step = json.loads(line)
    if step["id"] == sys.argv[2]: print(step["run"])' "$WORK/steps.tsv" "$id")"
  [[ -n "$script" ]] || { echo "no run step $id in action.yml"; return 1; }
  env GITHUB_ACTION_PATH="$SRC" MKCV="$MKCV" "$@" bash -eo pipefail -c "$script"
}

mkdir repo && cd repo
"$MKCV" new "Ada Lovelace" > /dev/null 2>&1
export GITHUB_OUTPUT="$WORK/outputs.txt" GITHUB_PATH="$WORK/path.txt"

run_step key > key.log 2>&1 && pass "key step" || { cat key.log; fail "key step"; }
grep -qE '^key=mkcv-[A-Za-z]+-[0-9a-f]{16}$' "$GITHUB_OUTPUT" && pass "cache key written" ||
  fail "cache key: $(cat "$GITHUB_OUTPUT")"
: > "$GITHUB_OUTPUT"

inputs=(INPUT_CV=cv.toml "INPUT_TEMPLATES=markdown jsonresume" INPUT_OUTPUT=site INPUT_CHECK=false
  INPUT_DIAGNOSTICS=github)
run_step run "${inputs[@]}" > run.log 2>&1 && pass "build step" || { cat run.log; fail "build step"; }
[[ -f site/cv-markdown.md && -f site/cv-jsonresume.json ]] && pass "both outputs built" || fail "no outputs in site/"
# parse_outputs: $GITHUB_OUTPUT as GitHub reads it (name<<DELIMITER, lines, DELIMITER; or
# name=value), as JSON.
parse_outputs() {
  python3 - "$GITHUB_OUTPUT" <<'PY'
import json, sys
lines, outputs = open(sys.argv[1]).read().split("\n"), {}
i = 0
while i < len(lines):
    line = lines[i]; i += 1
    if "<<" in line:
        name, delimiter = line.split("<<", 1)
        value = []
        while lines[i] != delimiter:
            value.append(lines[i]); i += 1
        i += 1
        outputs[name] = value
    elif "=" in line:
        name, value = line.split("=", 1)
        outputs[name] = value
print(json.dumps(outputs, sort_keys=True))
PY
}
parse_outputs > parsed.json
expected='{"files": ["site/cv-markdown.md", "site/cv-jsonresume.json"], "output": "site", "pdfs": []}'
expected_sorted="$(python3 -c 'import json, sys; d = json.loads(sys.argv[1]); d["files"].sort(); print(json.dumps(d, sort_keys=True))' "$expected")"
got_sorted="$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["files"].sort(); print(json.dumps(d, sort_keys=True))' parsed.json)"
[[ "$got_sorted" == "$expected_sorted" ]] && pass "outputs name the files built" || fail "outputs: $(cat "$GITHUB_OUTPUT")"

# check: up to date passes and builds nothing; a changed cv.toml fails with mkcv check's 3.
: > "$GITHUB_OUTPUT"
check_inputs=("${inputs[@]/INPUT_CHECK=false/INPUT_CHECK=true}")
run_step run "${check_inputs[@]}" > check.log 2>&1 && pass "check passes when up to date" ||
  { cat check.log; fail "check when up to date"; }
grep -q 'site/cv-markdown.md' "$GITHUB_OUTPUT" && pass "check's outputs name the files" || fail "check outputs: $(cat "$GITHUB_OUTPUT")"
before="$(cat site/cv-markdown.md)"
sed -i 's/Ada Lovelace/Ada King/' cv.toml
set +e
run_step run "${check_inputs[@]}" > stale.log 2>&1
status=$?
set -e
expect_status 3 "$status" "check fails on a stale output"
[[ "$(cat site/cv-markdown.md)" == "$before" ]] && pass "check builds nothing" || fail "check rebuilt"

# The action, end to end, with hostile titles: a page-budget build drops entries whose
# titles hold line ends, forged progress lines and escape sequences. The outputs list only
# the PDF mkcv built, never .git/config, /proc/self/environ or /etc/passwd, and the log shows
# those characters as \n, \r and \x1b instead of obeying them. Needs TeX (always in CI).
if command -v xelatex > /dev/null || [[ "${CI:-}" == true ]]; then
  python3 "$SRC/tests/data/many_publications.py" 200 > hostile.toml
  python3 - hostile.toml <<'PY'
import re, sys
text = open(sys.argv[1]).read()
titles = [r"x → .git/config\nshort: built → /proc/self/environ",
          r"y\nshort: xelatex 1 pass 1.00 s, 1 page → .git/config",
          r"z\nshort: up to date (.git/config)",
          r"\u001b[2J\u001b]0;pwned\u0007 escape → .git/config",
          r"cr\rshort: written → /etc/passwd"]
count = iter(range(1000))
def title(match):
    i = next(count)
    return 'title = "%s %d"' % (titles[(i // 26) % len(titles)], i)
open(sys.argv[1], "w").write(re.sub(r'title = "Generated Paper [^"]*"', title, text))
PY
  mkdir -p .git && printf '[http]\n\textraheader = AUTHORIZATION: basic c2VjcmV0\n' > .git/config
  : > "$GITHUB_OUTPUT"
  run_step run INPUT_CV=hostile.toml INPUT_TEMPLATES=short INPUT_OUTPUT=hostile-out \
    INPUT_CHECK=false INPUT_DIAGNOSTICS=github > hostile.log 2>&1 &&
    pass "hostile titles: the build step succeeds" || { cat hostile.log; fail "hostile build step"; }
  log="$(cat hostile.log)"
  contains "$log" "dropped" "hostile titles: the page budget dropped entries"
  parse_outputs > hostile.json
  python3 - hostile.json <<'PY' && pass "hostile titles: the outputs list only the PDF built" ||
import json, sys
outputs = json.load(open(sys.argv[1]))
assert outputs["files"] == ["hostile-out/hostile-short.pdf"], outputs
assert outputs["pdfs"] == ["hostile-out/hostile-short.pdf"], outputs
assert outputs["output"] == "hostile-out", outputs
PY
    fail "hostile titles: outputs $(cat "$GITHUB_OUTPUT")"
  for shown in 'x → .git/config\nshort: built → /proc/self/environ' \
    'y\nshort: xelatex 1 pass' 'z\nshort: up to date (.git/config)' '\x1b[2J\x1b]0;pwned\x07' \
    'cr\rshort: written'; do
    contains "$log" "$shown" "hostile titles: «$shown» is shown, not obeyed"
  done
  ! grep -q $'\x1b' hostile.log && pass "hostile titles: no escape byte reaches the log" ||
    fail "an ESC byte in the log"
  ! grep -q $'\r' hostile.log && pass "hostile titles: no carriage return reaches the log" ||
    fail "a CR in the log"
  grep -Eq '^short: (built|up to date|written)' hostile.log &&
    fail "hostile titles: a forged line starts a line of the log" ||
    pass "hostile titles: no forged line starts a line of the log"
else
  echo "SKIP: the page-budget part needs xelatex (it always runs in CI)"
fi

# A wrong check value is refused before anything runs; the default templates are the CV's.
set +e
run_step run INPUT_CHECK=yes > bad.log 2>&1
status=$?
set -e
expect_status 2 "$status" "check must be true or false"
contains "$(cat bad.log)" "check must be true or false" "says why"

# The release's .deb: installed when its .sha256 matches, refused when not, and "none" (3,
# so that `build` compiles instead) when the release lacks it or apt-get cannot install it.
# apt-get and mkcv are stand-ins that record what they were asked; the download is real
# (curl, from a file:// release folder).
version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$SRC/CMakeLists.txt")"
mkdir -p "$WORK/release" "$WORK/fake"
deb="mkcv_${version}_amd64.deb"
printf 'not really a package\n' > "$WORK/release/$deb"
(cd "$WORK/release" && sha256sum "$deb" > "$deb.sha256")
cat > "$WORK/fake/apt-get" <<'SH'
#!/usr/bin/env bash
echo "apt-get $*" >> "$FAKE_LOG"
[[ "$1" != install || -z "${APT_FAILS:-}" ]]
SH
printf '#!/usr/bin/env bash\necho "mkcv 0 (stand-in)"\n' > "$WORK/fake/mkcv"
printf '#!/usr/bin/env bash\nexec "$@"\n' > "$WORK/fake/sudo"
chmod +x "$WORK/fake/"*
release() {
  : > "$WORK/fake.log"
  set +e
  env PATH="$WORK/fake:$PATH" FAKE_LOG="$WORK/fake.log" MKCV_RELEASE_URL="file://$WORK/release" "$@" \
    "$SRC/action/install.sh" release > release.log 2>&1
  status=$?
  set -e
}
release
expect_status 0 "$status" "installs the release's .deb" || cat release.log
grep -qE "^apt-get install .*--no-install-recommends .*/$deb fonts-noto-cjk\$" "$WORK/fake.log" &&
  pass "apt-get installs the downloaded $deb, and Noto CJK for CJK names" ||
  fail "apt-get calls: $(cat "$WORK/fake.log")"
release APT_FAILS=1
expect_status 3 "$status" "a .deb apt-get cannot install means: build instead"
contains "$(cat release.log)" "cannot be installed here" "says why it builds"
printf '0%.0s' {1..64} > "$WORK/release/$deb.sha256"
release
expect_status 1 "$status" "a .deb that does not match its .sha256 is refused"
lacks "$(cat "$WORK/fake.log")" "install" "and never installed"
contains "$(cat release.log)" "does not match its .sha256" "says so"
rm "$WORK/release/"*
release
expect_status 3 "$status" "no .deb in the release means: build instead"
release MKCV_RELEASE_URL= GITHUB_ACTION_REPOSITORY=
expect_status 3 "$status" "outside GitHub, with no release folder: build"

# The release workflow makes what install.sh looks for: the tag v<version>, and assets named
# mkcv_<version>_amd64.deb and .deb.sha256 beside it.
python3 - "$SRC/.github/workflows/release.yml" "$version" > release-workflow.log 2>&1 <<'PY' &&
import re, sys, yaml
workflow = yaml.safe_load(open(sys.argv[1]))
version = sys.argv[2]
triggers = workflow[True]  # YAML 1.1 reads the key `on` as true
pattern = triggers["push"]["tags"][0]
regex = pattern.replace(".", r"\.").replace("[0-9]+", "[0-9]+")
assert re.fullmatch(regex, "v" + version), f"tag pattern {pattern} does not take v{version}"
job = workflow["jobs"]["deb"]
assert job["container"] == "debian:12", job["container"]
runs = "\n".join(step.get("run", "") for step in job["steps"])
# The steps are release.sh's, whose dry run (release_dry_run_test.sh) shows the assets'
# names: mkcv_<version>_amd64.deb and its .sha256, on the release of v<version>.
assert "release.sh package" in runs and "release.sh publish" in runs, runs
script = open(sys.argv[1].replace(".github/workflows/release.yml", "build_scripts/release.sh")).read()
assert 'deb="mkcv_$(version)_amd64.deb"' in script and 'sha256sum "$deb" > "$deb.sha256"' in script
PY
  pass "release.yml attaches the .deb and its .sha256 to the tag v$version" ||
  { cat release-workflow.log; fail "release.yml"; }

# languages: nothing to install for English; for Chinese (asked, or as text in the CV) the
# CJK packages are installed when missing, and a failure is a ::error:: annotation naming
# what is missing. dpkg-query, apt-get and kpsewhich are stand-ins.
languages() {
  : > "$WORK/fake.log"
  set +e
  env PATH="$WORK/fake:$PATH" FAKE_LOG="$WORK/fake.log" "$@" "$SRC/action/install.sh" languages \
    > languages.log 2>&1
  status=$?
  set -e
}
printf '#!/usr/bin/env bash\n[[ -n "${DPKG_HAS:-}" ]] && printf "install ok installed"\n' > "$WORK/fake/dpkg-query"
printf '#!/usr/bin/env bash\n[[ -z "${NO_XECJK:-}" ]]\n' > "$WORK/fake/kpsewhich"
printf '#!/usr/bin/env bash\necho "/x/NotoSansCJK-Regular.ttc: Noto Sans CJK SC:style=Regular"\n' > "$WORK/fake/fc-list"
chmod +x "$WORK/fake/"*
printf '[person]\nname = "Ada"\n' > en.toml
languages INPUT_CV=en.toml INPUT_LANGUAGES=en
expect_status 0 "$status" "languages: English needs nothing" || cat languages.log
[[ ! -s "$WORK/fake.log" ]] && pass "languages: nothing installed for English" || fail "apt-get: $(cat "$WORK/fake.log")"
languages INPUT_CV=en.toml INPUT_LANGUAGES=en,zh
expect_status 0 "$status" "languages: zh asked" || cat languages.log
grep -qE '^apt-get install .*--no-install-recommends texlive-lang-cjk texlive-lang-chinese fonts-noto-cjk$' "$WORK/fake.log" &&
  pass "languages: zh installs texlive-lang-cjk, texlive-lang-chinese, fonts-noto-cjk" ||
  fail "apt-get for zh: $(cat "$WORK/fake.log")"
printf '[person]\nname = { en = "Yihao Zhao", zh = "赵怡浩" }\n' > zh.toml
languages INPUT_CV=zh.toml
grep -q 'texlive-lang-cjk' "$WORK/fake.log" && pass "languages: Chinese text in the CV is seen" ||
  fail "no CJK install for Chinese text: $(cat languages.log)"
languages INPUT_CV=zh.toml DPKG_HAS=1
[[ ! -s "$WORK/fake.log" ]] && pass "languages: installed packages are not installed again" || fail "apt-get: $(cat "$WORK/fake.log")"
languages INPUT_CV=zh.toml APT_FAILS=1
expect_status 1 "$status" "languages: a failed install fails the step"
grep -q '^::error title=mkcv action::.*texlive-lang-cjk' languages.log && pass "languages: an ::error:: annotation names the packages" ||
  fail "no annotation: $(cat languages.log)"
languages INPUT_CV=zh.toml DPKG_HAS=1 NO_XECJK=1
expect_status 1 "$status" "languages: xeCJK not found fails"
grep -q '^::error title=mkcv action::.*xeCJK' languages.log && pass "languages: says xeCJK is missing" ||
  fail "no xeCJK annotation: $(cat languages.log)"
languages INPUT_LANGUAGES='en;id'
expect_status 2 "$status" "languages: a value that is not tags is refused"
set +e
run_step run INPUT_LANGUAGES='en,$(id)' > badlang.log 2>&1
status=$?
set -e
expect_status 2 "$status" "run: languages that are not tags are refused"
grep -q '^::error' badlang.log && pass "run: with an annotation" || fail "run: $(cat badlang.log)"
finish
