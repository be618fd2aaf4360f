# Incremental builds: an unchanged PDF is not compiled again, a change to one template's
# inputs rebuilds only that template, and `mkcv check` names what is stale (exit 3) without
# running TeX.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
mkdir -p "$WORK/templates"
cp -r "$SRC/builtin_templates/long" "$SRC/builtin_templates/short" "$WORK/templates/"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

check_status() {  # check_status ARGS... ; sets $status and $out
  set +e
  out="$("$MKCV" check "$@" 2>&1)"
  status=$?
  set -e
}

check_status
expect_status 3 "$status" "check before any build exits 3"
contains "$out" "long: stale: out/cv-long.pdf does not exist" "check names a missing PDF"

"$MKCV" build > first.log 2>&1 || { cat first.log; fail "first build"; finish; }
contains "$(cat first.log)" "long: rendered in " "plain progress: rendered"
contains "$(cat first.log)" "long: xelatex " "plain progress: TeX"
# In a log, one plain line per stage and no terminal control codes.
grep -Eq '^long: rendered in [0-9.]+ ms$' first.log && pass "rendered line format" ||
  fail "rendered line: $(cat first.log)"
grep -Eq '^short: xelatex [0-9]+ pass(es)? [0-9.]+ m?s, 1 page → out/cv-short.pdf$' first.log &&
  pass "TeX line format" || fail "TeX line: $(cat first.log)"
grep -q $'\e' first.log && fail "escape codes in a log" || pass "no escape codes in a log"
check_status
expect_status 0 "$status" "check after a build exits 0"
contains "$out" "short: up to date (out/cv-short.pdf)" "check says up to date"

"$MKCV" build > noop.log 2>&1
noop="$(cat noop.log)"
contains "$noop" "long: up to date (out/cv-long.pdf)" "no-op build: long up to date"
contains "$noop" "short: up to date (out/cv-short.pdf)" "no-op build: short up to date"
lacks "$noop" "latexmk" "no-op build runs no latexmk"
lacks "$noop" "xelatex" "no-op build runs no XeLaTeX"

# A template file changed: only that template is stale and rebuilt.
echo "% edited" >> templates/short/cv.tex.mustache
check_status
expect_status 3 "$status" "edited template: check exits 3"
contains "$out" "short: stale: template file short/cv.tex.mustache changed" "check says which file"
contains "$out" "long: up to date" "the other template stays up to date"
# check runs no TeX: it works without latexmk on the PATH.
set +e
PATH=/nonexistent "$MKCV" check > /dev/null 2>&1
no_tex_status=$?
set -e
expect_status 3 "$no_tex_status" "check needs no TeX"
"$MKCV" build > second.log 2>&1 || { cat second.log; fail "second build"; }
contains "$(cat second.log)" "short: xelatex " "edited template rebuilt"
contains "$(cat second.log)" "long: up to date" "other template not rebuilt"

# cv.toml changed: the rendered .tex changes for both.
sed -i 's/Ph.D. Candidate/PhD Candidate/' cv.toml
check_status
expect_status 3 "$status" "edited cv.toml: check exits 3"
contains "$out" "long: stale: cv-long.tex (cv.toml rendered) changed" "check blames the .tex"
# A comment in cv.toml changes no output.
"$MKCV" build -q > /dev/null 2>&1 || fail "build after the edit"
echo "# a comment" >> cv.toml
check_status
expect_status 0 "$status" "a comment in cv.toml changes nothing"

# The source date is an input: it dates the PDF.
SOURCE_DATE_EPOCH=1800000000 check_status
expect_status 3 "$status" "new source date: stale"
contains "$out" "environment SOURCE_DATE_EPOCH changed" "check names the source date"

# A PDF touched or deleted after the build is stale.
printf '%%junk' >> out/cv-long.pdf
check_status
expect_status 3 "$status" "modified PDF: stale"
contains "$out" "out/cv-long.pdf was changed or replaced" "check says the PDF changed"
rm out/cv-short.pdf
check_status -t short
expect_status 3 "$status" "deleted PDF: stale"
contains "$out" "short: stale: out/cv-short.pdf does not exist" "check says the PDF is missing"
lacks "$out" "long:" "check -t short checks short only"

"$MKCV" build -q > quiet.log 2>&1 || { cat quiet.log; fail "recovering build"; }
[[ ! -s quiet.log ]] && pass "--quiet prints nothing on success" || fail "--quiet printed: $(cat quiet.log)"
check_status
expect_status 0 "$status" "rebuilt: up to date again"

# TeX Live or the fonts changed on this machine (here: as if; the record says otherwise):
# a build compiles again, but check, which may run on another machine, does not count it.
grep -q "TeX installation (this machine)$" out/.mkcv/cv-long.state &&
  pass "the record names this machine's TeX" || fail "no TeX installation in the record"
grep -q "fonts (this machine)$" out/.mkcv/cv-long.state &&
  pass "the record names this machine's fonts" || fail "no fonts in the record"
sed -i 's/^input [0-9a-f]* TeX installation (this machine)$/input 00000000000000000000000000000000 TeX installation (this machine)/' \
  out/.mkcv/cv-long.state
check_status
expect_status 0 "$status" "check leaves this machine's TeX out"
"$MKCV" build > machine.log 2>&1 || fail "build after a TeX change"
contains "$(cat machine.log)" "long: xelatex " "a changed TeX installation rebuilds"
contains "$(cat machine.log)" "short: up to date" "only the output whose TeX changed"
"$MKCV" build --force -v > force.log 2>&1 || fail "build --force"
contains "$(cat force.log)" "long: xelatex " "--force compiles up-to-date PDFs"
contains "$(cat force.log)" "Running 'xelatex -no-pdf " "--verbose shows the commands TeX ran"
contains "$(cat force.log)" "Output written on cv-long.xdv" "and their output"
# On a terminal, a live line per running template (`script` gives it a terminal).
require_tool script "util-linux's bsdutils, in every Debian"
{
  TERM=xterm script -qec "$MKCV build --force -t short" /dev/null > live.log 2>&1 || fail "live build"
  grep -q $'\e\\[1F' live.log && pass "live status redrawn on a terminal" || fail "no live status"
  contains "$(cat live.log)" "short: xelatex 1 pass" "live display ends with the result line"
}

# Another output folder has its own records.
check_status -o elsewhere
expect_status 3 "$status" "check -o DIR looks in DIR"
finish
