# `mkcv import` on every fixture of tests/data/import (CVs shaped like real ones, which
# together cover every field of JSON Resume 1.0, RenderCV's entry types and settings and
# YAMLResume's sections and locales): each imports, validates and builds the `long` PDF
# with real TeX and the homepage, and the PDF's text and the homepage's have every string of
# the source (import_pdf_text.py says which print in another form, and why). Each JSON Resume fixture, imported then built with
# `-t jsonresume`, gives back its values (import_round_trip.py lists what does not yet) in a
# file valid against the official schema (ajv-cli, pinned in tests/tools: npm ci there).
# The cv.toml and the summary of each fixture are golden-tested in import_test.sh.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")" SRC="$(realpath "$SRC")"

cd "$WORK"
DATA="$SRC/tests/data/import"
export SOURCE_DATE_EPOCH=1700000000
fixtures=()
for f in "$DATA"/*.json "$DATA"/*.yaml; do fixtures+=("$(basename "$f")"); done
((${#fixtures[@]} >= 18)) && pass "${#fixtures[@]} fixtures" || fail "only ${#fixtures[@]} fixtures"

# Together the fixtures cover every field of each format: JSON Resume's from its official
# schema (tests/tools), RenderCV's and YAMLResume's as their documentation lists them.
PYTHONPATH="$SRC/tests/integration" python3 - "$DATA" "$SRC/tests/tools/node_modules/@jsonresume/schema/schema.json" <<'PY' &&
import glob, json, os, re, sys, yaml, lenient_json
data, schema_file = sys.argv[1:3]
def paths(v, p=""):
    if isinstance(v, dict):
        for k, x in v.items(): yield from paths(x, f"{p}.{k}" if p else k)
    elif isinstance(v, list):
        for x in v: yield from paths(x, p + "[]")
    else: yield p
def load(f):
    text = open(f, encoding="utf-8").read()
    return lenient_json.loads(text) if f.endswith(".json") else yaml.load(text, Loader=yaml.BaseLoader)
have = {fmt: set() for fmt in ("jsonresume", "rendercv", "yamlresume", "generic")}
docs = {fmt: [] for fmt in have}
for f in glob.glob(os.path.join(data, "*.json")) + glob.glob(os.path.join(data, "*.yaml")):
    fmt = os.path.basename(f).split("-")[0].split(".")[0]
    docs[fmt].append(load(f)); have[fmt] |= set(paths(docs[fmt][-1]))
missing = []
if os.path.exists(schema_file):
    schema = json.load(open(schema_file))
    def fields(node, p):
        if "$ref" in node: node = schema["definitions"][node["$ref"].split("/")[-1]]
        if "properties" in node:
            for k, v in node["properties"].items(): yield from fields(v, f"{p}.{k}" if p else k)
        elif node.get("type") == "array" and isinstance(node.get("items"), dict) and \
                ("properties" in node["items"] or "$ref" in node["items"]):
            yield from fields(node["items"], p + "[]")
        else: yield p
    want = set(fields(schema, ""))
    missing += [f"jsonresume: {p}" for p in sorted(want) if not any(h == p or h.startswith(p + "[]") for h in have["jsonresume"])]
elif os.environ.get("MKCV_ALLOW_SKIP") != "1":
    missing.append("jsonresume: no @jsonresume/schema (npm ci in tests/tools, or MKCV_ALLOW_SKIP=1)")
# RenderCV: every entry type with every key, and cv's and the settings' blocks.
entry_keys = {"education": ["institution", "area", "degree", "start_date", "end_date", "date", "location", "summary", "highlights", "url"],
              "experience": ["company", "position", "start_date", "end_date", "date", "location", "summary", "highlights"],
              "normal": ["name", "start_date", "end_date", "date", "location", "summary", "highlights", "url"],
              "publication": ["title", "authors", "doi", "url", "journal", "date", "summary"],
              "oneline": ["label", "details"], "bullet": ["bullet"], "numbered": ["number"],
              "reversednumbered": ["reversed_number"]}
kinds = {k: set() for k in entry_keys}; text_entries = 0
def kind(e):
    for k, key in (("education", "institution"), ("experience", "company"), ("publication", "authors"),
                   ("oneline", "details"), ("bullet", "bullet"), ("reversednumbered", "reversed_number"),
                   ("numbered", "number"), ("normal", "name")):
        if key in e: return k
for d in docs["rendercv"]:
    for entries in d["cv"].get("sections", {}).values():
        for e in entries:
            if isinstance(e, str): text_entries += 1
            else: kinds[kind(e)] |= set(e)
missing += [f"rendercv {k}: {key}" for k, keys in entry_keys.items() for key in keys if key not in kinds[k]]
if not text_entries: missing.append("rendercv: a TextEntry")
for p in ["cv.name", "cv.headline", "cv.label", "cv.location", "cv.email", "cv.phone", "cv.website",
          "cv.social_networks[].network", "cv.social_networks[].username", "cv.custom_connections[].url",
          "design.theme", "locale.language", "rendercv_settings.date", "rendercv_settings.bold_keywords[]"]:
    if p not in have["rendercv"]: missing.append(f"rendercv: {p}")
# YAMLResume: every section of content with its keys, and locales beyond English.
yaml_fields = {"basics": ["name", "headline", "phone", "email", "url", "summary"],
               "location": ["address", "city", "region", "country", "postalCode"],
               "profiles[]": ["network", "url", "username"],
               "education[]": ["institution", "url", "degree", "area", "score", "startDate", "endDate", "courses[]", "summary"],
               "work[]": ["name", "position", "url", "startDate", "endDate", "summary", "keywords[]"],
               "volunteer[]": ["organization", "position", "url", "startDate", "endDate", "summary"],
               "awards[]": ["title", "awarder", "date", "summary"],
               "certificates[]": ["name", "issuer", "date", "url"],
               "publications[]": ["name", "publisher", "releaseDate", "url", "summary"],
               "skills[]": ["name", "level", "keywords[]"],
               "languages[]": ["language", "fluency", "keywords[]"],
               "interests[]": ["name", "keywords[]"],
               "references[]": ["name", "relationship", "phone", "email", "summary"],
               "projects[]": ["name", "url", "startDate", "endDate", "description", "summary", "keywords[]"]}
missing += [f"yamlresume: content.{s}.{k}" for s, keys in yaml_fields.items() for k in keys
            if f"content.{s}.{k}" not in have["yamlresume"]]
locales = {d.get("locale", {}).get("language") for d in docs["yamlresume"]}
if len(locales - {"en", None}) < 3: missing.append(f"yamlresume: locales {sorted(filter(None, locales))}")
if "layouts[].engine" not in have["yamlresume"]: missing.append("yamlresume: layouts")
if missing: print("\n".join(missing)); sys.exit(1)
PY
  pass "the fixtures cover every field of the three formats" || fail "fields no fixture has"

# Import and validate, one folder per fixture.
for fixture in "${fixtures[@]}"; do
  mkdir "$fixture.d" && cp "$DATA/$fixture" "$fixture.d/"
  (cd "$fixture.d" && "$MKCV" import "$fixture" > /dev/null 2> summary.log) && status=0 || status=$?
  expect_status 0 $status "$fixture imports"
  (cd "$fixture.d" && "$MKCV" validate > validate.log 2>&1) && status=0 || status=$?
  expect_status 0 $status "$fixture: the cv.toml validates"
done

# The long PDFs with real TeX, two builds at a time (a few seconds each).
require_tool xelatex "setup.sh installs TeX Live"
{
  for fixture in "${fixtures[@]}"; do
    (cd "$fixture.d" && { "$MKCV" build -t long -o out > build.log 2>&1; echo $? > build.status; }) &
    if (($(jobs -rp | wc -l) >= 2)); then wait -n || true; fi
  done
  wait
  for fixture in "${fixtures[@]}"; do
    cd "$WORK/$fixture.d"
    expect_status 0 "$(cat build.status)" "$fixture: the long PDF builds"
    if [[ -f out/cv-long.pdf ]]; then
      pdftotext -enc UTF-8 out/cv-long.pdf pdf.txt
      pdfinfo -url out/cv-long.pdf > pdf.urls
      out="$(python3 "$SRC/tests/integration/import_pdf_text.py" "$fixture" pdf.txt pdf.urls cv.toml)" &&
        pass "$fixture: the PDF has every string of the source ($out)" || fail "$fixture: $out"
    fi
  done
  cd "$WORK"
}

# The homepage of each import has every string of the source too: its text (tags, scripts
# and styles left out; the text between tags joined as the browser shows it) and the targets
# of its links, in the form import_pdf_text.py reads pdfinfo's. No TeX: a few ms each.
for fixture in "${fixtures[@]}"; do
  cd "$WORK/$fixture.d"
  if env PATH=/nonexistent "$MKCV" build -t homepage -o html > html.log 2>&1 && [[ -f html/cv-homepage.html ]]; then
    python3 - html/cv-homepage.html <<'PY'
import html.parser, sys
class Page(html.parser.HTMLParser):
    skip = 0
    text, urls = [], []
    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "style")
        self.urls += [value for name, value in attrs if name == "href" and value]
    def handle_endtag(self, tag): self.skip -= tag in ("script", "style")
    def handle_data(self, data):
        if not self.skip: self.text.append(data)
page = Page(convert_charrefs=True)
page.feed(open(sys.argv[1], encoding="utf-8").read())
open("html.txt", "w", encoding="utf-8").write("".join(page.text))
open("html.urls", "w", encoding="utf-8").write("".join(f"1 Annotation {u}\n" for u in page.urls))
PY
    out="$(python3 "$SRC/tests/integration/import_pdf_text.py" "$fixture" html.txt html.urls cv.toml)" &&
      pass "$fixture: the homepage has every string of the source ($out)" || fail "$fixture: homepage: $out"
  else
    fail "$fixture: the homepage builds: $(tail -3 html.log)"
  fi
done
cd "$WORK"

# Round trip: each JSON Resume fixture, imported, built back into JSON Resume (no TeX).
pairs=()
for fixture in "${fixtures[@]}"; do
  [[ "$fixture" == jsonresume*.json ]] || continue
  (cd "$fixture.d" && env PATH=/nonexistent "$MKCV" build -t jsonresume -o json > json.log 2>&1) &&
    status=0 || status=$?
  expect_status 0 $status "$fixture: its import builds back into JSON Resume"
  pairs+=("$fixture.d/$fixture" "$fixture.d/json/cv-jsonresume.json")
done
# [extra] (a source's x-… fields) is kept for the round trip and printed nowhere: not in the
# PDF, the homepage or the Markdown.
ru=jsonresume-russian.json.d
(cd "$ru" && env PATH=/nonexistent "$MKCV" build -t homepage -t markdown -o html > html.log 2>&1) &&
  status=0 || status=$?
expect_status 0 $status "$ru: homepage and Markdown build"
grep -q '^\[extra\]' "$ru/cv.toml" && pass "the x- fields are in [extra]" || fail "no [extra] in $ru/cv.toml"
for value in vs-f4c1a2 vs-dark-theme vs-cv-export; do
  printed="$(cat "$ru/pdf.txt" "$ru"/html/*.html "$ru"/html/*.md 2> /dev/null | grep -c -- "$value" || true)"
  [[ "$printed" == 0 ]] && pass "[extra] $value is printed nowhere" || fail "[extra] $value is printed"
  grep -q -- "$value" "$ru/json/cv-jsonresume.json" && pass "[extra] $value comes back in JSON Resume" ||
    fail "[extra] $value lost on the way back to JSON Resume"
done
[[ -s "$ru/pdf.txt" ]] && ls "$ru"/html/*.html "$ru"/html/*.md > /dev/null 2>&1 &&
  pass "the outputs searched for [extra] exist" || fail "no PDF text, homepage or Markdown to search"

out="$(python3 "$SRC/tests/integration/import_round_trip.py" "${pairs[@]}")" &&
  pass "JSON Resume round trip: $out" || fail "JSON Resume round trip: $out"
tools="$SRC/tests/tools/node_modules"
if [[ -x "$tools/.bin/ajv" ]] && command -v node > /dev/null; then
  for ((i = 1; i < ${#pairs[@]}; i += 2)); do
    "$tools/.bin/ajv" validate -s "$tools/@jsonresume/schema/schema.json" -d "${pairs[i]}" \
      -c ajv-formats --spec=draft7 --all-errors --errors=text > ajv.log 2>&1 &&
      pass "${pairs[i - 1]##*/}: the JSON Resume built back is valid" ||
      fail "${pairs[i - 1]##*/}: the JSON Resume built back is invalid: $(cat ajv.log)"
  done
elif [[ "${MKCV_ALLOW_SKIP:-0}" == 1 ]]; then
  skip "no ajv-cli (npm ci in tests/tools; MKCV_ALLOW_SKIP=1)"
else
  fail "ajv-cli or @jsonresume/schema missing: run npm ci in tests/tools (or MKCV_ALLOW_SKIP=1)"
fi

finish
