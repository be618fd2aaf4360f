# Invalid input exits 2, names file:line:col, and touches no output.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
"$MKCV" render cv.toml -o good.tex && pass "render works without TeX"
before="$(sha256sum good.tex)"

printf '[person]\nname = "A"\nemial = "a@b.c"\n[[experience]]\nrole = "R"\norganization = "O"\nstart = "2019-13"\n' > bad.toml
set +e
"$MKCV" validate bad.toml > out.txt 2> err.txt; status=$?
set -e
expect_status 2 "$status" "validate exits 2"
err="$(cat err.txt)"
contains "$err" "bad.toml:3:1: error: unknown key \`emial\` in [person]" "unknown key with position"
contains "$err" "hint: did you mean \`email\`?" "did-you-mean"
contains "$err" "bad.toml:7:9: error: \`start\`: month 13 does not exist" "second error reported too"
contains "$err" "2 errors, 0 warnings generated." "summary line"

set +e
"$MKCV" render bad.toml -o good.tex 2>/dev/null; status=$?
"$MKCV" build bad.toml -o built 2>/dev/null; build_status=$?
set -e
expect_status 2 "$status" "render exits 2"
expect_status 2 "$build_status" "build exits 2"
[[ "$(sha256sum good.tex)" == "$before" ]] && pass "render left the old file alone" || fail "render overwrote"
[[ ! -e built ]] && pass "build created nothing" || fail "build wrote output"

printf '[person]\nname = "A"\n[[experience]]\nrole = "R"\norganization = "O"\nstart = 2019-03\n' > syntax.toml
set +e
"$MKCV" validate syntax.toml 2> err.txt; status=$?
set -e
expect_status 2 "$status" "syntax error exits 2"
contains "$(cat err.txt)" "syntax.toml:6:" "syntax error has a position"
contains "$(cat err.txt)" "TOML has no year-month value; write \"2019-03\"" "year-month hint"

set +e
"$MKCV" validate bad.toml --diagnostics=json > json.txt 2>/dev/null
"$MKCV" validate bad.toml --diagnostics=github > github.txt 2>/dev/null
set -e
contains "$(cat json.txt)" '"file":"bad.toml","line":3,"column":1,"severity":"error","code":"unknown-key"' "JSON diagnostics"
contains "$(cat github.txt)" "::error file=bad.toml,line=3,col=1" "GitHub diagnostics"

set +e
"$MKCV" validate missing.toml 2> err.txt; status=$?
set -e
expect_status 2 "$status" "missing file exits 2"
contains "$(cat err.txt)" "missing.toml: error: no such file" "missing file named"
finish
