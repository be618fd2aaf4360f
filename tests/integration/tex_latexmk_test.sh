# `[build] tex = "latexmk"` and `--latexmk` run latexmk for every template: latexmk's own
# database (.fdb_latexmk) is in the build folder and the progress line names it, while a
# default build runs XeLaTeX directly and leaves no such file. The choice is an input of the
# build (switching it rebuilds), and any other value of `tex` is refused at its line.
source "$(dirname "$0")/lib.sh"
require_tool latexmk "build_scripts/setup.sh installs it"
require_tool xelatex "build_scripts/setup.sh installs texlive-xetex"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
"$MKCV" new "Ada Lovelace" > /dev/null

"$MKCV" build -t short > direct.log 2>&1 || { cat direct.log; fail "default build"; finish; }
grep -Eq '^short: xelatex 1 pass ' direct.log && pass "default: XeLaTeX runs directly" ||
  fail "default build: $(cat direct.log)"
[[ ! -e out/.mkcv/cv-short/cv-short.fdb_latexmk ]] && pass "default: latexmk did not run" ||
  fail "default build left latexmk's database"

# --latexmk: the same output is stale (another runner), and latexmk makes it.
"$MKCV" check -t short --latexmk > check.log 2>&1 && status=0 || status=$?
expect_status 3 "$status" "a PDF XeLaTeX made is stale for a latexmk build"
"$MKCV" build -t short --latexmk > flag.log 2>&1 || { cat flag.log; fail "--latexmk build"; finish; }
grep -Eq '^short: latexmk [0-9]+ pass(es)? .* → out/cv-short.pdf$' flag.log &&
  pass "--latexmk: the progress line names latexmk" || fail "--latexmk: $(cat flag.log)"
[[ -s out/.mkcv/cv-short/cv-short.fdb_latexmk ]] && pass "--latexmk: latexmk's database is there" ||
  fail "--latexmk: no .fdb_latexmk, latexmk did not run"
grep -q "^Latexmk: " out/.mkcv/cv-short/tex.out && pass "--latexmk: latexmk's output kept" ||
  fail "--latexmk: tex.out is not latexmk's"
"$MKCV" check -t short --latexmk > /dev/null 2>&1 && pass "check --latexmk: up to date" ||
  fail "check --latexmk after a --latexmk build"
[[ "$(pdf_pages out/cv-short.pdf)" == 1 ]] && pass "--latexmk: the PDF is whole" || fail "--latexmk: PDF"

# In cv.toml: every template, here both.
sed -i 's/^\[build\]$/[build]\ntex = "latexmk"/' cv.toml
grep -q '^tex = "latexmk"' cv.toml || printf '\n[build]\ntex = "latexmk"\n' >> cv.toml
"$MKCV" build > toml.log 2>&1 || { cat toml.log; fail "tex = latexmk build"; finish; }
grep -Eq '^long: latexmk [0-9]+ pass' toml.log && pass "tex = \"latexmk\": long through latexmk" ||
  fail "tex = latexmk, long: $(cat toml.log)"
grep -Eq '^short: (latexmk [0-9]+ pass|up to date)' toml.log &&
  pass "tex = \"latexmk\": short through latexmk" || fail "tex = latexmk, short: $(cat toml.log)"
[[ -s out/.mkcv/cv-long/cv-long.fdb_latexmk ]] && pass "tex = \"latexmk\": latexmk's database" ||
  fail "tex = latexmk: no .fdb_latexmk for long"

# Back to the default: rebuilt, directly.
sed -i 's/^tex = "latexmk"$/tex = "direct"/' cv.toml
"$MKCV" build -t long > back.log 2>&1 || { cat back.log; fail "tex = direct build"; finish; }
grep -Eq '^long: xelatex 1 pass ' back.log && pass "tex = \"direct\": rebuilt with XeLaTeX" ||
  fail "tex = direct: $(cat back.log)"

# Any other value: exit 2, at its line, with the values allowed.
sed -i 's/^tex = "direct"$/tex = "lualatex"/' cv.toml
line=$(grep -n '^tex = ' cv.toml | cut -d: -f1)
"$MKCV" validate > bad.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "an unknown tex value exits 2"
contains "$(cat bad.log)" "cv.toml:$line:7: error:" "the value's line and column"
contains "$(cat bad.log)" "latexmk" "the allowed values named"

finish
