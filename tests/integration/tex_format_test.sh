# Precompiled preambles: a rebuild with an unchanged preamble leaves the format to a detached
# mkcv once its PDF is in place (the build does not wait for it), later builds start TeX from
# it, a changed preamble or TeX file makes a new one, and a broken
# format is never what a PDF comes from. With or without it the PDF is the same, byte for byte,
# and so it is from the XeLaTeX run `mkcv watch` keeps waiting with the format loaded.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
mkdir -p "$WORK/templates"
cp -r "$SRC/builtin_templates/long" "$WORK/templates/"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

formats() { find out/.mkcv -maxdepth 1 -name 'cv-long-*.fmt' | sort; }
edit_cv() { sed -i "s/^position = .*/position = \"Candidate $1\"/" cv.toml; }
# The PDF a build without any format gives for the current cv.toml and templates.
plain_pdf() {
  rm -rf plain && mkdir plain && cp -r cv.toml templates plain/
  (cd plain && "$MKCV" build -t long -q) || fail "plain build"
  echo plain/out/cv-long.pdf
}
build() { "$MKCV" build -t long -v > "$1" 2>&1 || { cat "$1"; fail "build $1"; }; }
# The detached maker of an output's format is done: it emptied the request, and let go of it.
format_done() {
  local request="out/.mkcv/$1.format-request"
  [[ -f "$request" && ! -s "$request" ]] && flock -n "$request" true
}
made_in_background() {  # made_in_background LOG LABEL [OUTPUT]
  contains "$(cat "$1")" "${3:-long}: making the preamble format for the next builds in the background" "$2"
  wait_for 120 format_done "cv-${3:-long}" || fail "$2: the format maker did not finish"
}

build first.log
[[ -z "$(formats)" ]] && pass "no format on a first build" || fail "format made on a first build"
lacks "$(cat first.log)" "-fmt=" "a first build runs TeX as always"

edit_cv 1
mkdir -p out/.mkcv/cv-long.format-999999  # left by a build killed while making a format
build second.log
made_in_background second.log "a rebuild makes the format"
[[ ! -e out/.mkcv/cv-long.format-999999 ]] && pass "a killed build's scratch folder is removed" ||
  fail "scratch folder of a dead process kept"
lacks "$(cat second.log)" "made the preamble format" "the rebuild does not wait for it"
[[ -n "$(formats)" && -f out/.mkcv/cv-long.format ]] && pass "format and record in out/.mkcv" ||
  fail "no format: $(ls out/.mkcv)"
lacks "$(cat second.log)" "-fmt=" "that rebuild runs TeX as always"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "same PDF as without a format" ||
  fail "the format changed the PDF"
first_format="$(formats)"

edit_cv 2
build third.log
lacks "$(cat third.log)" "made the preamble format" "the format is reused"
contains "$(cat third.log)" "-fmt=../cv-long-" "the next build starts from it too"
grep -Eq '^long: xelatex 1 pass ' third.log && pass "one pass with the format" ||
  fail "$(grep '^long: ' third.log)"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "same PDF again" || fail "the format changed the PDF"
[[ -z "$(ls out/.mkcv/cv-long 2>/dev/null | grep -v '^cv-long\.' | grep -v tex.out)" ]] &&
  pass "nothing of the format's making left in the build folder" ||
  fail "left over: $(ls out/.mkcv/cv-long)"

# A TeX file the format was made from changed (here: its recorded size): made again.
sed -i '3s/^file [0-9]*/file 1/' out/.mkcv/cv-long.format
edit_cv 3
build fourth.log
made_in_background fourth.log "a changed TeX file: made again"

# The preamble changed (here: the template's default margin, which mkcv-page writes into
# it): no format for that build (its key is new), then one for the next.
sed -i 's/left = "2cm"/left = "2.1cm"/' templates/long/template.toml
grep -q 'left = "2.1cm"' templates/long/template.toml || fail "the margin edit did not apply"
build fifth.log
lacks "$(cat fifth.log)" "-fmt=" "a changed preamble runs TeX as always"
edit_cv 4
build sixth.log
made_in_background sixth.log "then a new format is made"
[[ "$(formats | wc -l)" == 1 && "$(formats)" != "$first_format" ]] &&
  pass "the old preamble's format is removed" || fail "formats: $(formats)"
edit_cv 4b
build sixth-b.log
contains "$(cat sixth-b.log)" "-fmt=../cv-long-" "the new format is used"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "same PDF with the new format" ||
  fail "the new format changed the PDF"

# mkcv watch: after each build it starts the next XeLaTeX run from the format, to wait for
# the next .tex; a rebuild feeds it the part below the preamble, and xdvipdfmx makes the same
# PDF as a plain build. A warm run that died is not used: latexmk runs as before.
warm_pids() {
  for p in $(pgrep -x xelatex); do
    [[ "$(readlink "/proc/$p/cwd")" == "$PWD"/out/.mkcv/cv-long.warm-* ]] && echo "$p"
  done
  true
}
"$MKCV" watch -t long > watch.log 2>&1 &
watch_pid=$!
trap 'kill "$watch_pid" 2>/dev/null || true; remove_work' EXIT
wait_for 60 watching 1 || fail "watch: no first build"
wait_for 30 test -n "$(warm_pids)" || fail "watch: no warm XeTeX run waits for the next build"
edit_cv 4c
wait_for 60 watching 2 || { cat watch.log; fail "watch: no rebuild"; }
contains "$(cat watch.log)" "long: warm XeTeX 1 pass" "a watch rebuild typesets in the warm XeTeX run"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "its PDF is byte-identical to a plain build's" ||
  fail "the warm XeTeX run changed the PDF"
wait_for 30 test -n "$(warm_pids)" || fail "watch: no warm XeTeX run after the rebuild"
kill -KILL $(warm_pids)
edit_cv 4d
wait_for 60 watching 3 || { cat watch.log; fail "watch: no rebuild after the warm run died"; }
[[ "$(grep -c '^long: warm XeTeX' watch.log)" == 1 && "$(grep -cE '^long: (latexmk|xelatex) ' watch.log)" == 1 ]] &&
  pass "a warm run that died is not used: a normal build runs" || fail "$(grep '^long: ' watch.log)"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "and the PDF is the plain one" ||
  fail "wrong PDF after the warm run died"
# The run also ran the last build's lines between the marker and \begin{document} ahead; a
# build whose lines differ there (here: the template's) runs latexmk instead.
wait_for 30 test -n "$(warm_pids)" || fail "watch: no warm XeTeX run after the latexmk build"
sed -i 's/^\\begin{document}$/\\newcommand\\mkcvwatchedit{}\n&/' templates/long/cv.tex.mustache
grep -q 'mkcvwatchedit' templates/long/cv.tex.mustache || fail "the template edit did not apply"
wait_for 60 watching 4 || { cat watch.log; fail "watch: no rebuild after the template changed"; }
[[ "$(grep -cE '^long: (latexmk|xelatex) ' watch.log)" == 2 ]] &&
  pass "changed lines before \\begin{document}: a normal build runs" || fail "$(grep '^long: ' watch.log)"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "and the PDF is the plain one" ||
  fail "wrong PDF after the template changed"
kill -INT "$watch_pid"
wait_for 10 bash -c "! kill -0 $watch_pid" || fail "watch did not stop"
[[ -z "$(warm_pids)" && -z "$(ls -d out/.mkcv/*.warm-* 2>/dev/null)" ]] &&
  pass "the waiting XeTeX run stops with the watch, its folder removed" ||
  fail "a warm XeTeX run or its folder outlived the watch"

# A broken format that looks current: the build still succeeds, from a run without it, and
# the format is dropped.
printf 'not a format' > "$(formats)"
edit_cv 5
build broken.log
contains "$(cat broken.log)" "long: xelatex " "a broken format does not fail the build"
cmp -s out/cv-long.pdf "$(plain_pdf)" && pass "the PDF comes from a normal run" ||
  fail "wrong PDF after a broken format"
[[ -z "$(formats)" && ! -e out/.mkcv/cv-long.format ]] && pass "the broken format is dropped" ||
  fail "broken format kept: $(ls out/.mkcv)"
[[ "$(ls out/.mkcv)" == "$(printf 'cv-long\ncv-long.format-request\ncv-long.state')" ]] &&
  pass "nothing else left in out/.mkcv" || fail "left in out/.mkcv: $(ls out/.mkcv)"

# A TeX error in the document with a good format: reported as without one, format kept.
edit_cv 6
build seventh.log
made_in_background seventh.log "after a broken one, a format is made again"
[[ -n "$(formats)" ]] || fail "no format before the error test"
sed -i 's/^\\begin{document}$/&\n\\undefinedcommand/' templates/long/cv.tex.mustache
set +e
"$MKCV" build -t long > error.log 2>&1
status=$?
set -e
expect_status 1 "$status" "a TeX error still fails the build"
contains "$(cat error.log)" "long: error: TeX failed" "and is reported as usual"
contains "$(cat error.log)" "Undefined control sequence" "with TeX's message"
[[ -n "$(formats)" ]] && pass "a document error keeps the format" || fail "format dropped"

# The other built-in templates: the PDF made from their formats is the plain one too. In
# Chinese (--lang zh), so their preambles load xeCJK (meta.xecjk), where the English long's
# above does not (its one CJK name is set without it): formats of both kinds dump and run.
if grep -q 'usepackage{xeCJK}' out/.mkcv/cv-long/cv-long.tex; then fail "long in English loads xeCJK"
else pass "long in English: no xeCJK in its preamble"; fi
rm -rf both && mkdir both && cp "$SRC/cv.toml" both/ && cd both
"$MKCV" build -t short -t modern --lang zh -q || fail "short and modern: first build"
edit_cv 7
"$MKCV" build -t short -t modern --lang zh > made.log 2>&1 || { cat made.log; fail "short and modern"; }
made_in_background made.log "short: format made" short.zh
made_in_background made.log "modern: format made" modern.zh
edit_cv 8
"$MKCV" build -t short -t modern --lang zh -v > used.log 2>&1 || { cat used.log; fail "short and modern"; }
[[ "$(grep -c -- '-fmt=../cv-' used.log)" -ge 2 ]] && pass "short and modern use their formats" ||
  fail "formats not used: $(grep -c -- '-fmt=' used.log)"
mkdir plain && cp cv.toml plain/ && (cd plain && "$MKCV" build -t short -t modern --lang zh -q) ||
  fail "plain short and modern"
for t in short modern; do
  cmp -s "out/cv-$t.zh.pdf" "plain/out/cv-$t.zh.pdf" && pass "$t: same PDF as without a format" ||
    fail "$t: the format changed the PDF"
  grep -q 'usepackage{xeCJK}' "out/.mkcv/cv-$t.zh/cv-$t.zh.tex" && pass "$t in Chinese loads xeCJK" ||
    fail "$t in Chinese: no xeCJK"
done
contains "$(pdf_text out/cv-modern.zh.pdf)" "北京大学" "the Chinese text is in the PDF"

finish
