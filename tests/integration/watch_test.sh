# mkcv watch rebuilds when cv.toml changes, keeps the last good PDF when the new cv.toml is
# broken, and exits 0 on SIGINT. Every wait is bounded.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
mkdir -p "$WORK/templates"
cp -r "$SRC/builtin_templates/short" "$WORK/templates/short"  # a user template, to edit
mkdir -p "$WORK/templates/locales"
printf '[headings]\neducation = "Schooling"\n' > "$WORK/templates/locales/en.toml"  # a locale, to edit
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

"$MKCV" watch -t short > watch.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; remove_work' EXIT

# An edit while the first build runs TeX (before anything is watched) is not lost.
wait_for 60 test -f out/.mkcv/cv-short/.mkcv-tex-group || fail "first build never started TeX"
sed -i 's/Ph.D. Candidate/Early Candidate/' cv.toml
wait_for 60 watching 2 && pass "first build, then a rebuild for the early edit" ||
  { cat watch.log; fail "no first build"; }
contains "$(pdf_text out/cv-short.pdf)" "Early Candidate" "the early edit is in the PDF"

sed -i 's/Early Candidate/Watched Candidate/' cv.toml
wait_for 60 watching 3 && pass "rebuilt after cv.toml changed" || fail "no rebuild"
contains "$(pdf_text out/cv-short.pdf)" "Watched Candidate" "the rebuilt PDF has the change"
contains "$(cat watch.log)" "cv.toml changed, building" "says what changed"

# A template file changed (written through a new file renamed over it, as editors do).
sed 's/\\begin{document}/\\begin{document}Edited template./' templates/short/cv.tex.mustache > new.tmp
mv new.tmp templates/short/cv.tex.mustache
wait_for 60 watching 4 && pass "rebuilt after a template file changed" || fail "no rebuild"
contains "$(cat watch.log)" "cv.tex.mustache changed, building" "says which template file"
contains "$(pdf_text out/cv-short.pdf)" "Edited template." "the PDF has the template change"

# A locale file beside cv.toml changed.
printf '[headings]\neducation = "Studies"\n' > templates/locales/en.toml
wait_for 60 watching 5 && pass "rebuilt after a locale file changed" || fail "no rebuild for the locale"
contains "$(cat watch.log)" "en.toml changed, building" "says which locale file"
contains "$(pdf_text out/cv-short.pdf | tr a-z A-Z)" "STUDIES" "the PDF has the locale's new word (short sets headings in capitals)"
good="$(sha256sum < out/cv-short.pdf)"

# A broken cv.toml: diagnostics printed, PDF kept, still watching.
printf 'this is not toml\n' >> cv.toml
wait_for 30 watching 6 && pass "still watching after an error" || fail "watch stopped"
contains "$(cat watch.log)" "cv.toml:" "diagnostics printed"
[[ "$(sha256sum < out/cv-short.pdf)" == "$good" ]] && pass "last good PDF kept" || fail "PDF changed"

kill -INT "$pid"
if wait_for 10 bash -c "! kill -0 $pid"; then
  wait "$pid"; status=$?
  expect_status 0 "$status" "Ctrl-C exits 0"
else
  fail "watch did not stop on SIGINT"
fi
contains "$(cat watch.log)" "mkcv watch: stopped" "says it stopped"
finish
