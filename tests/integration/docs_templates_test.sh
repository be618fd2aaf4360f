# docs/template-variables.md documents the real context: every variable it lists exists in
# the context of a built-in template, and every variable of those contexts is listed; every
# filter key of the schema is documented in docs/templates.md.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
cp "$SRC/tests/data/hostile.toml" hostile.toml
# The academic sections (talks, service, grants, students, patents, press).
cp "$SRC/tests/data/academic.toml" academic.toml
# The résumé sections (projects, volunteer, certificates, skills, languages, interests,
# references).
cp "$SRC/tests/data/resume_sections.toml" resume_sections.toml
# Custom-section entries, which neither of the other CVs has.
# And the person's profiles, a location in parts and a photo.
printf '\x89PNG\r\n\x1a\nrest' > photo.png
cat > entries.toml <<'TOML'
[person]
name = "Ada Lovelace"
photo = "photo.png"
location = { address = "1 Main St", postal_code = "10115", city = "Berlin", region = "Berlin", country = "Germany", country_code = "DE" }
profiles = [{ network = "ORCID", username = "0000-0002-1825-0097" }]
[[sections]]
title = "Service"
[[sections.entries]]
title = "Program committee"
subtitle = "NSDI 2026"
date = "2025"
location = "Boston"
text = "Two rounds."
highlights = ["Reviewed 12 papers"]
[[sections.entries]]
title = "Workshop"
url = "https://example.org/workshop"
start = "2023-10"
end = "present"
links = { slides = "https://example.org/slides.pdf" }
TOML
for cv in cv.toml hostile.toml entries.toml academic.toml resume_sections.toml; do
  for t in long short modern ats classic banking sidebar awesome homepage publications-html markdown jsonresume; do
    "$MKCV" context "$cv" -t "$t" > "context-${cv%.toml}-$t.json"
  done
done
# documents[]: the other templates of the build, here long and short beside the homepage.
"$MKCV" context cv.toml -t homepage -t long -t short > context-cv-homepage-beside.json
"$MKCV" schema > schema.json

python3 - "$SRC/docs/template-variables.md" "$SRC/docs/templates.md" schema.json context-*.json \
  > report.txt <<'PY' || true
import json, re, sys
variables = open(sys.argv[1], encoding="utf-8").read()
doc = open(sys.argv[2], encoding="utf-8").read()
documented = set(re.findall(r"^\| `([a-z0-9_.\[\]]+)` \|", variables, re.M))
actual = set()
def walk(value, path):
    if isinstance(value, dict):
        for k, v in value.items():
            walk(v, f"{path}.{k}" if path else k)
    elif isinstance(value, list):
        actual.add(path + "[]")
        for item in value:
            walk(item, path + "[]")
    else:
        actual.add(path)
for name in sys.argv[4:]:
    walk(json.load(open(name, encoding="utf-8")), "")
# `first` and `last` of list items are documented once, for all lists.
actual = {p for p in actual if not re.search(r"\[\]\.(first|last)$", p)}
for p in sorted(actual - documented): print("undocumented: " + p)
for p in sorted(documented - actual): print("documented but not in the context: " + p)
schema = json.load(open(sys.argv[3]))
rules = schema["properties"]["templates"]["additionalProperties"]
for key in list(rules["properties"]) + list(rules["properties"]["filters"]["properties"]["publications"]["properties"]):
    if f"`{key}`" not in doc: print("filter key not documented: " + key)
print(f"checked {len(actual)} variables")
PY
cat report.txt
if grep -q -E "^(undocumented|documented but|filter key)" report.txt; then
  fail "docs/template-variables.md (or templates.md's filter keys) and the context differ"
else
  pass "docs/template-variables.md lists exactly the context's variables"
fi
contains "$(cat report.txt)" "checked" "the check ran"
finish
