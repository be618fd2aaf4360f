# Builds into the same output folder take turns (an flock in out/.mkcv/): two at once, ten
# rounds, both succeed and no TeX run trips over the other's files; `-t short -t short`
# compiles once; --no-wait fails at once, saying who holds the folder; check never waits.
source "$(dirname "$0")/../integration/lib.sh"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
export SOURCE_DATE_EPOCH=1700000000
"$MKCV" build -t short > first.log 2>&1 || { cat first.log; fail "first build"; finish; }

waits=0
for round in $(seq 1 10); do
  # An edit each round, and --force: both run TeX in the same build folder (before the
  # lock, 3 of 9 such rounds failed with "TeX failed" and no cause).
  sed -i "s/^position = .*/position = \"Doctoral Candidate $round\"/" cv.toml
  "$MKCV" build -t short --force > a.log 2>&1 & a=$!
  "$MKCV" build -t short --force > b.log 2>&1 & b=$!
  set +e
  wait "$a"; status_a=$?
  wait "$b"; status_b=$?
  set -e
  if ((status_a == 0 && status_b == 0)); then
    pass "round $round: both builds succeed"
  else
    fail "round $round: exit statuses $status_a and $status_b"
    cat a.log b.log >&2
  fi
  grep -q "waiting for another mkcv build in out/ (pid [0-9]*)…" a.log b.log && waits=$((waits + 1))
  contains "$(pdf_text out/cv-short.pdf)" "Doctoral Candidate $round" "round $round: the PDF is this round's"
done
((waits > 0)) && pass "the second build waited in $waits of 10 rounds" || fail "no build ever waited"
"$MKCV" check -t short > /dev/null 2>&1 && pass "check: up to date after the rounds" || fail "check"

# The same template twice is one compile.
"$MKCV" build -t short -t short --force > twice.log 2>&1 || { cat twice.log; fail "-t short -t short"; }
[[ "$(grep -c "^short: xelatex" twice.log)" == 1 ]] && pass "-t short -t short compiles once" ||
  fail "-t short -t short: $(grep -c "^short: xelatex" twice.log) compiles"
"$MKCV" build -t short -t "$SRC/builtin_templates/short" > twice2.log 2>&1 ||
  { cat twice2.log; fail "short by name and by folder"; }
[[ "$(grep -c "^short: " twice2.log)" == 2 ]] && pass "short by name and by folder is one output" ||
  { cat twice2.log; fail "short by name and by folder"; }

# Two different templates with one name would write one PDF: refused before any TeX.
cp -r "$SRC/builtin_templates/short" mine
set +e
"$MKCV" build -t short -t ./mine -o clash > clash.log 2>&1; status=$?
set -e
expect_status 2 "$status" "two templates named short are refused"
contains "$(cat clash.log)" "two templates are named \`short\`" "and the message says why"
[[ ! -e clash ]] && pass "nothing written for the clash" || fail "clash/ written"

# --no-wait while another build holds the folder: exit 1 at once, naming it.
sed -i "s/^position = .*/position = \"Doctoral Candidate held\"/" cv.toml
before="$(sha256sum < out/cv-short.pdf)"
"$MKCV" build -t short --force > holder.log 2>&1 & holder=$!
wait_for 30 test -s out/.mkcv/.lock || fail "the lock was never taken"
start=$SECONDS
set +e
"$MKCV" build -t short --no-wait > nowait.log 2>&1; status=$?
"$MKCV" check -t short > check.log 2>&1; check_status=$?
set -e
expect_status 1 "$status" "--no-wait fails while another build runs"
contains "$(cat nowait.log)" "mkcv: error: another mkcv build in out/ (pid $holder) is running; not waiting for it (--no-wait)" \
  "--no-wait names the build that holds the folder"
expect_status 3 "$check_status" "check does not wait for the lock, and sees the edit"
((SECONDS - start <= 5)) && pass "neither waited" || fail "took $((SECONDS - start)) s"
set +e
wait "$holder"; status=$?
set -e
expect_status 0 "$status" "the build holding the lock succeeds"
[[ "$(sha256sum < out/cv-short.pdf)" != "$before" ]] && pass "and placed its PDF" || fail "PDF unchanged"
"$MKCV" build -t short --no-wait > free.log 2>&1 && pass "--no-wait builds when nobody holds the folder" ||
  { cat free.log; fail "--no-wait on a free folder"; }
# mkcv watch waiting for the folder still stops on Ctrl-C, with status 0. flock(1) holds
# the lock here, as another mkcv would, for a few seconds.
flock out/.mkcv/.lock sleep 8 & holder=$!
wait_for 5 bash -c '! flock -n out/.mkcv/.lock true' || fail "flock(1) did not take the lock"
start=$SECONDS
"$MKCV" watch -t short > watch.log 2>&1 & watcher=$!
wait_for 10 grep -q "mkcv: waiting for another mkcv build in out/…" watch.log ||
  fail "watch does not say it waits: $(cat watch.log)"
kill -INT "$watcher"
set +e
wait "$watcher"; status=$?
set -e
expect_status 0 "$status" "watch stopped while waiting exits 0"
((SECONDS - start < 8)) && pass "without waiting for the other build" || fail "watch waited it out"
contains "$(cat watch.log)" "stopped waiting for it" "and says it stopped waiting"
wait "$holder" || true
finish
