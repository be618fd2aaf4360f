# A .bib someone else wrote is untrusted: TeX payloads in every spelling (^^5c and ^^5C,
# ^^M, ^^^^, \csname, \catcode, \openin/\readline, \openout/\write, active characters) and
# the crash reproducers of issue 10 go into one real XeLaTeX build. The secret file they aim
# at must never reach the PDF, no file may be written outside the output folder, and the
# build exits 0 with each payload printed literally and a located warning for it. Inputs
# that cannot be read at all (not UTF-8, not a regular file) exit 2 with a located error.
source "$(dirname "$0")/../integration/lib.sh"

mkdir -p "$WORK/secret" "$WORK/cv"
token="MKCVSECRET$RANDOM$RANDOM"
SECRET="$WORK/secret/secret.txt"
printf '%s\n' "$token" > "$SECRET"
PWNED="$WORK/pwned$RANDOM"
cd "$WORK/cv"

# One entry per payload: key, then the title, written as a .bib field.
cat > payloads.bib <<BIB
@article{caret5c, author = {A, B}, year = 2020, title = {Lower \$^^5cinput^^7b$SECRET^^7d\$}}
@article{caret5C, author = {A, B}, year = 2020, title = {Upper \$^^5Cinput^^7B$SECRET^^7D\$}}
@article{caretText, author = {A, B}, year = 2020, title = {Text ^^5cinput^^7b$SECRET^^7d}}
@article{caretM, author = {A, B}, year = 2020, title = {Return \$a^^M^^5cinput{$SECRET}\$}}
@article{caret4, author = {A, B}, year = 2020, title = {Wide \$^^^^005cinput{$SECRET}\$}}
@article{caretPercent, author = {A, B}, year = 2020, title = {Percent \$a^^25\$ rest}}
@article{input, author = {A, B}, year = 2020, title = {Plain \\input{$SECRET}}}
@article{mathInput, author = {A, B}, year = 2020, title = {Math \$\\input{$SECRET}\$}}
@article{readline, author = {A, B}, year = 2020, title = {Read \$\\openin5=$SECRET \\readline5 to\\x \\x\$}}
@article{openout, author = {A, B}, year = 2020, title = {Write \$\\immediate\\openout3=$PWNED \\immediate\\write3{x}\\immediate\\closeout3\$}}
@article{caretOpenout, author = {A, B}, year = 2020, title = {Caret write \$^^5cimmediate^^5copenout3=$PWNED ^^5cimmediate^^5cwrite3{x}\$}}
@article{csname, author = {A, B}, year = 2020, title = {Csname \$\\csname input\\endcsname{$SECRET}\$}}
@article{catcode, author = {A, B}, year = 2020, title = {Catcode \\catcode\`\\~=0 ~input{$SECRET}}}
@article{active, author = {A, B}, year = 2020, title = {Active \$a~b\$ and D.~E. Knuth}}
@article{lowercase, author = {A, B}, year = 2020, title = {Lowercase \\lowercase{\\INPUT{$SECRET}}}}
@article{emphInput, author = {A, B}, year = 2020, title = {Emph \\emph{\\input{$SECRET}}}}
@article{mathOk, author = {A, B}, year = 2020, title = {Fine \$O(n \\log n)\$ Sorting}}
BIB
# The crash reproducers: no crash, a warning each, the rest of the CV builds.
hostile="$SRC/tests/data/bibtex/hostile"
cp "$hostile/undefined_macro_concat.bib" "$hostile/deep_braces.bib" "$hostile/macro_doubling.bib" .
cat > cv.toml <<'TOML'
bibliography = ["payloads.bib", "undefined_macro_concat.bib", "deep_braces.bib", "macro_doubling.bib"]
[person]
name = "Ada Lovelace"
TOML

touch "$WORK/before"
status=0; "$MKCV" build cv.toml -t long -o out > build.log 2>&1 || status=$?
expect_status 0 $status "the CV builds: refused text prints as text"
((status == 0)) || tail -n 30 build.log >&2
log="$(cat build.log)"
for key in caret5c caret5C caretText caretM caret4 caretPercent caretOpenout; do
  contains "$log" "entry \`$key\`, field \`title\`: \`^^\` is not allowed" "$key: refused with a warning"
done
for pair in "input:\\input" "mathInput:\\input" "readline:\\openin" "openout:\\immediate" \
            "csname:\\csname" "catcode:\\catcode" "lowercase:\\lowercase" "emphInput:\\input"; do
  contains "$log" "entry \`${pair%%:*}\`, field \`title\`: ${pair#*:} is not allowed" "${pair%%:*}: refused with a warning"
done
contains "$log" "payloads.bib:1: warning:" "warnings carry the .bib line"
contains "$log" "entry \`active\`, field \`title\`: \`~\` cannot appear in a math formula" "an active ~ in math is refused"
contains "$log" "undefined_macro_concat.bib:1: warning: undefined macro \"zz\"" "undefined macro: a warning, no crash"
contains "$log" "deep_braces.bib:1: warning: entry \`deep\`, field \`title\`: braces nest more than 64 levels deep" "deep nesting: a warning, no crash"
contains "$log" "macro_doubling.bib:13: warning: @string \`a12\` expands to more than 64 KiB" "macro doubling: capped"

[[ -f out/cv-long.pdf ]] && pass "the PDF is written" || fail "no PDF"
text="$(pdf_text out/cv-long.pdf)"
lacks "$text" "$token" "the secret never reaches the PDF"
lacks "$(cat out/cv-long.tex)" "$token" "the secret is not in the .tex"
contains "$text" "Lower \$^^5cinput^^7b$SECRET^^7d\$" "the ^^ payload prints literally"
contains "$text" "Plain \\input{$SECRET}" "\\input prints literally"
contains "$text" "Catcode \\catcode\`\\~=0 ~input{$SECRET}" "\\catcode prints literally"
contains "$text" "Fine O(n log n) Sorting" "allowed math still typesets"

# Nothing written outside the output folder, and no payload's file anywhere.
outside="$(find "$WORK" -newer "$WORK/before" -type f ! -path "$WORK/cv/out/*" ! -name build.log)"
[[ -z "$outside" ]] && pass "no file written outside the output folder" || fail "written outside out/: $outside"
found="$(find "$WORK" -name "$(basename "$PWNED")*" | head -1)"
[[ -z "$found" ]] && pass "\\openout wrote nothing" || fail "\\openout wrote $found"

# Not text, or not a regular file: exit 2 with a located error, no TeX run.
cp "$hostile/invalid_utf8.bib" .
printf 'bibliography = ["invalid_utf8.bib"]\n[person]\nname = "A B"\n' > utf8.toml
status=0; "$MKCV" context utf8.toml -t long > /dev/null 2> utf8.log || status=$?
expect_status 2 $status "invalid UTF-8: invalid input, not exit 70"
contains "$(cat utf8.log)" "invalid_utf8.bib:1:23: error: invalid UTF-8" "invalid UTF-8: file, line and column"
mkfifo fifo.bib
for bib in . fifo.bib; do
  printf 'bibliography = ["%s"]\n[person]\nname = "A B"\n' "$bib" > odd.toml
  status=0; timeout 20 "$MKCV" validate odd.toml > odd.log 2>&1 || status=$?
  expect_status 2 $status "bibliography \"$bib\": refused"
  contains "$(cat odd.log)" "odd.toml:1:17: error: cannot read the bibliography $bib: it is" "bibliography \"$bib\": located message"
done
# Outside cv.toml's folder, a device above all, is not read at all.
printf 'bibliography = ["/dev/zero"]\n[person]\nname = "A B"\n' > odd.toml
status=0; timeout 20 "$MKCV" validate odd.toml > odd.log 2>&1 || status=$?
expect_status 2 $status "bibliography \"/dev/zero\": refused"
contains "$(cat odd.log)" "odd.toml:1:17: error: the bibliography \"/dev/zero\" is outside the folder of odd.toml" \
  "bibliography \"/dev/zero\": located message"
finish
