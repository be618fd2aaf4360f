# The page budget with real TeX: the seed CV fits as it is; a 200-paper CV is cut down to
# one page with every dropped entry reported; --strict-pages and an impossible budget fail.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
"$MKCV" build -t short -o seed > seed.log 2>&1 || { cat seed.log; fail "seed short"; }
[[ "$(pdf_pages seed/cv-short.pdf)" == 1 ]] && pass "seed short is one page" || fail "seed short pages"
lacks "$(cat seed.log)" "dropped" "nothing dropped from the seed CV"

python3 "$SRC/tests/data/many_publications.py" 200 > many.toml
# A second degree, a current position and teaching: what a committee reads first stays.
cat >> many.toml <<'TOML'
[[education]]
degree = "B.S. in Computer Science"
institution = "Peking University"
start = "2016-09"
end = "2020-06"

[[experience]]
role = "Research Intern"
organization = "Microsoft Research"
start = "2025-06"
end = "present"

[[teaching]]
role = "Teaching Assistant"
course = "Operating Systems"
institution = "Peking University"
terms = ["Fall 2022"]

[[teaching]]
role = "Teaching Assistant"
course = "Computer Networks"
institution = "Peking University"
terms = ["Spring 2024"]
TOML
"$MKCV" build many.toml -t short -t long -o out > build.log 2>&1 || { cat build.log; fail "200-paper build"; finish; }
log="$(cat build.log)"
[[ "$(pdf_pages out/many-short.pdf)" == 1 ]] && pass "200 papers: short is one page" || fail "short has $(pdf_pages out/many-short.pdf) pages"
(( $(pdf_pages out/many-long.pdf) > 5 )) && pass "long has no budget ($(pdf_pages out/many-long.pdf) pages)" || fail "long pages"
contains "$log" "over its budget of 1 page" "the overflow is reported"
short="$(pdf_text out/many-short.pdf)"
contains "$short" "Ph.D. in Computer Science" "education is never dropped: the Ph.D. stays"
contains "$short" "B.S. in Computer Science" "education is never dropped: the B.S. stays"
contains "$short" "Microsoft Research" "the current position stays"
contains "$log" "dropped experience: Research Intern, ByteDance (2021) — not selected" "a past position goes, and the report says why"
contains "$log" "dropped teaching: Teaching Assistant, Operating Systems (2022) — not selected, the oldest left in its section, priority 30" "teaching thins out before any paper goes"
contains "$short" "Computer Networks" "teaching keeps its newest entry while papers are dropped"
all_lines="$(grep -c '^short:   dropped ' build.log)"
why_lines="$(grep -c '^short:   dropped .* — .*priority [0-9]*' build.log)"
[[ "$all_lines" == "$why_lines" ]] && pass "every dropped entry has its reason ($all_lines)" || fail "$why_lines of $all_lines dropped lines give a reason"
mapfile -t dropped < <(grep -o 'dropped publications: “[^”]*”' build.log | sed 's/.*“\(.*\)”/\1/')
((${#dropped[@]} > 5)) && pass "${#dropped[@]} papers dropped" || fail "too few dropped: ${#dropped[@]}"
# Every dropped title is in the long CV (so the search can find it), but not in the short one.
long_squashed="$(squashed "$(pdf_text out/many-long.pdf)")"
short_squashed="$(squashed "$short")"
for title in "${dropped[@]}"; do
  contains "$long_squashed" "$(squashed "$title")" "dropped «$title» is in the long CV"
  lacks "$short_squashed" "$(squashed "$title")" "dropped «$title» is not printed"
done
# Selected papers are all dropped after every unselected entry; the newest selected stays.
contains "$short_squashed" "$(squashed "Generated Paper 175 on Scheduling")" "the newest selected paper is kept"
lacks "$short_squashed" "$(squashed "Generated Paper 001")" "unselected papers are not in the short CV"
lacks "$log" "dropped education" "the kept degree is never dropped"

set +e
"$MKCV" build many.toml -t short -o strict --strict-pages > strict.log 2>&1; strict=$?
set -e
expect_status 1 "$strict" "--strict-pages fails over budget"
[[ ! -e strict/many-short.pdf ]] && pass "no over-budget PDF is left behind" || fail "strict/many-short.pdf written"
contains "$(cat strict.log)" "over the budget of 1 page by 1 page (--strict-pages)" "--strict-pages says by how much"

# Nothing may be dropped and 60 papers cannot fit one page: fail and say by how much.
cat many.toml > tight.toml
cat >> tight.toml <<'TOML'
[templates.short.filters.publications]
selected = false
max_entries = 60
keep = 60
TOML
set +e
mkdir -p tight && cp out/many-short.pdf tight/tight-short.pdf
"$MKCV" build tight.toml -t short -o tight > tight.log 2>&1; tight=$?
set -e
expect_status 1 "$tight" "an impossible budget fails"
cmp -s out/many-short.pdf tight/tight-short.pdf && pass "the previous PDF is left as it was" || fail "tight-short.pdf was replaced"
contains "$(cat tight.log)" "over the budget of 1 page by" "the overflow is measured"
finish
