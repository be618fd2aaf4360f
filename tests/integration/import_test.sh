# `mkcv import` with the real binary: the three formats of tests/data/import, detected and
# named; each result validates and renders (import_fixtures_test.sh builds their PDFs);
# nothing of a source is dropped (every scalar is in cv.toml or the summary);
# hostile values round-trip exactly; bad input exits 2 with file:line:col; a YAML bomb is
# refused fast; an existing file is kept without --force.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
DATA="$SRC/tests/data/import"
export SOURCE_DATE_EPOCH=1700000000
fixtures=()
for f in "$DATA"/*.json "$DATA"/*.yaml; do fixtures+=("$(basename "$f")"); done

# no_drop SOURCE TOML SUMMARY: every scalar of SOURCE appears in a string (or integer) of
# TOML, or on a summary line that names its path with its value or "not imported".
no_drop() {
  PYTHONPATH="$SRC/tests/integration" python3 - "$@" <<'PY'
import json, sys, tomllib, yaml, lenient_json
src, out, summary = sys.argv[1:4]
text = open(src, encoding="utf-8").read()
data = lenient_json.loads(text) if src.endswith(".json") else yaml.safe_load(text)
def scalar_text(v):
    if isinstance(v, bool): return "true" if v else "false"
    return v.isoformat() if hasattr(v, "isoformat") else str(v)
written = []
def collect(v):
    if isinstance(v, dict): [collect(x) for x in v.values()]
    elif isinstance(v, list): [collect(x) for x in v]
    else: written.append(scalar_text(v))
collect(tomllib.load(open(out, "rb")))
lines = [l.strip().split(" → ", 1) for l in open(summary, encoding="utf-8") if " → " in l]
missing = []
def child(path, key):  # as the importer writes paths (child_path in source_tree.cpp)
    if key and all(c.isascii() and (c.isalnum() or c in "_-$") for c in key):
        return (path + "." if path else "") + key
    return path + '["' + "".join("\\" + c if c in '"\\' else "?" if ord(c) < 32 else c for c in key) + '"]'
def walk(v, path):
    if isinstance(v, dict):
        for k, x in v.items():
            walk(x, child(path, str(k)))
    elif isinstance(v, list):
        for i, x in enumerate(v): walk(x, f"{path}[{i}]")
    elif v is not None:
        s = scalar_text(v)
        if any(s in w for w in written): return
        # A value changed on the way is on a summary line with its path and source text;
        # another tool's settings are "not imported" as a whole.
        if any((path in f and s in f) or (path.startswith(f) and t.startswith("not imported"))
               for f, t in lines): return
        missing.append(f"{path} = {s!r}")
walk(data, "")
if missing:
    print("\n".join(missing)); sys.exit(1)
PY
}

for fixture in "${fixtures[@]}"; do
  format="${fixture%%[.-]*}"
  dir="${fixture%.*}"
  mkdir "$dir" && cd "$dir"
  "$MKCV" import "$DATA/$fixture" > out.log 2> summary.log && status=0 || status=$?
  expect_status 0 $status "$fixture imports"
  contains "$(cat summary.log)" "$format (detected)" "$fixture: the format is detected and said"
  contains "$(cat summary.log)" "values imported from $format" "$fixture: the summary has the count"
  [[ ! -s out.log ]] && pass "$fixture: nothing on standard output" || fail "$fixture: stdout: $(cat out.log)"
  head -1 cv.toml | grep -qx '#:schema ./schema/cv.schema.json' && pass "$fixture: the #:schema line" ||
    fail "$fixture: first line $(head -1 cv.toml)"
  "$MKCV" validate cv.toml > validate.log 2>&1 && status=0 || status=$?
  expect_status 0 $status "$fixture: the cv.toml validates"
  "$MKCV" render cv.toml -t long > long.tex 2> render.log && status=0 || status=$?
  expect_status 0 $status "$fixture: the cv.toml renders with the long template"
  out="$(no_drop "$DATA/$fixture" cv.toml summary.log)" && pass "$fixture: nothing dropped" ||
    fail "$fixture: values neither in cv.toml nor in the summary: $out"
  cd "$WORK"
done

# Golden: the cv.toml and the summary on standard error of each fixture, imported by its
# bare name (MKCV_UPDATE_GOLDEN=1 rewrites tests/golden/import/ after a change on purpose).
mkdir golden && cd golden
for fixture in "${fixtures[@]}"; do
  cp "$DATA/$fixture" .
  "$MKCV" import "$fixture" -o "$fixture.toml" 2> "$fixture.summary" && status=0 || status=$?
  expect_status 0 $status "$fixture imports by its bare name"
  for kind in toml summary; do
    expected="$SRC/tests/golden/import/$fixture.$kind"
    if [[ "${MKCV_UPDATE_GOLDEN:-0}" == 1 ]]; then
      mkdir -p "$(dirname "$expected")" && cp "$fixture.$kind" "$expected"
    fi
    if diff -u "$expected" "$fixture.$kind" > diff.log 2>&1; then
      pass "$fixture: the $kind is as in tests/golden/import"
    else
      fail "$fixture: the $kind differs from tests/golden/import: $(head -40 diff.log)"
    fi
  done
done
cd "$WORK"

contains "$(cat jsonresume/summary.log)" "work[1].description → experience[1].note" "summary: a field moved into a note"
contains "$(cat jsonresume/summary.log)" "basics.profiles[2] (ORCID) → person.profiles" "summary: a profile"
contains "$(cat jsonresume/summary.log)" "jsonresume.json:39:" "a warning points at the source line"
contains "$(cat jsonresume/summary.log)" "warning: work[1].endDate: ends (2017-02) before it starts" "an end before its start warns"
contains "$(cat rendercv/cv.toml)" '**legged robots** that walk on [rough terrain](https://example.org/terrain)' "RenderCV Markdown is kept as written"

# Output: -o -, an existing file, --force, --from.
"$MKCV" import "$DATA/rendercv.yaml" -o - > printed.toml 2> /dev/null && status=0 || status=$?
expect_status 0 $status "-o - prints"
grep -q '^name = "Tomás Ferreira"' printed.toml && pass "-o - prints the cv.toml" || fail "-o - output"
echo "keep me" > existing.toml
"$MKCV" import "$DATA/rendercv.yaml" -o existing.toml > /dev/null 2> exists.log && status=0 || status=$?
expect_status 2 $status "an existing file is refused"
contains "$(cat exists.log)" "existing.toml exists; add --force" "the refusal says --force"
[[ "$(cat existing.toml)" == "keep me" ]] && pass "the existing file is untouched" || fail "existing file changed"
"$MKCV" import "$DATA/rendercv.yaml" -o existing.toml --force > /dev/null 2>&1 && status=0 || status=$?
expect_status 0 $status "--force replaces it"
"$MKCV" import "$DATA/yamlresume.yaml" --from yamlresume -o named.toml 2> named.log
contains "$(cat named.log)" "yamlresume.yaml: yamlresume" "--from is said"
lacks "$(cat named.log)" "(detected)" "--from is not 'detected'"
"$MKCV" import "$DATA/jsonresume.json" --from nosuch -o x.toml > /dev/null 2>&1 && status=0 || status=$?
expect_status 2 $status "an unknown --from is a usage error"

# Hostile values: LaTeX specials, HTML, TOML-breaking quotes and newlines, control
# characters, non-BMP text round-trip exactly; the result validates and renders.
python3 - <<'PY'
import json
nasty = "\\textbf{x} $ & % # _ ^ ~ { } <script>alert(1)</script> \"\"\" ''' \\n \t \x01 \x1b \x7f 😀 𝔸"
doc = {"basics": {"name": nasty, "label": "a\nb\r\nc", "summary": "para one\n\n" + nasty},
       "work": [{"name": "]]\n[person]\nname = \"x\"", "position": nasty, "highlights": [nasty]}]}
json.dump(doc, open("hostile.json", "w"), ensure_ascii=False)
json.dump(doc, open("hostile.expected.json", "w"))
PY
"$MKCV" import hostile.json -o hostile.toml > /dev/null 2> hostile.log && status=0 || status=$?
expect_status 0 $status "hostile values import"
python3 - <<'PY' && pass "hostile values round-trip exactly" || fail "hostile values changed"
import json, tomllib
doc = json.load(open("hostile.expected.json"))
t = tomllib.load(open("hostile.toml", "rb"))
assert t["person"]["name"] == doc["basics"]["name"]
assert t["person"]["position"] == doc["basics"]["label"]
assert t["experience"][0]["organization"] == doc["work"][0]["name"]
assert t["experience"][0]["role"] == doc["work"][0]["position"]
assert t["experience"][0]["highlights"] == doc["work"][0]["highlights"]
assert t["person"]["summary"] == doc["basics"]["summary"]
assert list(t.keys()) == ["person", "experience"], list(t.keys())
PY
"$MKCV" validate hostile.toml > /dev/null 2>&1 && status=0 || status=$?
expect_status 0 $status "the hostile import validates"
"$MKCV" render hostile.toml -t long > hostile.tex 2> /dev/null && status=0 || status=$?
expect_status 0 $status "the hostile import renders"
lacks "$(cat hostile.tex)" '\textbf{x} $ &' "no raw LaTeX specials in the .tex"

# Bad input: exit 2, file:line:col, nothing written.
printf '{\n  "basics": {\n    "name": "A",,\n  }\n}\n' > broken.json
"$MKCV" import broken.json -o broken.toml > /dev/null 2> broken.log && status=0 || status=$?
expect_status 2 $status "broken JSON exits 2"
contains "$(cat broken.log)" "broken.json:3:" "broken JSON: its line"
contains "$(cat broken.log)" "error: invalid JSON" "broken JSON: the message"
[[ ! -e broken.toml ]] && pass "nothing written on an error" || fail "broken.toml written"
# A wrong type is a warning at its place, and the value is kept: never a refusal.
printf '{"basics": {\n  "name": 42\n}, "references": 0}\n' > type.json
"$MKCV" import type.json -o type.toml > /dev/null 2> type.log && status=0 || status=$?
expect_status 0 $status "a wrong type imports"
contains "$(cat type.log)" "type.json:2:11: warning: basics.name: expected text, found a number" "a wrong type: position and message"
contains "$(cat type.log)" "type.json:3:18: warning: references: expected a list, found a number" "references: 0 is a warning"
contains "$(cat type.toml)" '"references: 0"' "references: 0 is kept"
"$MKCV" validate type.toml > /dev/null 2>&1 && status=0 || status=$?
expect_status 0 $status "the import of wrong types validates"
printf 'cv:\n  name: A\n  sections:\n    education:\n      - institution: [x\n' > broken.yaml
"$MKCV" import broken.yaml -o b.toml > /dev/null 2> brokenyaml.log && status=0 || status=$?
expect_status 2 $status "broken YAML exits 2"
contains "$(cat brokenyaml.log)" "broken.yaml:" "broken YAML: its file"
contains "$(cat brokenyaml.log)" "error: invalid YAML" "broken YAML: the message"
printf '{"basics": {"name": "A", "name": "B"}}\n' > dup.json
"$MKCV" import dup.json -o d.toml > /dev/null 2> dup.log && status=0 || status=$?
expect_status 2 $status "a duplicate key exits 2"
contains "$(cat dup.log)" "duplicate key \"name\"" "a duplicate key is named"
printf '{"basics": {"name": "A\xff"}}\n' > utf.json
"$MKCV" import utf.json -o u.toml > /dev/null 2> utf.log && status=0 || status=$?
expect_status 2 $status "invalid UTF-8 exits 2"
printf 'title: what is this\n' > unknown.yaml
"$MKCV" import unknown.yaml -o u.toml > /dev/null 2> unknown.log && status=0 || status=$?
expect_status 0 $status "a file of no known schema imports (generic)"
contains "$(cat unknown.log)" "generic (detected: no mark of JSON Resume, RenderCV or YAMLResume)" "the generic importer says why"
printf 'just: [text\n' > notyaml.yaml
"$MKCV" import notyaml.yaml -o n.toml > /dev/null 2>&1 && status=0 || status=$?
expect_status 2 $status "what is not YAML at all exits 2"
"$MKCV" import nosuch.json -o n.toml > /dev/null 2> missing.log && status=0 || status=$?
expect_status 2 $status "a missing file exits 2"

# A billion laughs: refused fast, within bounded memory.
{
  echo 'a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'
  for i in 1 2 3 4 5 6 7 8 9; do
    echo "a$i: &a$i [*a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1)), *a$((i-1))]"
  done
  echo 'cv: {name: *a9}'
} > bomb.yaml
# Memory is bounded: by ulimit for a plain binary, by ASan's own limit for a sanitized one
# (ASan reserves terabytes of address space, which no ulimit -v allows).
if grep -qa __asan_init "$MKCV"; then
  export ASAN_OPTIONS="hard_rss_limit_mb=2048${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  small_memory=unlimited large_memory=unlimited
else
  small_memory=1000000 large_memory=2000000  # KiB
fi
start=$SECONDS
( ulimit -v "$small_memory"; timeout 20 "$MKCV" import bomb.yaml -o bomb.toml > /dev/null 2> bomb.log ) &&
  status=0 || status=$?
expect_status 2 $status "a YAML bomb exits 2"
((SECONDS - start < 10)) && pass "a YAML bomb is refused fast" || fail "a YAML bomb took $((SECONDS - start)) s"
contains "$(cat bomb.log)" "aliases are expanded" "a YAML bomb: the message says why"

# Random odd values (blank, not dates, not URLs, Markdown, per language) of the right types:
# each file imports, or fails because of the source (no name); never "does not validate".
mkdir random && cd random
imported=0
for seed in $(seq 1 40); do
  for kind in json yaml; do
    python3 "$DATA/random_import.py" "$seed" "$kind" > "in-$seed.$kind"
    "$MKCV" import "in-$seed.$kind" -o out.toml --force > /dev/null 2> log && status=0 || status=$?
    ((status == 0)) && imported=$((imported + 1))
    if ((status != 0 && status != 2)) || grep -q "does not validate" log; then
      fail "random $seed.$kind: exit $status: $(grep error: log | head -3)"
    fi
  done
done
((imported >= 60)) && pass "random odd values: $imported of 80 import, the rest fail on the source" ||
  fail "random odd values: only $imported of 80 imported"
cd "$WORK"

# Hostile files: none may crash, hang or exhaust memory; each ends with 0 or 2 and a message.
mkdir hostile && cd hostile
python3 - <<'PY'
import random
random.seed(13)
def write(name, data):
    open(name, "wb").write(data if isinstance(data, bytes) else data.encode())
write("garbage.json", bytes(random.getrandbits(8) for _ in range(65536)))
write("garbage.yaml", bytes(random.getrandbits(8) for _ in range(65536)).replace(b"\0", b"x"))
write("empty.yaml", "")
write("deep-array.json", "[" * 200000 + "]" * 200000)
write("deep-object.json", '{"a":' * 100000 + "1" + "}" * 100000)
write("deep-flow.yaml", "cv: " + "[" * 100000 + "]" * 100000 + "\n")
write("deep-block.yaml", "".join("  " * i + "a:\n" for i in range(3000)))
write("self-alias.yaml", "cv: &a\n  name: A\n  sections: {x: [*a]}\n")
write("merge-bomb.yaml", "a0: &a0 {k0: v}\n" + "".join(
    "a%d: &a%d {<<: [*a%d, *a%d], k%d: v}\n" % (i, i, i - 1, i - 1, i) for i in range(1, 40)))
write("wide-keys.json", '{"basics": {"name": "A"}, ' + ", ".join('"k%d": %d' % (i, i) for i in range(300000)) + "}")
write("huge-value.json", '{"basics": {"name": "' + "x" * 200000 + '"}}')
write("huge-line.yaml", "cv:\n  name: " + "y" * 3000000 + "\n")
write("not-an-object.json", "[1, 2, 3]")
write("string-root.yaml", "just text\n")
PY
for f in *; do
  ( ulimit -v "$large_memory"; timeout 30 "$MKCV" import "$f" -o "$f.toml" > /dev/null 2> "$f.log" ) &&
    status=0 || status=$?
  if [[ $status == 0 || $status == 2 ]]; then pass "hostile $f: exit $status"; else fail "hostile $f: exit $status"; fi
  [[ $status == 0 ]] || grep -q "error:" "$f.log" && pass "hostile $f: says why" || fail "hostile $f: no error message"
done
cd "$WORK"

"$MKCV" import --help > help.log 2>&1
contains "$(cat help.log)" "--from" "import --help lists --from"
contains "$(cat help.log)" "docs/import.md" "import --help points at the docs"

finish
