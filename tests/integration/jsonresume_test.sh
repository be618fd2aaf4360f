# The built-in `jsonresume` template: the JSON Resume document of cv.toml, hostile.toml,
# hostile_text.toml, scripts.toml, resume_sections.toml and a CV with a name only parses, validates against the
# official schema (@jsonresume/schema, with ajv-cli and ajv-formats, pinned in tests/tools),
# and holds every string of its cv.toml exactly as written (hostile values round-trip).
# Needs `npm ci` in tests/tools (build_scripts/test.sh does it); fails without it unless
# MKCV_ALLOW_SKIP=1.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")" SRC="$(realpath "$SRC")"  # run by hand with relative paths too

tools="$SRC/tests/tools/node_modules"
ajv="$tools/.bin/ajv"
schema="$tools/@jsonresume/schema/schema.json"
if [[ ! -x "$ajv" || ! -f "$schema" ]] || ! command -v node > /dev/null; then
  if [[ "${MKCV_ALLOW_SKIP:-}" == 1 ]]; then skip "no ajv-cli or @jsonresume/schema (MKCV_ALLOW_SKIP=1)"; fi
  fail "ajv-cli or @jsonresume/schema missing: run npm ci in tests/tools (or MKCV_ALLOW_SKIP=1)"; finish
fi
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
cp "$SRC/cv.toml" cv.toml
cp "$SRC/tests/data/hostile.toml" "$SRC/tests/data/hostile_text.toml" "$SRC/tests/data/scripts.toml" .
cp "$SRC/tests/data/resume_sections.toml" .
printf '[person]\nname = "Only A. Name"\n' > minimal.toml
# Profiles of every known network, a location in parts and a photo (basics.image).
printf '\x89PNG\r\n\x1a\nrest' > me.png
cat > profiles.toml <<'TOML'
[person]
name = "Ada Lovelace"
photo = "me.png"
location = { address = "1 Main St", postal_code = "10115", city = "Berlin", region = "Berlin", country = "Germany", country_code = "DE" }
profiles = [
  { network = "ORCID", username = "0000-0002-1825-0097" },
  { network = "Google Scholar", username = "qc6CJjYAAAAJ" },
  { network = "DBLP", username = "12/3456" },
  { network = "Semantic Scholar", username = "1741101" },
  { network = "GitHub", username = "ada-l" },
  { network = "GitLab", username = "ada.l" },
  { network = "LinkedIn", username = "ada-lovelace" },
  { network = "X", username = "ada_l" },
  { network = "Mastodon", username = "@ada@mathstodon.xyz" },
  { network = "ResearchGate", username = "Ada-Lovelace" },
  { network = "Bluesky", username = "ada.bsky.social" },
  { network = "Myspace", url = "https://myspace.example/ada" },
  { url = "https://example.org/ada" },
]
TOML

# round_trip CV JSON: the JSON's strings (and keys) hold every string of CV exactly, but
# "present", which JSON Resume writes as no end date; an author is `name` and `suffix`
# ("Xuanzhe Liu" and " (Advisor)", as mkcv reads them: blanks before the remark may
# differ) with the marks * and † as `equal` and `corresponding`.
cat > round_trip.py <<'PY'
import json, sys, tomllib
cv = tomllib.load(open(sys.argv[1], "rb"))
doc = json.load(open(sys.argv[2], encoding="utf-8"))
strings = set()
def collect(v):
    if isinstance(v, dict):
        for k, x in v.items(): strings.add(k); collect(x)
    elif isinstance(v, list):
        for x in v: collect(x)
    elif isinstance(v, str): strings.add(v)
collect(doc)
bad = []
def walk(v, key=None):
    # A language table (docs/cv-format.md#several-languages): the default build prints en.
    if isinstance(v, dict) and "en" in v and all(isinstance(x, (str, list)) for x in v.values()):
        v = v["en"]
    if isinstance(v, dict):
        for k, x in v.items(): walk(x, k)
    elif isinstance(v, list):
        for x in v: walk(x, key)
    elif isinstance(v, str):
        # Tags choose entries; no output prints them.
        if key in ("authors", "tags") or v.lower() == "present": return
        # Prose prints as its plain text (inline markup removed); two strings of
        # hostile.toml happen to be Markdown (as_printed in lib.sh).
        v = v.replace("?` !`", "? !").replace("\\\\ \\csname", "\\ \\csname")
        if v not in strings: bad.append(v)
walk(cv)
for v in bad: print(f"not in the JSON exactly: {v!r}")
# The marks of authors: as booleans, in order.
papers = [p for p in doc.get("publications", [])]
for p in cv.get("publications", []):
    match = [q for q in papers if q["name"] == p["title"]]
    if len(match) != 1: bad.append(f"paper {p['title']!r} not once"); continue
    squeeze = lambda s: "".join(s.split())
    got = [(squeeze(a["name"] + (a["suffix"] or "")), a["equal"], a["corresponding"])
           for a in match[0]["mkcv"]["authors"]]
    want = [(squeeze(a.rstrip("*†")), "*" in a[len(a.rstrip("*†")):], "†" in a[len(a.rstrip("*†")):]) for a in p["authors"]]
    if got != want: bad.append(f"authors of {p['title']!r}: {got} != {want}")
if bad: print("\n".join(bad)); sys.exit(1)
PY

for cv in cv hostile hostile_text scripts resume_sections minimal profiles; do
  env PATH=/nonexistent "$MKCV" build "$cv.toml" -t jsonresume -o out > "$cv.log" 2>&1 ||
    { cat "$cv.log"; fail "$cv.toml: the jsonresume template builds without TeX"; continue; }
  json="out/$cv-jsonresume.json"
  python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$json" &&
    pass "$cv.toml: the output parses as JSON" || { fail "$cv.toml: not JSON"; continue; }
  "$ajv" validate -s "$schema" -d "$json" -c ajv-formats --spec=draft7 --all-errors --errors=text \
    > "$cv.ajv" 2>&1 && pass "$cv.toml: valid against @jsonresume/schema" ||
    { cat "$cv.ajv"; fail "$cv.toml: invalid JSON Resume"; }
  python3 round_trip.py "$cv.toml" "$json" && pass "$cv.toml: every string round-trips exactly" ||
    fail "$cv.toml: strings changed or missing"
done

# The mapping, on cv.toml.
python3 - out/cv-jsonresume.json <<'PY' && pass "cv.toml maps onto JSON Resume fields" || fail "mapping"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
b = d["basics"]
checks = [
    (b["name"], "Yihao Zhao"), (b["label"], "Ph.D. Candidate"), (b["email"], "zhaoyh98@pku.edu.cn"),
    (b["url"], "https://rivendile.github.io"), (b["summary"][:17], "AI infrastructure"),
    (b["profiles"], [{"network": "GitHub", "username": "Rivendile", "url": "https://github.com/Rivendile"}]),
    (b["mkcv"]["native_name"], "赵怡浩"),
    ([w["name"] for w in d["work"]], ["Xiaomi MiMo", "Shanghai AI Lab", "ByteDance", "Hyperplane Lab"]),
    ((d["work"][0]["startDate"], d["work"][0]["endDate"]), ("2025-08", "2026-02")),
    ((d["work"][2]["startDate"], d["work"][2]["endDate"]), ("2021-01", "2023-10")),
    ([(p["startDate"], p["endDate"]) for p in d["work"][2]["mkcv"]["periods"]],
     [("2021-01", "2021-10"), ("2022-05", "2023-10")]),
    ("endDate" in d["education"][0], False), (d["education"][0]["studyType"], "Ph.D. in Computer Science"),
    (d["education"][0]["mkcv"]["advisors"], ["Xuanzhe Liu", "Xin Jin"]),
    (len(d["publications"]), 9),
    ([(a["title"], a["date"], a["awarder"]) for a in d["awards"]], [("Best Paper Award", "2024", "MoNeTec")]),
    (d["meta"]["lastModified"], "2023-11-14"), (len(d["meta"]["mkcv"]["teaching"]), 3),
]
bad = [f"{got!r} != {want!r}" for got, want in checks if got != want]
print("\n".join(bad)); sys.exit(1 if bad else 0)
PY

# Profiles, photo and a location table, key by key; a profile with only a URL is never a
# profile of no network.
python3 - out/profiles-jsonresume.json <<'PY' && pass "profiles, photo and location map onto basics" || fail "profiles mapping"
import json, sys
b = json.load(open(sys.argv[1], encoding="utf-8"))["basics"]
p = b["profiles"]
checks = [
    (len(p), 13),
    (p[0], {"network": "ORCID", "username": "0000-0002-1825-0097", "url": "https://orcid.org/0000-0002-1825-0097"}),
    (p[7]["network"], "X"),
    (p[11], {"network": "Myspace", "url": "https://myspace.example/ada"}),
    (p[12]["url"], "https://example.org/ada"),
    (all(q["network"] for q in p), True),
    (b["image"], "me.png"),
    ((b["location"]["city"], b["location"]["postalCode"], b["location"]["countryCode"]), ("Berlin", "10115", "DE")),
]
bad = [f"{got!r} != {want!r}" for got, want in checks if got != want]
print("\n".join(bad)); sys.exit(1 if bad else 0)
PY

# The résumé sections go to JSON Resume's own arrays, key by key.
python3 - out/resume_sections-jsonresume.json <<'PY' && pass "résumé sections map onto JSON Resume's arrays" || fail "résumé mapping"
import json, sys
d = json.load(open(sys.argv[1], encoding="utf-8"))
p, v, c = d["projects"][0], d["volunteer"][0], d["certificates"][0]
checks = [
    ((p["name"], p["entity"], p["type"], p["startDate"], "endDate" in p),
     ("mkcv & friends #1", "Example Lab <b>bold</b>", "application", "2021-03", False)),
    ((p["roles"], p["keywords"][2], p["url"]),
     (["Maintainer", "Author  of  docs"], "A_B", "https://example.org/a_b%20c#x~y")),
    ((d["projects"][1]["startDate"], d["projects"][1]["endDate"]), ("2019", "2020-06")),
    ((v["organization"], v["position"], v["startDate"], v["endDate"], len(v["highlights"])),
     ("Code Club & Co_", "Mentor #2", "2018-09", "2019-07", 1)),
    ((c["name"], c["issuer"], c["date"], c["url"]),
     ("Certified Kubernetes Administrator {CKA}", "The Linux Foundation %", "2022-11-03",
      "https://example.org/cert?id=1&x=2")),
    ("date" in d["certificates"][1], False),
    ([(s["name"], s.get("level"), s["keywords"]) for s in d["skills"]],
     [("Programming ^^5c", "Expert  level", ["C++20", "Python", "\\LaTeX{}", "<i>HTML</i>"]),
      ("Systems", None, ["Kubernetes", "Slurm"])]),
    ([(l["language"], l.get("fluency")) for l in d["languages"]],
     [("English", "Full professional & C1"), ("Deutsch_{DE}", None)]),
    ([(i["name"], i["keywords"]) for i in d["interests"]],
     [("Music ~ & #", ["Piano", "Choir  singing"]), ("Climbing", [])]),
    ([r["name"] for r in d["references"]], ["Prof. Grace Hopper, Example University"]),
]
bad = [f"{got!r} != {want!r}" for got, want in checks if got != want]
print("\n".join(bad)); sys.exit(1 if bad else 0)
PY

# One build with the LaTeX templates and the Markdown beside it, in parallel.
"$MKCV" build -t long -t short -t markdown -t jsonresume -j 2 -o all > all.log 2>&1 ||
  { cat all.log; fail "long, short, markdown and jsonresume in one build with -j 2"; }
for f in cv-long.pdf cv-short.pdf cv-markdown.md cv-jsonresume.json; do
  [[ -s "all/$f" ]] && pass "one build writes $f" || fail "one build: no $f ($(ls all))"
done
"$MKCV" build -t long -t short -t markdown -t jsonresume -j 2 -o all > again.log 2>&1 || fail "again"
contains "$(cat again.log)" "jsonresume: up to date" "an unchanged JSON Resume is not written again"

finish
