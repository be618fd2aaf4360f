#!/usr/bin/env bash
# `mkcv sync --offline`: recorded responses of every source (tests/data/sync) merged into the
# synced list, compared with golden lists (tests/data/sync/expected; MKCV_UPDATE_GOLDEN=1
# rewrites them): the same paper from three sources is one entry, a preprint is upgraded to
# its published version, a homonym is left out, an erratum stays out, a second sync
# changes nothing, --check exits 3 before and 0 after, --dry-run writes nothing, a failing
# source leaves the rest merged, and the list reaches `mkcv export bib` and the Markdown CV.
source "$(dirname "$0")/lib.sh"
DATA="$SRC/tests/data/sync"
EXPECTED="$DATA/expected"

fresh() {  # fresh DIR: a copy of the test CV
  rm -rf "$WORK/$1"
  mkdir -p "$WORK/$1"
  cp "$DATA/cv.toml" "$DATA/own.bib" "$WORK/$1/"
}
golden() {  # golden NAME FILE LABEL
  if [[ "${MKCV_UPDATE_GOLDEN:-0}" == 1 ]]; then
    mkdir -p "$EXPECTED"
    cp "$2" "$EXPECTED/$1"
  fi
  if diff -u "$EXPECTED/$1" "$2"; then pass "$3"; else fail "$3: differs from expected/$1"; fi
}
sync() {  # sync DIR ARGS...: status in $status, output in $out
  local dir="$1"; shift
  set +e
  out="$(cd "$WORK/$dir" && "$MKCV" sync "$@" 2>&1)"
  status=$?
  set -e
}

# 1. --check before: the sources have papers the CV lacks; nothing written.
fresh three
sync three --check --offline "$DATA/dblp.xml" "$DATA/crossref.json" "$DATA/openalex.json"
expect_status 3 "$status" "--check exits 3 while a source has a paper the CV lacks"
contains "$out" "paper(s) the CV lacks" "--check says why"
[[ ! -e "$WORK/three/publications.sync.bib" ]] && pass "--check writes nothing" || fail "--check wrote the list"

# 2. --dry-run shows the summary and writes nothing.
sync three --dry-run --offline "$DATA/dblp.xml"
expect_status 0 "$status" "--dry-run succeeds"
contains "$out" "added (2)" "--dry-run shows what would be added"
contains "$out" "dry run: nothing written" "--dry-run says so"
[[ ! -e "$WORK/three/publications.sync.bib" ]] && pass "--dry-run writes nothing" || fail "--dry-run wrote the list"

# 3. Three sources, one entry per paper.
sync three --offline "$DATA/dblp.xml" "$DATA/crossref.json" "$DATA/openalex.json"
expect_status 0 "$status" "sync from DBLP, Crossref and OpenAlex"
echo "$out"
contains "$out" "DBLP person XML, 3 works" "the DBLP file is detected"
contains "$out" "Crossref works JSON, 3 works" "the Crossref file is detected"
contains "$out" "OpenAlex works JSON, 1 works" "the OpenAlex file is detected"
contains "$out" "already in your own entries: 1" "the paper of own.bib stays the user's"
contains "$out" "left out, not a paper ([sync] include takes one in) (1)" "the erratum is left out as not a paper (and [sync] ignore names it too)"
golden three_sources.bib "$WORK/three/publications.sync.bib" "three sources give the golden list"
list="$(cat "$WORK/three/publications.sync.bib")"
[[ "$(grep -c '10.1145/3448016.3457000' <<< "$list")" == 1 ]] && pass "the SIGMOD paper is one entry" \
  || fail "the SIGMOD paper is not exactly one entry"
lacks "$list" "erratum" "the ignored erratum stays out"
lacks "$list" "own.1" "the user's own paper is not in the synced list"

# 4. A second sync changes nothing; --check exits 0 now.
cp "$WORK/three/publications.sync.bib" "$WORK/first.bib"
sync three --offline "$DATA/dblp.xml" "$DATA/crossref.json" "$DATA/openalex.json"
expect_status 0 "$status" "a second sync"
contains "$out" "nothing new" "a second sync finds nothing new"
contains "$out" "is up to date" "a second sync does not rewrite the list"
cmp -s "$WORK/first.bib" "$WORK/three/publications.sync.bib" && pass "a second sync changes nothing" \
  || fail "a second sync changed the list"
sync three --check --offline "$DATA/dblp.xml" "$DATA/crossref.json" "$DATA/openalex.json"
expect_status 0 "$status" "--check exits 0 after the sync"

# 4b. A sync that only Crossref answers keeps DBLP's venue (each field keeps its source's
# rank in the list, mkcvsources), and says nothing changed.
cp -r "$WORK/three" "$WORK/fewer"
sync fewer --offline "$DATA/crossref.json"
expect_status 0 "$status" "a sync from Crossref alone"
contains "$(cat "$WORK/fewer/publications.sync.bib")" "booktitle = {SIGMOD Conference}" \
  "DBLP's venue stays when only Crossref answers"
contains "$out" "is up to date" "a sync from fewer sources changes nothing"

# 5. The list reaches the outputs: export bib keeps the ids; Markdown links DOI, arXiv, DBLP.
exported="$(cd "$WORK/three" && "$MKCV" export bib 2>&1)"
contains "$exported" "doi       = {10.1145/3448016.3457000}" "export bib has the synced DOI"
contains "$exported" "eprint    = {2203.01234}" "export bib has the arXiv id"
contains "$exported" "dblp      = {https://dblp.org/rec/conf/sigmod/DoeR21}" "export bib has the DBLP record"
contains "$exported" "doe2020own" "export bib still has the user's own entry"
(cd "$WORK/three" && "$MKCV" build -t markdown -o out > /dev/null 2>&1) || fail "mkcv build -t markdown"
md="$(cat "$WORK/three/out/cv-markdown.md" 2>/dev/null || true)"
contains "$md" "Fast Sorting with *Learned* Indexes" "Markdown shows the synced title with its emphasis"
contains "$md" "doi.org/10.1145/3448016.3457000" "Markdown links the DOI"
contains "$md" "arxiv.org/abs/2203.01234" "Markdown links arXiv"
contains "$md" "dblp.org/rec/conf/sigmod/DoeR21" "Markdown links DBLP"
contains "$md" "**Jane Q. Doe**" "the owner is in bold"
(cd "$WORK/three" && "$MKCV" build -t homepage -t jsonresume -o out > /dev/null 2>&1) ||
  fail "mkcv build -t homepage -t jsonresume"
for output in cv-homepage.html cv-jsonresume.json; do
  text="$(cat "$WORK/three/out/$output" 2>/dev/null || true)"
  contains "$text" "doi.org/10.1145/3448016.3457000" "$output links the DOI"
  contains "$text" "arxiv.org/abs/2203.01234" "$output links arXiv"
  contains "$text" "dblp.org/rec/conf/sigmod/DoeR21" "$output links DBLP"
done

# 6. An override by citekey wins; ignore = true on one leaves it out.
cat >> "$WORK/three/cv.toml" <<'TOML'

[[publications]]
key = "doe2021fast"
note = "Best paper runner-up."

[[publications]]
key = "doe2023graph"
ignore = true
TOML
md="$( (cd "$WORK/three" && "$MKCV" build -t markdown -o out > /dev/null 2>&1) && cat "$WORK/three/out/cv-markdown.md")"
contains "$md" "Best paper runner-up." "an override of a synced entry wins"
lacks "$md" "Graph Neural Networks" "ignore = true leaves a synced entry out"
sync three --offline "$DATA/dblp.xml" "$DATA/crossref.json" "$DATA/openalex.json"
contains "$out" "doe2023graph" "the ignored entry is listed by its citekey"
lacks "$(cat "$WORK/three/publications.sync.bib")" "doe2023graph" "an ignored entry leaves the synced list"

# 7. A preprint is upgraded to its published version: same citekey, arXiv link kept.
fresh upgrade
sync upgrade --offline "$DATA/arxiv.xml"
expect_status 0 "$status" "sync from arXiv"
contains "$out" "left out, not by the owner (1)" "the homonym is left out"
contains "$out" "Quantum Widgets at Low Temperature" "the homonym's work is listed"
golden preprint.bib "$WORK/upgrade/publications.sync.bib" "the arXiv sync gives the golden list"
lacks "$(cat "$WORK/upgrade/publications.sync.bib")" "Quantum Widgets" "the homonym's work is not in the list"
sync upgrade --offline "$DATA/crossref.json" "$DATA/orcid.json" "$DATA/semantic_scholar.json" "$DATA/scholar.bib"
expect_status 0 "$status" "sync from Crossref, ORCID, Semantic Scholar and Google Scholar"
contains "$out" "doe2022graph" "the upgraded entry keeps its citekey"
contains "$out" "kind (preprint → journal)" "the summary names the changed fields"
golden upgraded.bib "$WORK/upgrade/publications.sync.bib" "the upgrade gives the golden list"

# 8. A source that fails is reported, exit 1; the others are still merged.
fresh failing
printf '{"message": ' > "$WORK/broken.json"
sync failing --offline "$DATA/dblp.xml" "$WORK/broken.json"
expect_status 1 "$status" "a broken file fails the sync"
contains "$out" "is not valid JSON" "the broken file's problem is said"
grep -q "conf/sigmod/DoeR21" "$WORK/failing/publications.sync.bib" && pass "the other source was merged" \
  || fail "the good source was not merged"

# 9. Usage: no [sync], an unknown --api-base, a symbolic link in the list's place.
fresh bad
sed -i '/^\[sync\]/,/^ignore/d' "$WORK/bad/cv.toml"
sync bad --offline "$DATA/dblp.xml"
expect_status 2 "$status" "no [sync] table is invalid input"
contains "$out" "has no [sync] table" "no [sync] table is said"
fresh link
ln -s "$WORK/elsewhere.bib" "$WORK/link/publications.sync.bib"
sync link --offline "$DATA/dblp.xml"
expect_status 2 "$status" "a symbolic link in the list's place is refused"
[[ ! -e "$WORK/elsewhere.bib" ]] && pass "the link is not followed" || fail "the link was followed"
fresh sublink
mkdir "$WORK/elsewhere"
ln -s "$WORK/elsewhere" "$WORK/sublink/pubs"
sed -i 's|^\[sync\]|[sync]\nfile = "pubs/list.bib"|' "$WORK/sublink/cv.toml"
sync sublink --offline "$DATA/dblp.xml"
expect_status 2 "$status" "a symbolic link among [sync] file's folders is refused"
[[ -z "$(ls "$WORK/elsewhere")" ]] && pass "nothing is written through the linked folder" \
  || fail "the list was written through a linked folder"
sync link --api-base foo=https://x
expect_status 2 "$status" "an unknown --api-base is a usage error"
# Online, every source at a closed port of 127.0.0.1: each fails at once, exit 1, no list.
fresh online
bases=()
for name in dblp orcid crossref openalex arxiv semantic_scholar; do
  bases+=(--api-base "$name=http://127.0.0.1:9")
done
sync online "${bases[@]}"
expect_status 1 "$status" "an online sync whose sources all fail exits 1"
contains "$out" "dblp: FAILED" "the failing source is reported"
[[ ! -e "$WORK/online/publications.sync.bib" ]] && pass "sources that all fail write nothing" \
  || fail "a list was written though every source failed"
finish
