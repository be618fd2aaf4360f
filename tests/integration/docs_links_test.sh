# Every link between the docs' pages resolves to a page and a heading of it, and so does
# every `docs/page.md#anchor` that code, hints and tests name: pages get split and headings
# renamed, and a reader who follows a link should land on the answer.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
check="$SRC/tests/tools/docs_links_check.py"

python3 "$check" "$SRC" > report.txt 2>&1 && pass "every docs link and anchor resolves" ||
  { cat report.txt; fail "broken docs links"; }
contains "$(cat report.txt)" " 0 broken" "the check ran over the source"

# The check itself sees each kind of break, so a pass above is not a check that reads nothing.
mkdir -p tree/docs tree/src
cat > tree/docs/a.md <<'MD'
# Page A
## `[section.KEY]`: typed
[ok](b.md#second-heading) [ok](#sectionkey-typed) [ok](b.md) `[in code](nowhere.md)`
MD
printf '# B\n## Second heading\n```\n## not a heading\n```\n' > tree/docs/b.md
python3 "$check" tree > good.txt 2>&1 && pass "links that resolve pass" ||
  { cat good.txt; fail "a good tree fails"; }
printf '[gone](b.md#not-a-heading) [gone](missing.md) [gone](#nope)\n' >> tree/docs/a.md
printf '// see docs/b.md#no-such-anchor and docs/c.md\n' > tree/src/x.cpp
python3 "$check" tree > bad.txt 2>&1 && fail "broken links pass" || pass "broken links fail"
report="$(cat bad.txt)"
contains "$report" "docs/a.md:4: b.md#not-a-heading: docs/b.md has no heading #not-a-heading" \
  "a missing anchor on another page (a heading in fenced code is none)"
contains "$report" "docs/a.md:4: missing.md: no such file" "a missing page"
contains "$report" "docs/a.md:4: #nope: no such heading here" "a missing anchor on the page"
contains "$report" "src/x.cpp:1: docs/b.md#no-such-anchor" "an anchor named in code"
contains "$report" "src/x.cpp:1: docs/c.md: no such file" "a page named in code"
finish
