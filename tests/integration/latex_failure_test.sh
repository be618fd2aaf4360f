# When TeX fails, the previous PDF stays, the exit status is 1 and the first error is shown
# with its .tex line.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
mkdir -p "$WORK/templates"
cp -r "$SRC/builtin_templates/short" "$WORK/templates/short"
cd "$WORK"
"$MKCV" build -t short > first.log 2>&1 || { cat first.log; fail "first build"; finish; }
before="$(sha256sum out/cv-short.pdf)"

# A user template beside cv.toml overrides the built-in one of the same name; break it.
sed -i 's/\\begin{document}/\\begin{document}\n\\thiscommanddoesnotexist/' templates/short/cv.tex.mustache
set +e
"$MKCV" build -t short > second.log 2>&1
status=$?
set -e
expect_status 1 "$status" "failed compile exits 1"
[[ "$(sha256sum out/cv-short.pdf)" == "$before" ]] && pass "previous PDF kept" || fail "PDF changed"
log="$(cat second.log)"
contains "$log" "out/cv-short.tex:" "error names the .tex file and line"
contains "$log" "Undefined control sequence" "error message"
contains "$log" "\\thiscommanddoesnotexist" "offending line shown"
contains "$log" "cv-short.log" "log path printed"

# Fixed again, the next build recovers.
cp "$SRC/builtin_templates/short/cv.tex.mustache" templates/short/cv.tex.mustache
"$MKCV" build -t short > third.log 2>&1 && pass "rebuild after the fix" || { cat third.log; fail "rebuild"; }
finish
