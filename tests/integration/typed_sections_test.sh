# Typed sections under the source's own headings (issue 26): a RenderCV file with two
# experience sections and two publication sections, and a JSON Resume whose work entries
# carry mkcv's headings, are imported, then built as long (PDF, read back with pdftotext),
# homepage, markdown and jsonresume. Every output prints each section under its heading,
# in the source's order, with its own entries; the JSON Resume built back imports into the
# same sections.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
DATA="$SRC/tests/data/import"
export SOURCE_DATE_EPOCH=1700000000
require_tool pdftotext "apt-get install poppler-utils"

# in_order LABEL TEXT NEEDLE...: every needle is in TEXT, each after the one before.
in_order() {
  local label="$1" text="$2" rest needle
  shift 2
  rest="$text"
  for needle in "$@"; do
    if [[ "$rest" != *"$needle"* ]]; then
      fail "$label: «$needle» missing or out of order"
      return
    fi
    rest="${rest#*"$needle"}"
  done
  pass "$label"
}

# check_outputs DIR NEEDLE...: the four outputs of DIR show the needles in order.
check_outputs() {
  local dir="$1"
  shift
  local squashed_needles=()
  for n in "$@"; do squashed_needles+=("$(squashed "$n")"); done
  in_order "$dir: long PDF" "$(squashed "$(pdf_text "$dir/out/cv-long.pdf")")" "${squashed_needles[@]}"
  in_order "$dir: homepage" "$(cat "$dir"/out/cv-homepage.html)" "$@"
  in_order "$dir: markdown" "$(cat "$dir"/out/cv-markdown.md)" "$@"
  in_order "$dir: JSON Resume headings" "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
heading = {s["key"]: s["heading"] for s in d["meta"]["mkcv"].get("typed_sections", [])}
for w in d["work"]: print(heading.get(w.get("mkcv_section"), "Experience"), w["name"])
' "$dir/out/cv-jsonresume.json")" "$@"
}

build_all() {
  (cd "$1" && "$MKCV" build -t long -t homepage -t markdown -t jsonresume -o out > build.log 2>&1) &&
    pass "$1: long, homepage, markdown and jsonresume build" || fail "$1: build: $(tail -20 "$1/build.log")"
}

# --- RenderCV: two experience sections, education between them, two publication sections.
mkdir rc && cp "$DATA/rendercv-two-experience.yaml" rc/
(cd rc && "$MKCV" import rendercv-two-experience.yaml > /dev/null 2> import.log) &&
  pass "RenderCV imports" || fail "RenderCV import: $(cat rc/import.log)"
toml="$(cat rc/cv.toml)"
contains "$toml" '[section.software_development_experience]' "a typed section per RenderCV section"
contains "$toml" 'heading = "Software Development Experience"' "its heading is the source's title"
contains "$toml" '[[data_science_experience]]' "the second section's entries under its own key"
contains "$toml" '[section.invited_papers]' "publication sections are typed too"
build_all rc
# Education prints where the template puts it; the two experience sections keep their order,
# each with its own entries, and so do the two publication sections.
check_outputs rc "Software Development Experience" "Quanta Systems" "Loomworks" \
  "Data Science Experience" "Open Health Lab"
for f in rc/out/cv-homepage.html rc/out/cv-markdown.md; do
  in_order "$f: publication sections" "$(cat "$f")" "Invited Papers" "Streaming Joins" \
    "Contributed Papers" "Cost Models"
done
in_order "rc: long PDF publication sections" "$(squashed "$(pdf_text rc/out/cv-long.pdf)")" \
  InvitedPapers StreamingJoins ContributedPapers CostModels
# The homepage's anchors are the sections' keys: unique.
ids="$(grep -o 'id="[^"]*"' rc/out/cv-homepage.html | sort | uniq -d)"
[[ -z "$ids" ]] && pass "the homepage's ids are unique" || fail "repeated ids: $ids"
contains "$(cat rc/out/cv-homepage.html)" 'href="#section-data_science_experience"' "the nav links each section"

# The JSON Resume built back imports into the same sections.
mkdir rc2 && cp rc/out/cv-jsonresume.json rc2/cv.json
(cd rc2 && "$MKCV" import cv.json > /dev/null 2> import.log) && pass "the JSON Resume imports back" ||
  fail "JSON Resume import: $(cat rc2/import.log)"
toml2="$(cat rc2/cv.toml)"
contains "$toml2" '[section.data_science_experience]' "the round trip keeps the sections"
contains "$toml2" 'heading = "Data Science Experience"' "the round trip keeps the headings"
contains "$toml2" 'heading = "Invited Papers"' "the round trip keeps publication sections"
grep -A3 '^\[\[data_science_experience\]\]' rc2/cv.toml | grep -q 'Open Health Lab' &&
  pass "the round trip keeps each entry in its section" || fail "Open Health Lab not in its section"

# --- JSON Resume whose work entries carry mkcv's headings.
mkdir jr && cp "$DATA/jsonresume-headings.json" jr/
(cd jr && "$MKCV" import jsonresume-headings.json > /dev/null 2> import.log) &&
  pass "JSON Resume imports" || fail "JSON Resume import: $(cat jr/import.log)"
contains "$(cat jr/cv.toml)" 'heading = "Experiencia investigadora"' "the JSON Resume's heading"
build_all jr
check_outputs jr "Experiencia investigadora" "Instituto de Física Teórica" \
  "Experiencia en la industria" "Bodega Analytics" "Cervecería Norte"

finish
