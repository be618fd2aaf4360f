# A build that is killed, stuck, or cannot write never damages the previous PDF: SIGKILL in
# the middle of TeX, a template that loops forever ([build] timeout), an output folder that
# cannot be written, a full disk, and no TeX at all.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
"$MKCV" build -t short > first.log 2>&1 || { cat first.log; fail "first build"; finish; }
good="$(sha256sum < out/cv-short.pdf)"

# --- SIGKILL while TeX runs -----------------------------------------------------------
# Under a light load TeX may finish before the kill lands; then try again with a new edit.
for attempt in 1 2 3 4 5; do
  sed -i "s/^position = .*/position = \"Doctoral Candidate $attempt\"/" cv.toml
  "$MKCV" build -t short > killed.log 2>&1 &
  pid=$!
  for _ in $(seq 200); do  # until latexmk has started (at most 10 s)
    [[ -f out/.mkcv/cv-short/.mkcv-tex-group ]] && break
    sleep 0.05
  done
  sleep 0.1
  kill -9 "$pid"
  wait "$pid" 2>/dev/null || true
  grep -q "→" killed.log || break
  good="$(sha256sum < out/cv-short.pdf)"
done
[[ "$(sha256sum < out/cv-short.pdf)" == "$good" ]] && pass "SIGKILL mid-TeX: previous PDF intact" ||
  fail "SIGKILL mid-TeX changed the PDF"
set +e
"$MKCV" check -t short > /dev/null 2>&1
status=$?
set -e
expect_status 3 "$status" "after the kill the PDF is stale"
"$MKCV" build -t short > recovered.log 2>&1 || { cat recovered.log; fail "build after the kill"; }
contains "$(pdf_text out/cv-short.pdf)" "Doctoral Candidate $attempt" "the next build recovers"
"$MKCV" check -t short > /dev/null 2>&1 && pass "and is up to date" || fail "stale after recovery"

# --- a template that never finishes -----------------------------------------------------
mkdir -p templates/loop
cat > templates/loop/template.toml <<'TOML'
name = "loop"
description = "TeX that never ends"
engine = "xelatex"
main = "cv.tex.mustache"
TOML
printf '%s\n' '\documentclass{article}' '\begin{document}' '\def\x{\x}\x' '\end{document}' \
  > templates/loop/cv.tex.mustache
printf '\n[build]\ntimeout = 2\n' >> cv.toml
start=$SECONDS
set +e
"$MKCV" build -t loop > loop.log 2>&1
status=$?
set -e
elapsed=$((SECONDS - start))
expect_status 1 "$status" "timed-out build exits 1"
contains "$(cat loop.log)" "did not finish within 2 s" "time limit from [build] timeout"
((elapsed <= 8)) && pass "stopped within the limit (${elapsed} s)" || fail "took ${elapsed} s"
# Counted in the loop's own build folder: a detached mkcv may still be making short's
# precompiled preamble beside it (tex/format_request.h), as it may after any rebuild.
left=0
for proc in /proc/[0-9]*; do
  [[ "$(readlink "$proc/cwd" 2>/dev/null)" == "$WORK"/out/.mkcv/cv-loop* ]] && left=$((left + 1))
done
((left == 0)) && pass "latexmk's children died with it" || fail "$left TeX process(es) left running"
printf 'timeout = 0\n' >> cv.toml  # a duplicate key: TOML refuses it
set +e
"$MKCV" validate > /dev/null 2>&1; status=$?
set -e
expect_status 2 "$status" "bad [build] table is invalid input"
sed -i '/^timeout = 0$/d; s/^timeout = 2$/timeout = 0/' cv.toml
set +e
out="$("$MKCV" validate 2>&1)"; status=$?
set -e
expect_status 2 "$status" "timeout = 0 is refused"
contains "$out" "is not a number of seconds" "timeout range explained"
sed -i 's/^timeout = 0$/timeout = 60/' cv.toml

# --- mkcv interrupted (Ctrl-C) or terminated while TeX runs ------------------------------
# latexmk runs in its own process group, out of reach of the terminal's Ctrl-C; mkcv ends
# it before it goes. (timeout sends the signal to mkcv alone, as a terminal would not.)
tex_left() {
  local left=0
  for proc in /proc/[0-9]*; do
    [[ "$(readlink "$proc/cwd" 2>/dev/null)" == "$WORK"/out/.mkcv/cv-loop* ]] && left=$((left + 1))
  done
  echo "$left"
}
for signal in INT TERM; do
  rm -f out/.mkcv/cv-loop/.mkcv-tex-group
  set +e
  timeout -s "$signal" 3 "$MKCV" build -t loop > interrupted.log 2>&1; status=$?
  set -e
  expect_status 124 "$status" "SIG$signal: mkcv stopped by the signal"
  [[ -f out/.mkcv/cv-loop/.mkcv-tex-group ]] || fail "SIG$signal: TeX had not started"
  sleep 0.2
  left="$(tex_left)"
  ((left == 0)) && pass "SIG$signal: no TeX left running" || fail "SIG$signal: $left TeX process(es) left"
done

# --- output folder that cannot be written -------------------------------------------------
touch not-a-folder
set +e
out="$("$MKCV" build -t short -o not-a-folder 2>&1)"; status=$?
set -e
expect_status 1 "$status" "output path that is a file: exit 1"
contains "$out" "short: error: cannot create not-a-folder/.mkcv/cv-short" "clear message"

sed -i 's/Doctoral Candidate/Research Candidate/' cv.toml
before="$(sha256sum < out/cv-short.pdf)"
chmod -R a-w out
chmod 755 "$WORK"
as_user=()  # root writes anywhere: drop to nobody to see the refusal
((EUID == 0)) && as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
set +e
out="$("${as_user[@]}" "$MKCV" build -t short 2>&1)"; status=$?
set -e
chmod -R u+w out
expect_status 1 "$status" "read-only output folder: exit 1"
contains "$out" "Permission denied" "read-only output folder: clear message"
[[ "$(sha256sum < out/cv-short.pdf)" == "$before" ]] && pass "read-only: PDF untouched" || fail "PDF changed"

# --- full disk (a file size limit makes writes fail the same way) ------------------------
set +e
out="$(trap '' XFSZ; ulimit -f 4; "$MKCV" build -t short 2>&1)"; status=$?
set -e
expect_status 1 "$status" "write failure: exit 1"
contains "$out" "cannot write" "write failure: clear message"
[[ "$(sha256sum < out/cv-short.pdf)" == "$before" ]] && pass "write failure: PDF untouched" || fail "PDF changed"
ls out/.cv-short.* > /dev/null 2>&1 && fail "temporary files left behind" || pass "no temporary files left"

# --- no TeX --------------------------------------------------------------------------
set +e
out="$(PATH=/nonexistent "$MKCV" build -t short 2>&1)"; status=$?
set -e
expect_status 1 "$status" "missing latexmk: exit 1"
contains "$out" "latexmk is not installed" "missing latexmk: clear message"
finish
