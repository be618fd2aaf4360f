# `mkcv new`: the starter cv.toml validates and builds both PDFs as it is, holds the name
# exactly as given (any text), never replaces a file without --force, and writes nothing
# for a name cv.toml refuses.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

"$MKCV" new "Ada Lovelace" > new.log 2>&1 && pass "mkcv new" || { cat new.log; fail "mkcv new"; }
[[ -f cv.toml ]] && pass "cv.toml written" || fail "no cv.toml"
contains "$(head -1 cv.toml)" "#:schema ./schema/cv.schema.json" "the schema line"
"$MKCV" schema > expected-schema.json
cmp -s schema/cv.schema.json expected-schema.json && pass "the file the schema line names is there" ||
  fail "no schema/cv.schema.json beside cv.toml"
contains "$(cat new.log)" "schema/cv.schema.json" "and mkcv new says it wrote it"
# An existing schema file, or a link in the folder's place, is left alone.
echo '{}' > schema/cv.schema.json
"$MKCV" new "Ada Lovelace" --force > again.log 2>&1 || fail "mkcv new --force"
[[ "$(cat schema/cv.schema.json)" == '{}' ]] && pass "an existing schema file is kept" ||
  fail "the schema file was replaced"
mkdir linked && ln -s "$WORK/elsewhere" linked/schema
"$MKCV" new "Ada Lovelace" -o linked/cv.toml > linked.log 2>&1 || fail "mkcv new -o linked/cv.toml"
[[ ! -e "$WORK/elsewhere" ]] && pass "a link in the schema folder's place is not followed" ||
  fail "wrote through a link"
rm -rf schema && "$MKCV" new "Ada Lovelace" --force > /dev/null 2>&1
"$MKCV" validate > validate.log 2>&1 && pass "it validates" || { cat validate.log; fail "invalid starter"; }
# Every section of the format is in it, present or commented out: the list comes from the
# schema, so a section added to the format without a starter example fails here.
"$MKCV" schema > schema.json
sections="$(python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
print(" ".join(k for k, v in d["properties"].items() if v.get("type") == "array" and k != "bibliography"))' schema.json)"
[[ "$sections" == *talks* && "$sections" == *skills* ]] && pass "the schema lists the sections" ||
  fail "no sections in the schema: $sections"
for key in $sections; do
  grep -q "^#\? \?\[\[$key\]\]" cv.toml && pass "has [[$key]]" || fail "no [[$key]]"
done
for key in '\[person\]' '\[\[person.links\]\]' 'research_interests' 'bibliography' \
  '\[templates.short\]' '\[build\]'; do
  grep -q "^#\? \?$key" cv.toml && pass "has $key" || fail "no $key"
done
"$MKCV" build -q > build.log 2>&1 && pass "both PDFs build as they are" || { cat build.log; fail "build"; }
long="$(pdf_text out/cv-long.pdf)"
contains "$long" "Ada Lovelace" "the name in the long CV"
contains "$long" "The Title of Your Paper (example)" "the example paper says it is one"
[[ -f out/cv-short.pdf ]] && pass "the short CV" || fail "no short CV"

# Never over a file, unless --force.
echo "mine" > keep.toml
status=0
"$MKCV" new -o keep.toml > exists.log 2>&1 || status=$?
expect_status 2 "$status" "an existing file"
[[ "$(cat keep.toml)" == mine ]] && pass "left as it was" || fail "replaced without --force"
"$MKCV" new "Grace Hopper" -o keep.toml --force > force.log 2>&1 && grep -q 'name = "Grace Hopper"' keep.toml &&
  pass "--force replaces it" || fail "--force"

# Any name, exactly: quotes, backslashes, LaTeX and HTML, another script.
name='Zoë "Q" \input{/etc/passwd} <b>名前</b> 100%'
"$MKCV" new "$name" -o - > hostile.toml 2> hostile.log && pass "-o - prints it" || fail "-o -"
python3 -c 'import sys, tomllib; d = tomllib.load(open(sys.argv[1], "rb")); sys.exit(d["person"]["name"] != sys.argv[2])' \
  hostile.toml "$name" && pass "the name round-trips exactly" || fail "the name changed"
"$MKCV" render hostile.toml -t long > hostile.tex 2>&1 && pass "renders" || fail "render"
lacks "$(cat hostile.tex)" '\input{/etc/passwd}' "escaped for LaTeX"

# A name cv.toml refuses: exit 2, located, nothing written.
status=0
"$MKCV" new "" -o empty.toml > empty.log 2>&1 || status=$?
expect_status 2 "$status" "an empty name"
contains "$(cat empty.log)" "\`name\` must not be empty" "says why, where"
[[ ! -e empty.toml ]] && pass "nothing written" || fail "wrote empty.toml"
finish
