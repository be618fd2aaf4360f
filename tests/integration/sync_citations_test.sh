#!/usr/bin/env bash
# [sync] citations = true (docs/sync.md#citation-counts): the counts the recorded OpenAlex and
# Semantic Scholar answers give are kept in publications.citations.toml, never in the synced
# list; a second sync with the same counts changes no file; a changed count changes only the
# counts file and that count's date; the homepage shows "Cited by N" and the PDF themes never;
# a hostile counts file is read as untrusted input.
source "$(dirname "$0")/lib.sh"
DATA="$SRC/tests/data/sync"
cd "$WORK"
cp "$DATA/cv.toml" "$DATA/own.bib" .
sed -i 's/^\[sync\]$/[sync]\ncitations = true/' cv.toml
# Semantic Scholar's answer with a count higher than OpenAlex's 12 for the same paper.
python3 - "$DATA/semantic_scholar.json" s2.json 30 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["data"]:
    p["citationCount"] = int(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
sync() {  # sync ARGS...: status in $status, output in $out
  set +e
  out="$(SOURCE_DATE_EPOCH="$EPOCH" "$MKCV" sync "$@" 2>&1)"
  status=$?
  set -e
}
EPOCH=1764892800  # 2025-12-05
sync --offline "$DATA/openalex.json" s2.json
expect_status 0 "$status" "sync with citations"
[[ -f publications.citations.toml ]] && pass "the counts file is written" || fail "no counts file: $out"
counts="$(cat publications.citations.toml 2> /dev/null)"
contains "$counts" "count = 30" "the higher of the two sources' counts"
contains "$counts" "source = 'semantic_scholar'" "with its source"
contains "$counts" "date = '2025-12-05'" "dated the day it was read"
lacks "$(cat publications.sync.bib)" "30" "the synced list holds no count"
cp publications.sync.bib list.before
cp publications.citations.toml counts.before

# The same counts a week later: no file changes (the weekly job opens no pull request).
EPOCH=1765497600  # 2025-12-12
sync --offline "$DATA/openalex.json" s2.json
expect_status 0 "$status" "second sync"
cmp -s publications.citations.toml counts.before && pass "the same counts: the file is unchanged" \
  || fail "the counts file changed: $(diff counts.before publications.citations.toml)"
contains "$out" "publications.citations.toml is up to date" "and sync says so"

# A new count: only the counts file changes, and only that count's date.
python3 - "$DATA/semantic_scholar.json" s2.json 31 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d["data"]:
    p["citationCount"] = int(sys.argv[3])
json.dump(d, open(sys.argv[2], "w"))
PY
sync --offline "$DATA/openalex.json" s2.json
cmp -s publications.sync.bib list.before && pass "a new count leaves the synced list alone" \
  || fail "the synced list changed for a count"
contains "$(cat publications.citations.toml)" "count = 31" "the new count"
contains "$(cat publications.citations.toml)" "date = '2025-12-12'" "dated when it changed"
sync --check --offline "$DATA/openalex.json" s2.json
[[ "$status" != 3 ]] && pass "--check ignores counts" || fail "--check exit 3 for a count"
cp publications.citations.toml counts.now
sync --dry-run --offline "$DATA/openalex.json"
cmp -s publications.citations.toml counts.now && pass "--dry-run writes no counts" \
  || fail "--dry-run changed the counts"

# The homepage shows it; the PDF themes' .tex never do (no TeX needed to know).
"$MKCV" build -t homepage -o out > build.log 2>&1 || { cat build.log; fail "homepage build"; }
contains "$(cat out/cv-homepage.html)" ">Cited by 31</span>" "the homepage shows the count"
for t in long short modern ats classic banking sidebar awesome; do
  "$MKCV" render -t "$t" > "$t.tex" 2> /dev/null || fail "render $t"
  lacks "$(cat "$t.tex")" "Cited by" "$t: no count in the PDF theme"
done
# Without citations = true the file is not read.
sed 's/^citations = true$//' cv.toml > off.toml
"$MKCV" build off.toml -t homepage -o off > /dev/null 2>&1 || fail "build without citations"
lacks "$(cat off/off-homepage.html)" "Cited by" "no counts unless [sync] citations = true"

# The file sits in a folder anyone may have written: hostile entries are left out.
cat > publications.citations.toml <<'TOML'
[citations.doe2021fast]
count = 7
source = "<script>alert(1)</script>"
date = "2025-12-12"
TOML
"$MKCV" build -t homepage -o hostile > hostile.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "a hostile counts file does not stop the build"
contains "$(cat hostile.log)" "publications.citations.toml:1:12: warning: the citation count of" \
  "a warning at its line"
lacks "$(cat hostile/cv-homepage.html)" "<script>alert" "nothing of it reaches the page"
rm publications.citations.toml
ln -s counts.before publications.citations.toml
"$MKCV" build -t homepage -o linked > linked.log 2>&1 || fail "build with a linked counts file"
contains "$(cat linked.log)" "symbolic link" "a link is not followed"
lacks "$(cat linked/cv-homepage.html)" "Cited by" "and nothing of its target is shown"
sync --offline "$DATA/openalex.json" s2.json
[[ -L publications.citations.toml ]] && pass "sync does not replace a link" || fail "link replaced"
finish
