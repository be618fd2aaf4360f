#!/usr/bin/env bash
# Only works that belong in a CV come in (issue 37): a Semantic Scholar author page that
# lists a paper with its author correction, a numbered meeting abstract ("DDRE-07. …"), a
# numbered conference abstract ("Abstract 794: …") and an editorial note gives one paper;
# the others are listed as left out with the reason, and [sync] include takes one back.
# A retraction notice in Crossref for a paper of the user's own .bib is a warning naming
# that file, and the paper stays (never dropped silently). DBLP's record of the user's own
# paper, dated a year later and without its DOI, is theirs: not listed again.
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

# DBLP dates the user's own 2020 paper (own.bib, with a DOI DBLP does not give) 2021: the
# same paper, theirs; one line says so, and the PDF counts it once.
rm -rf "$WORK/later" && mkdir -p "$WORK/later" && cp "$DATA/cv.toml" "$DATA/own.bib" "$WORK/later/"
out="$(cd "$WORK/later" && "$MKCV" sync --offline "$DATA/notices/dblp_year_later.bib" 2>&1)" || true
contains "$out" "already in your own entries: 1" "DBLP's later record is the user's own paper"
contains "$out" "of them by title and first author (1):" "one line says why"
contains "$out" "the same title and first author as your doe2020own" "it names the user's entry"
lacks "$(cat "$WORK/later/publications.sync.bib" 2> /dev/null)" "Learned caches" "the list does not have it again"

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
