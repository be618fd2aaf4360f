#!/usr/bin/env bash
# Only works that belong in a CV come in (issue 37): a Semantic Scholar author page that
# lists a paper with its author correction, a numbered meeting abstract ("DDRE-07. …"), a
# numbered conference abstract ("Abstract 794: …") and an editorial note gives one paper;
# the others are listed as left out with the reason, and [sync] include takes one back.
# A retraction notice in Crossref for a paper of the user's own .bib is a warning naming
# that file, and the paper stays (never dropped silently).
source "$(dirname "$0")/lib.sh"
DATA="$SRC/tests/data/sync"

rm -rf "$WORK/cv" && mkdir -p "$WORK/cv" && cp "$DATA/cv.toml" "$DATA/own.bib" "$WORK/cv/"
cd "$WORK/cv"
status=0
out="$("$MKCV" sync --offline "$DATA/notices/semantic_scholar.json" 2>&1)" || status=$?
expect_status 0 "$status" "sync the page"
echo "$out"
contains "$out" "added (1)" "one paper comes in"
contains "$out" "left out, not a paper ([sync] include takes one in) (4)" "four notices are left out"
contains "$out" "\"Author Correction: Fatty acid synthesis" "the correction is listed"
contains "$out" ": a correction" "with its reason"
contains "$out" ": a meeting abstract" "the meeting abstracts are listed as such"
contains "$out" ": an editorial" "the editorial note is listed as such"
list="$(cat publications.sync.bib)"
[[ "$(grep -c '^@' <<< "$list")" == 1 ]] && pass "the list has one entry" || fail "the list has $(grep -c '^@' <<< "$list") entries"
lacks "$list" "Author Correction" "no correction in the list"
lacks "$list" "DDRE-07" "no meeting abstract in the list"

# [sync] include takes one back, by title.
sed -i 's/^ignore = .*/&\ninclude = ["Abstract 794: Pan-cancer proteogenomic analysis of AACR'"'"'s cohorts"]/' cv.toml
out="$("$MKCV" sync --offline "$DATA/notices/semantic_scholar.json" 2>&1)" || true
contains "$out" "left out, not a paper ([sync] include takes one in) (3)" "include takes one back"
contains "$(cat publications.sync.bib)" "Abstract 794" "the included abstract is in the list"

# A retraction notice for the user's own paper: a warning, and the paper stays.
status=0
out="$("$MKCV" sync --offline "$DATA/notices/crossref_retraction.json" 2>&1)" || status=$?
expect_status 0 "$status" "sync the retraction notice"
contains "$out" "RETRACTED, still in the CV: check it (1)" "the summary says it first"
contains "$out" "warning: \"Learned Caches for Everyone\" (doe2020own) was retracted" "a warning names the paper"
contains "$out" "own.bib" "the warning names the user's file"
json="$("$MKCV" build -t jsonresume -o out > /dev/null 2>&1 && cat out/cv-jsonresume.json)"
contains "$json" "Learned Caches for Everyone" "the retracted paper is not dropped"
finish
