#!/usr/bin/env bash
# The BibTeX mkcv writes from cv.toml (`mkcv export bib`, the site's per-paper .bib files)
# holds titles, names, venues and links the user's data chose. A title that closes its
# braces (`}}}`), one unbalanced brace, an `@misc{` on a line of its own, a link labelled
# "title": each paper stays one entry with its own title, and the
# file reads back as the papers it came from (mkcv reads every .bib it writes before it
# writes it; see bib/bibtex_check.h).
source "$(dirname "$0")/../integration/lib.sh"

mkdir -p "$WORK/cv"
cd "$WORK/cv"
cat > cv.toml <<'TOML'
[person]
name = "Jane Q. Doe"

[site]
pdfs = []

[[publications]]
title = "Real}}} @article{fake2024, title={Fake Paper}, author={Evil}, year={2024}}"
authors = ["Jane Q. Doe", "A. {B}} C"]
venue = "AACR's Meeting -- 2024 }}"
year = 2024

[[publications]]
title = "One unbalanced { brace"
authors = ["Jane Q. Doe"]
venue = "Venue"
year = 2023

[[publications]]
title = """Line one
@misc{fake2, title = {Injected}}"""
authors = ["Jane Q. Doe"]
venue = "Venue"
year = 2022
links = { title = "https://x.org/}},{", "a b" = "https://x.org/a" }
TOML

status=0
"$MKCV" export bib > export.bib 2> export.err || status=$?
expect_status 0 "$status" "export bib"
cat export.err >&2
bib="$(cat export.bib)"
[[ "$(grep -c '^@' <<< "$bib")" == 3 ]] && pass "export bib writes three entries" \
  || fail "export bib writes $(grep -c '^@' <<< "$bib") entries, not 3"
lacks "$bib" "@article{fake2024" "no title opens an entry of its own"
lacks "$bib" "@misc{fake2" "no line of a title opens an entry"
contains "$bib" "title_link = {https://x.org/%7D%7D,%7B}" "a link labelled title is not the title"

# The file mkcv wrote, read as the user's own bibliography: the same three papers.
mkdir -p "$WORK/back"
cat > "$WORK/back/cv.toml" <<'TOML'
bibliography = ["export.bib"]
[person]
name = "Jane Q. Doe"
TOML
cp export.bib "$WORK/back/"
json="$(cd "$WORK/back" && "$MKCV" build -t jsonresume -o out > /dev/null 2>&1 && cat out/cv-jsonresume.json)"
for title in 'Real}}} @article{fake2024, title={Fake Paper}, author={Evil}, year={2024}}' \
  'One unbalanced { brace' 'Line one @misc{fake2, title = {Injected}}'; do
  contains "$json" "\"name\": \"$title\"" "read back: ${title:0:30}"
done
lacks "$json" '"name": "Fake Paper"' "read back: no fake paper"

status=0
"$MKCV" site -o site > site.log 2>&1 || status=$?
expect_status 0 "$status" "site"
count=0
for file in site/bib/*.bib; do
  count=$((count + 1))
  [[ "$(grep -c '^@' "$file")" == 1 ]] && pass "${file#site/}: one entry" \
    || fail "${file#site/}: $(grep -c '^@' "$file") entries"
done
[[ "$count" == 3 ]] && pass "the site writes three .bib files" || fail "the site writes $count .bib files"
finish
