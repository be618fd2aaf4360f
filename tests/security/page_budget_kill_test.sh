# A page-budgeted build killed at any moment keeps the last good PDF: its attempts stay in
# the build folder and only the PDF that fits is placed (then its .tex, then the record).
# After each SIGKILL or SIGTERM the old out/cv-short.pdf and .tex are byte-identical (or a
# new PDF that fits was placed whole), `check` tells the truth, and the next build leaves
# no *.previous.pdf or temporary files behind.
source "$(dirname "$0")/../integration/lib.sh"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
# Fits one page as it is; the overflowing CV adds papers the short CV keeps (selected), so
# its first attempt is too long and the budget drops some and compiles again.
python3 "$SRC/tests/data/many_publications.py" 10 > good.toml
python3 "$SRC/tests/data/many_publications.py" 10 > long.toml
for i in $(seq 1 24); do
  cat >> long.toml <<TOML
[[publications]]
title = "An Overflowing Selected Paper Number $i on Scheduling Many Jobs at Once"
authors = ["Yihao Zhao", "Coauthor A", "Coauthor B", "Coauthor C", "Coauthor D", "Coauthor E"]
venue = "The Conference on Very Long Venue Names That Wrap $i"
year = $((2000 + i))
kind = "conference"
selected = true

TOML
done

cp good.toml cv.toml
"$MKCV" build -t short > good.log 2>&1 || { cat good.log; fail "first build"; finish; }
[[ "$(pdf_pages out/cv-short.pdf)" == 1 ]] || fail "the good PDF is not one page"
good_pdf="$(sha256sum < out/cv-short.pdf)"
good_tex="$(sha256sum < out/cv-short.tex)"

# Once, by hand, that the overflowing CV does take several attempts.
cp long.toml over.toml
"$MKCV" build over.toml -t short > over.log 2>&1 || { cat over.log; fail "overflow build"; finish; }
contains "$(cat over.log)" "over its budget of 1 page" "the overflowing CV overflows first"
[[ "$(pdf_pages out/over-short.pdf)" == 1 ]] && pass "and is placed once it fits" || fail "over-short pages"

leftovers() {  # what a build must not leave in out/ and out/.mkcv/
  find out -maxdepth 2 \( -name '*.previous.pdf' -o -name '.*.tmp' \) -print
}

# kill_round SIGNAL WHEN: WHEN is "first" (as soon as the first attempt's PDF exists in
# the build folder) or a delay in seconds.
round=0
kill_round() {
  local signal=$1 when=$2 pid status
  round=$((round + 1))
  cp long.toml cv.toml
  # The build folder keeps the last PDF; remove it to see the first attempt's appear.
  rm -f out/.mkcv/cv-short/cv-short.pdf
  "$MKCV" build -t short > "killed$round.log" 2>&1 &
  pid=$!
  if [[ "$when" == first ]]; then
    wait_for 60 test -s out/.mkcv/cv-short/cv-short.pdf || fail "round $round: no attempt PDF"
  else
    sleep "$when"
  fi
  kill -s "$signal" "$pid" 2> /dev/null || true
  set +e
  wait "$pid"; status=$?
  set -e
  local label="round $round (SIG$signal at $when)"
  # Finished: the log says so, or the signal came after the PDF was placed but before the
  # log's last line (the build had only its report and the preamble format's request left).
  # Either way the new PDF must fit; else the old one must be intact.
  if grep -q " → out/cv-short.pdf" "killed$round.log" ||
    [[ "$(sha256sum < out/cv-short.pdf)" != "$good_pdf" ]]; then
    [[ "$(pdf_pages out/cv-short.pdf)" == 1 ]] && pass "$label: finished; the new PDF fits" ||
      fail "$label: a placed PDF of $(pdf_pages out/cv-short.pdf) pages"
    set +e
    "$MKCV" check -t short > "check$round.log" 2>&1; status=$?
    set -e
    # SIGTERM waits while the PDF, its .tex and the record are placed, so they are all
    # new: check agrees. SIGKILL cannot wait: between the PDF and the record, check may
    # only say stale (3), never that an old record fits.
    if [[ "$signal" == TERM ]] || grep -q " → out/cv-short.pdf" "killed$round.log"; then
      expect_status 0 "$status" "$label: check agrees"
    elif ((status == 0 || status == 3)); then
      pass "$label: check agrees, or says stale"
    else
      fail "$label: check exited $status: $(cat "check$round.log")"
    fi
  else
    ((status != 0)) || fail "$label: killed build exited 0"
    [[ "$(sha256sum < out/cv-short.pdf)" == "$good_pdf" ]] && pass "$label: old PDF intact" ||
      fail "$label: the PDF was replaced ($(pdf_pages out/cv-short.pdf) pages)"
    [[ "$(sha256sum < out/cv-short.tex)" == "$good_tex" ]] && pass "$label: old .tex intact" ||
      fail "$label: the .tex was replaced"
    set +e
    "$MKCV" check -t short > "check$round.log" 2>&1; status=$?
    set -e
    expect_status 3 "$status" "$label: check says stale"
    # Back to the CV of the good PDF: its record was never touched, so nothing to do.
    cp good.toml cv.toml
    "$MKCV" build -t short > "back$round.log" 2>&1 || { cat "back$round.log"; fail "$label: build back"; }
    contains "$(cat "back$round.log")" "short: up to date" "$label: the old record still holds"
  fi
  # Leftovers of a killed build (as earlier mkcv left them, and as a kill mid-write does)
  # go with the next build.
  : > out/.mkcv/cv-short.previous.pdf
  : > out/.cv-short.pdf.0a1b-2c3d-4e5f.tmp
  : > out/.mkcv/.cv-short.state.0a1b-2c3d-4e5f.tmp
  cp good.toml cv.toml
  "$MKCV" build -t short > "next$round.log" 2>&1 || { cat "next$round.log"; fail "$label: next build"; }
  [[ -z "$(leftovers)" ]] && pass "$label: no leftovers after the next build" ||
    fail "$label: left $(leftovers | tr '\n' ' ')"
  good_pdf="$(sha256sum < out/cv-short.pdf)"
  good_tex="$(sha256sum < out/cv-short.tex)"
}

kill_round KILL first
kill_round TERM first
for delay in 0.3 1 2; do
  kill_round KILL "$delay"
  kill_round TERM "$delay"
done

# The same CV built whole afterwards places a PDF that fits, and check agrees.
cp long.toml cv.toml
"$MKCV" build -t short > final.log 2>&1 || { cat final.log; fail "final build"; }
[[ "$(pdf_pages out/cv-short.pdf)" == 1 ]] && pass "the finished build fits" || fail "final pages"
"$MKCV" check -t short > /dev/null 2>&1 && pass "check: up to date" || fail "check after final build"
cmp -s out/cv-short.tex out/.mkcv/cv-short/cv-short.tex &&
  pass "the .tex beside the PDF is the one it was compiled from" || fail "out/cv-short.tex differs"
# The .tex of a trimmed PDF is the trimmed one, and stays so when the build is up to date.
rm out/cv-short.tex
"$MKCV" build -t short > uptodate.log 2>&1 || { cat uptodate.log; fail "up-to-date build"; }
contains "$(cat uptodate.log)" "short: up to date" "no TeX for a removed .tex"
cmp -s out/cv-short.tex out/.mkcv/cv-short/cv-short.tex && pass "the trimmed .tex is put back" ||
  fail "the .tex put back is not the trimmed one"
finish
