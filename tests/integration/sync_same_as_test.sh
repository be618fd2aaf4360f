#!/usr/bin/env bash
# A work only possibly the same as one of the user's own papers is left out until the user
# decides (issue 37): DBLP's "Learned caches for everyone: the extended version" (2021),
# a subtitle apart from the user's own doe2020own, is listed as "possibly the same as your
# doe2020own". `[sync] same_as = { "WORK" = "KEY" }` says it is that entry: the next sync
# counts it among the user's own, with one line saying so, the list never has it, and the
# CV (the counts the PDF prints) counts the paper once. A second sync changes nothing. A same_as naming a key that no
# entry of the user's has is an error at that key, with a hint, exit 2; the list stays.
source "$(dirname "$0")/lib.sh"
DATA="$SRC/tests/data/sync"
ANSWER="$DATA/notices/dblp_extended.bib"

rm -rf "$WORK/cv" && mkdir -p "$WORK/cv" && cp "$DATA/cv.toml" "$DATA/own.bib" "$WORK/cv/"
cd "$WORK/cv"
status=0
out="$("$MKCV" sync --offline "$ANSWER" 2>&1)" || status=$?
expect_status 0 "$status" "sync the answer"
echo "$out"
contains "$out" "left out, possibly the same paper ([sync] same_as makes one yours" \
  "the extended version is left out for the user to decide"
contains "$out" "\"Learned caches for everyone: the extended version\" (2021)  [dblp]: possibly the same as your doe2020own" \
  "the report names the work and the user's entry"
contains "$out" "added (1)" "the new paper comes in"
lacks "$(cat publications.sync.bib)" "extended version" "the list does not have it"

# The user decides: the work, by its title as the report printed it, is doe2020own.
sed -i 's/^ignore = .*/&\nsame_as = { "Learned caches for everyone: the extended version" = "doe2020own" }/' cv.toml
cp publications.sync.bib before.bib
status=0
out="$("$MKCV" sync --offline "$ANSWER" 2>&1)" || status=$?
expect_status 0 "$status" "sync with same_as"
echo "$out"
lacks "$out" "possibly the same" "the work is no longer reported as possibly the same"
contains "$out" "already in your own entries: 1" "the work counts among the user's own"
contains "$out" "of them by [sync] same_as (1):" "one line says why"
contains "$out" "the same as your doe2020own ([sync] same_as)" "it names the user's entry"
contains "$out" "is up to date" "the list did not change"
cmp -s before.bib publications.sync.bib && pass "the list is as it was" || fail "the list changed"
lacks "$(cat publications.sync.bib)" "extended version" "the list still does not have it"

# Taken in before the user decided (include), then named by its DBLP key: the user's entry
# wins, the list drops it, and the CV has the paper once.
sed -i 's/^same_as = .*/include = ["journals\/jc\/DoeR21a"]/' cv.toml
"$MKCV" sync --offline "$ANSWER" > /dev/null 2>&1 || fail "sync with include"
contains "$(cat publications.sync.bib)" "extended version" "include took the work in"
# counts_text is the sentence the PDF themes print ("2 journal articles, …").
ctx="$("$MKCV" context 2>&1)"
contains "$ctx" "2 journal articles" "the CV counts both while the list has the work"
sed -i 's/^include = .*/same_as = { "DBLP:journals\/jc\/DoeR21a" = "doe2020own" }/' cv.toml
ctx="$("$MKCV" context 2>&1)"
lacks "$ctx" "extended version" "a build leaves the work out as soon as same_as names it"
contains "$ctx" "\"counts_text\": \"1 conference paper, 1 journal article," "the CV counts the paper once"
out="$("$MKCV" sync --offline "$ANSWER" 2>&1)" || fail "sync after same_as"
contains "$out" "the same as your doe2020own ([sync] same_as)" "the entry of the list is the user's"
lacks "$(cat publications.sync.bib)" "extended version" "the list drops it"
cp publications.sync.bib before.bib
out="$("$MKCV" sync --offline "$ANSWER" 2>&1)" || fail "the second sync"
contains "$out" "is up to date" "a second sync finds nothing to change"
cmp -s before.bib publications.sync.bib && pass "a second sync leaves the list byte for byte" \
  || fail "a second sync changed the list"

# A key that is none of the user's entries: an error at it, with a hint, exit 2.
sed -i 's/= "doe2020own" }/= "doe2020owm" }/' cv.toml
status=0
out="$("$MKCV" sync --offline "$ANSWER" 2>&1)" || status=$?
expect_status 2 "$status" "a same_as naming no entry"
echo "$out"
line="$(grep -n '^same_as' cv.toml | cut -d: -f1)"
contains "$out" "cv.toml:$line:" "the error is at the line of same_as"
contains "$out" "error: \`same_as\` names \`doe2020owm\`, which is none of your own entries" \
  "the error says what is wrong"
contains "$out" "did you mean \`doe2020own\`?" "the hint names the user's entry"
contains "$out" "^" "a caret points at the key"
cmp -s before.bib publications.sync.bib && pass "the list stays as it was" || fail "the list changed"
status=0
"$MKCV" validate > /dev/null 2>&1 || status=$?
expect_status 2 "$status" "mkcv validate refuses it too"
finish
