# Issue 38's "done when", as CI runs it but without GitHub: in a fresh git repository with an
# English and Chinese CV, a photo, a .bib, a paper's thumbnail and BibTeX file,
# `mkcv init --pages --lang en,zh --sync`; then
#   - every workflow parses as YAML, every `uses:` (the action's own too) is pinned to a
#     commit (mkcv's own action to its version's tag), every input given to the mkcv action exists in action.yml;
#   - docs/ci.md shows exactly the workflows init writes;
#   - after `git add` of exactly what init printed, a fresh clone holds every file cv.toml
#     reads: `mkcv validate` succeeds there;
#   - the workflow's mkcv step (action/run.sh with its `with:` inputs) in the clone gives both
#     languages' PDFs and a Pages tree with the site and the PDFs (needs xelatex);
#   - --lang with anything but tags is refused, and a file name a shell line should not hold
#     is left off the git add line.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

mkdir repo && cd repo
git init -q . && git config user.email t@example.org && git config user.name test
cp "$SRC/cv.toml" cv.toml
python3 - <<'PY'
import os, struct, zlib
def png(name, w, h, rgb):
    raw = b"".join(b"\0" + bytes(rgb) * w for _ in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    open(name, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
png("photo.png", 64, 64, (70, 110, 160))
os.makedirs("img", exist_ok=True)
png("img/paper.png", 64, 40, (200, 120, 60))
open("refs.bib", "w").write("@article{lovelace1843notes,\n  title = {Notes on the Analytical Engine},\n"
                            "  author = {Zhao, Yihao and Lovelace, Ada},\n  journal = {Taylor's Scientific Memoirs},\n  year = {1843},\n}\n")
open("paper.bib", "w").write("@misc{x, title = {X}, year = {2024}}\n")
text = open("cv.toml", encoding="utf-8").read()
text = 'bibliography = ["refs.bib"]\n' + text
text = text.replace('github = "Rivendile"\n', 'github = "Rivendile"\nphoto = "photo.png"\n', 1)
text = text.replace('venue = "SCIS"\nyear = 2024\n', 'venue = "SCIS"\nyear = 2024\n'
                    'thumbnail = "img/paper.png"\nlinks = { bibtex = "paper.bib" }\n', 1)
open("cv.toml", "w", encoding="utf-8").write(text)
PY
grep -q '^photo = "photo.png"' cv.toml && grep -q '^thumbnail = ' cv.toml && grep -q 'zh = ' cv.toml ||
  fail "the test's cv.toml edits did not apply (the seed CV changed)"
"$MKCV" validate > validate.log 2>&1 && pass "the CV validates before init" || { cat validate.log; fail "validate"; }

"$MKCV" init --pages --lang en,zh --sync > init.log 2>&1 && pass "mkcv init --pages --lang en,zh --sync" ||
  { cat init.log; fail "init"; finish; }
add_line="$(sed -n 's/^  git add \(.*\) && git commit -m "CV"$/\1/p' init.log)"
[[ -n "$add_line" ]] && pass "init prints a git add line" || { cat init.log; fail "no git add line"; finish; }
read -r -a listed <<< "$add_line"
for file in cv.toml .gitignore .github/workflows/cv.yml .github/workflows/sync.yml refs.bib photo.png \
  img/paper.png paper.bib; do
  [[ " ${listed[*]} " == *" $file "* ]] && pass "init lists $file" || fail "init does not list $file: $add_line"
done
[[ ! -e .gitlab-ci.yml ]] && pass "no .gitlab-ci.yml without --gitlab" || fail ".gitlab-ci.yml written"

# The workflows: YAML, pinned, and the mkcv action given only its inputs, at this version.
repository="$(sed -nE 's/^MKCV_GITHUB_REPOSITORY:STRING=(.*)/\1/p' "$(dirname "$MKCV")/CMakeCache.txt")"
version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$SRC/CMakeLists.txt")"
python3 - "$SRC/action.yml" "$repository" "$version" .github/workflows/cv.yml .github/workflows/sync.yml \
  > workflows.log 2>&1 <<'PY' && pass "the workflows parse, are pinned and use only the action's inputs" ||
import re, sys, yaml
action_file, repository, version, *workflows = sys.argv[1:]
action = yaml.safe_load(open(action_file))
inputs = set(action["inputs"])
# Another's action at a commit (a tag can be moved); mkcv's own at its version's tag, below.
pinned = re.compile(r"[^@\s]+@[0-9a-f]{40}")
def steps_of(document):
    if "jobs" in document:
        return [s for job in document["jobs"].values() for s in job.get("steps", [])]
    return document["runs"]["steps"]
for path in workflows + [action_file]:
    document = yaml.safe_load(open(path))
    for step in steps_of(document):
        if "uses" in step:
            if not step["uses"].startswith(repository + "@"):
                assert pinned.fullmatch(step["uses"]), f"{path}: {step['uses']} is not pinned"
            else:
                assert step["uses"] == f"{repository}@v{version}", step["uses"]
                assert set(step.get("with", {})) <= inputs, f"{path}: {step.get('with')}"
    if "jobs" in document:
        assert "permissions" in document, f"{path}: no permissions"
        assert "concurrency" in document, f"{path}: no concurrency"
cv = yaml.safe_load(open(workflows[0]))
mkcv = next(s for s in steps_of(cv) if s.get("uses", "").startswith(repository + "@"))
assert mkcv["with"]["languages"] == "en,zh" and mkcv["with"]["site"] == "_site", mkcv["with"]
assert cv["jobs"]["deploy"]["concurrency"] == {"group": "pages", "cancel-in-progress": False}
assert cv["jobs"]["deploy"]["permissions"] == {"pages": "write", "id-token": "write"}
caches = [s["with"]["path"] for s in steps_of(cv) if s.get("uses", "").startswith("actions/cache@")]
assert caches == ["out/.mkcv"], caches
sync = yaml.safe_load(open(workflows[1]))
job = sync["jobs"]["sync"]
assert sync["permissions"] == {} and job["permissions"] == {"contents": "write", "pull-requests": "write"}
caches = [s["with"]["path"] for s in job["steps"] if s.get("uses", "").startswith("actions/cache@")]
assert caches == [job["env"]["XDG_CACHE_HOME"] + "/mkcv"], caches
run = next(s["run"] for s in job["steps"] if "mkcv sync" in s.get("run", ""))
assert '[ "$status" -le 1 ] || exit "$status"' in run, run
assert any(s.get("uses", "").startswith("peter-evans/create-pull-request@") for s in job["steps"])
PY
  { cat workflows.log; fail "workflows"; }

# docs/ci.md shows the workflows init writes, byte for byte.
for pair in "pages-workflow:.github/workflows/cv.yml" "sync-workflow:.github/workflows/sync.yml"; do
  marker="${pair%%:*}" file="${pair#*:}"
  shown="$(sed -n "/<!-- $marker:start -->/,/<!-- $marker:end -->/p" "$SRC/docs/ci.md" | grep -v -e '^<!--' -e '^```')"
  # docs/ci.md shows the Pages workflow without --lang.
  [[ "$marker" == pages-workflow ]] && shown="$(sed 's/^          output: out$/          output: out\n          languages: en,zh/' <<< "$shown")"
  [[ "$shown" == "$(cat "$file")" ]] && pass "docs/ci.md shows $file" || fail "docs/ci.md's $marker differs from $file"
done

# git add exactly what init printed; a fresh clone validates.
git add -- "${listed[@]}" && git commit -qm CV && pass "git add of init's list" || fail "git add"
cd "$WORK" && git clone -q repo clone && cd clone
"$MKCV" validate > validate.log 2>&1 && pass "mkcv validate in a fresh clone" || { cat validate.log; fail "validate in the clone"; }

# The workflow's mkcv step, as CI runs it, in the clone.
if command -v xelatex > /dev/null || [[ "${CI:-}" == true ]]; then
  mapfile -t inputs < <(python3 - .github/workflows/cv.yml "$repository" <<'PY'
import sys, yaml
steps = yaml.safe_load(open(sys.argv[1]))["jobs"]["cv"]["steps"]
mkcv = next(s for s in steps if s.get("uses", "").startswith(sys.argv[2] + "@"))
for key, value in mkcv["with"].items():
    print(f"INPUT_{key.upper()}={value}")
PY
  )
  env "${inputs[@]}" GITHUB_OUTPUT="$WORK/outputs.txt" MKCV="$MKCV" "$SRC/action/run.sh" > action.log 2>&1 &&
    pass "the workflow's mkcv step builds" || { tail -30 action.log; fail "the mkcv step"; }
  for file in out/cv-long.pdf out/cv-long.zh.pdf out/cv-short.pdf out/cv-short.zh.pdf _site/index.html \
    _site/zh/index.html _site/cv-long.pdf _site/zh/cv-long.zh.pdf _site/.nojekyll; do
    [[ -f "$file" ]] && pass "$file" || fail "no $file"
  done
else
  echo "SKIP: the build part needs xelatex (it always runs in CI)"
fi

# --lang takes tags only; nothing is written when it is refused.
cd "$WORK" && mkdir badlang && cd badlang
set +e
"$MKCV" init --lang 'en,zh$(id)' > ../bad.log 2>&1
status=$?
set -e
expect_status 2 "$status" "--lang with a character that is not a tag's"
[[ -z "$(ls -A)" ]] && pass "nothing written for a bad --lang" || fail "written: $(ls -A)"

# A .bib whose name a shell line should not hold is counted, not printed.
cd "$WORK" && mkdir oddname && cd oddname
printf '@misc{y, title = {Y}, year = {2020}}\n' > 'my $refs.bib'
printf 'bibliography = ["my $refs.bib"]\n[person]\nname = "Ada"\n' > cv.toml
"$MKCV" init > odd.log 2>&1 || { cat odd.log; fail "init with an odd .bib name"; }
lacks "$(cat odd.log)" 'my $refs' "the odd name is not printed"
contains "$(cat odd.log)" "git add them yourself" "and it says a file was left out"
finish
