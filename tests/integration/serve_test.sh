# mkcv serve on a copy of the seed CV (its site, `[site] pdfs = []`: no TeX), with a free port:
# the page is served with the live-reload script (the file on disk has none); a serve whose
# first build fails shows a made-up index and the error at once; an edit of cv.toml reaches
# the event stream as `reload` and the page has the new text; a broken cv.toml sends its
# `cv.toml:LINE:COL: error:` text, HTML-escaped, and fixing it sends `reload`; it listens on
# 127.0.0.1 only and answers no other Host; headless Chromium (DevTools' /json list, no
# websocket needed) shows the page reload itself after an edit, show the error overlay and
# recover; Ctrl-C stops it with exit 0 while streams are open. Every wait is bounded.
source "$(dirname "$0")/lib.sh"

for tool in curl chromium python3 ss; do
  require_tool "$tool" "build_scripts/test.sh installs it"
done

MKCV="$(realpath "$MKCV")"  # it runs in $WORK
cp "$SRC/cv.toml" "$WORK/cv.toml"
cd "$WORK"
printf '\n[site]\npdfs = []\n' >> cv.toml  # the page alone: no TeX
export SOURCE_DATE_EPOCH=1700000000
good_cv="$(cat cv.toml)"
# Written a moment ago, cv.toml would count as edited during serve's first build (watch
# allows for the file clock's lag), and the rebuild would swap the folder under the test.
touch -d '-5 seconds' cv.toml

pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null || true; done
  # Chromium writes its profile until it has exited.
  for p in "${pids[@]}"; do wait "$p" 2> /dev/null || true; done
  remove_work
}
trap cleanup EXIT

"$MKCV" serve --port 0 > serve.out 2> serve.log &
pid=$!
pids+=("$pid")
# watching N: serve.log says `watching` N times (N builds done).
watching() { [[ "$(grep -c 'mkcv serve: watching' serve.log)" -ge "$1" ]]; }

wait_for 30 grep -q '^Serving http://127.0.0.1:[0-9]*/ — Ctrl-C stops$' serve.out &&
  pass "prints the URL" || { cat serve.out serve.log; fail "no URL printed"; finish; }
url="$(grep -o 'http://127.0.0.1:[0-9]*/' serve.out)"
port="${url##*:}"; port="${port%/}"
wait_for 60 watching 1 && pass "first build done" || { cat serve.log; fail "no first build"; finish; }

# --- Files, headers, the made-up index ----------------------------------------------------
page="$(curl -sf "$url")" || fail "GET the page"
contains "$page" '<script src="/_mkcv/reload.js" data-generation="1"></script></body>' \
  "the served page has the live-reload script before </body>"
contains "$page" "Ph.D. Candidate" "the served page is the CV's"
lacks "$(cat _site/index.html)" "_mkcv" "the file on disk has no script"
headers="$(curl -sfI "${url}index.html" | tr -d '\r')"
contains "$headers" "Content-Type: text/html; charset=utf-8" "HTML's Content-Type"
contains "$headers" "X-Content-Type-Options: nosniff" "nosniff"
contains "$headers" "Cache-Control: no-store" "no-store"
contains "$headers" "Content-Security-Policy: script-src 'self'" "pages run only the server's scripts"
script="$(curl -sf "${url}_mkcv/reload.js")" || fail "GET the script"
contains "$script" 'new EventSource("/_mkcv/events")' "the script listens on the stream"
status="$(curl -s -o /dev/null -w '%{http_code}' -X POST -d x "${url}index.html")"
expect_status 405 "$status" "POST is refused"
status="$(curl -s -o /dev/null -w '%{http_code}' -H "Host: attacker.example:$port" "$url")"
expect_status 403 "$status" "a foreign Host (DNS rebinding) is refused"
status="$(curl -s -o /dev/null -w '%{http_code}' "${url}cv.toml")"
expect_status 404 "$status" "cv.toml (beside the folder) is not served"

# --- 127.0.0.1 only -------------------------------------------------------------------------
listening="$(ss -Hltn "sport = :$port" | awk '{print $4}')"
[[ "$listening" == "127.0.0.1:$port" ]] && pass "listens on 127.0.0.1:$port only" ||
  fail "listens on: $listening"
if curl -s --connect-timeout 3 -o /dev/null "http://127.0.0.2:$port/"; then
  fail "answers on 127.0.0.2"
else
  pass "refuses connections to 127.0.0.2"
fi

# A second serve on the same port fails (exit 1) and says so; the first goes on.
status=0
timeout 20 "$MKCV" serve --port "$port" -o site2 > second.out 2> second.log || status=$?
expect_status 1 "$status" "a taken --port fails"
contains "$(cat second.log)" "cannot listen on 127.0.0.1, port $port" "says the port is taken"

# A serve whose first build fails: "/" is a made-up page (no folder yet) with the script,
# and a stream that opens after the failure gets the error at once.
mkdir broken
printf 'name = \n' > broken/cv.toml
"$MKCV" serve broken/cv.toml --port 0 -o broken/_site > broken.out 2> broken.log &
broken_pid=$!
pids+=("$broken_pid")
wait_for 30 grep -q 'mkcv serve: watching' broken.log || fail "the broken serve did not start"
broken_url="$(grep -o 'http://127.0.0.1:[0-9]*/' broken.out)"
index="$(curl -sf "$broken_url")" || fail "GET / of the broken serve"
contains "$index" "Nothing is built yet." "/ without index.html says nothing is built"
contains "$index" "/_mkcv/reload.js" "the made-up page reloads too"
curl -sN --max-time 3 "${broken_url}_mkcv/events" > broken-events.txt 2> /dev/null || true
contains "$(cat broken-events.txt)" "event: build-error" "a late stream gets the error at once"
contains "$(cat broken-events.txt)" "data: broken/cv.toml:1:" "with its cv.toml:LINE:COL"
kill -TERM "$broken_pid"
wait_for 15 bash -c "! kill -0 $broken_pid" && pass "SIGTERM stops it" || fail "SIGTERM did not stop it"

# --- Real headless Chromium: the page reloads itself --------------------------------------
mkdir -p chrome
timeout 300 chromium --headless --no-sandbox --disable-gpu --no-first-run \
  --no-default-browser-check --disable-extensions --disable-sync --mute-audio \
  --disable-background-networking --proxy-server=127.0.0.1:9 \
  --host-resolver-rules="MAP * ~NOTFOUND, EXCLUDE 127.0.0.1" --user-data-dir="$WORK/chrome" \
  --remote-debugging-port=0 "$url" > chromium.out 2> chromium.log &
pids+=("$!")
wait_for 60 test -s chrome/DevToolsActivePort || { tail chromium.log; fail "chromium did not start"; }
devport="$(head -1 chrome/DevToolsActivePort)"
# The title of the page Chromium shows (its DevTools HTTP list: no websocket needed).
title() {
  curl -sf "http://127.0.0.1:$devport/json/list" | python3 -c '
import json, sys
pages = [t for t in json.load(sys.stdin) if t.get("type") == "page"]
print(pages[0]["title"] if pages else "")'
}
title_is() { [[ "$(title)" == "$1" ]]; }
wait_for 30 title_is "Yihao Zhao – Ph.D. Candidate" && pass "chromium loaded the page" ||
  fail "chromium's page: «$(title)»"
# Chromium's stream is open before the edit (the server counts none; its page says hello).
sleep 1

# --- An edit reaches the stream and the pages ---------------------------------------------
curl -sN "${url}_mkcv/events" > events.txt 2> /dev/null &
pids+=("$!")
wait_for 10 grep -q '^event: hello$' events.txt && pass "the stream says hello on connecting" ||
  fail "no hello on the stream"
hello_of() { grep -A1 '^event: hello$' events.txt | grep -q "^data: $1\$"; }
wait_for 10 hello_of 1 && pass "hello carries the generation" ||
  fail "hello without the generation: $(head -c 300 events.txt)"

sed -i 's/Ph.D. Candidate/Served Candidate/' cv.toml
wait_for 30 grep -q '^event: reload$' events.txt && pass "an edit sends reload" ||
  { cat serve.log; fail "no reload on the stream"; }
contains "$(curl -sf "$url")" "Served Candidate" "the page has the edit"
wait_for 30 title_is "Yihao Zhao – Served Candidate" && pass "chromium's page reloaded itself" ||
  fail "chromium's page did not reload: «$(title)»"

# --- Many clients at once; clients that go away free their places ------------------------
# 32 streams at most (Chromium's page and the curl above hold two): the others get 503.
many=()
for i in $(seq 1 34); do
  curl -sN --max-time 60 "${url}_mkcv/events" > "stream$i.txt" 2> /dev/null &
  many+=("$!")
done
streams_said() { [[ "$(grep -l "$1" stream*.txt | wc -l)" -ge "$2" ]]; }
wait_for 20 streams_said '^event: hello$' 28 && pass "many streams open at once" ||
  fail "only $(grep -l '^event: hello$' stream*.txt | wc -l) streams said hello"
wait_for 20 streams_said '^503 ' 2 && pass "streams beyond the bound get 503" ||
  fail "no stream was refused"
code="$(curl -s -o /dev/null --max-time 5 -w '%{http_code}' "$url")"
expect_status 200 "$code" "pages are served while the streams are open"
kill "${many[@]}" 2> /dev/null || true
wait "${many[@]}" 2> /dev/null || true
# Their places are free again within seconds: the next write to each fails.
new_stream() {
  curl -sN --max-time 2 "${url}_mkcv/events" > stream-new.txt 2> /dev/null || true
  grep -q '^event: hello$' stream-new.txt
}
wait_for 15 new_stream && pass "clients that went away freed their places" ||
  fail "no stream after the clients left"

# --- A broken cv.toml shows on the page, and the fix reloads it ---------------------------
printf '\n"<b>again</b>" = 1\n' >> cv.toml  # an unknown key, which the error quotes
expected="$("$MKCV" validate cv.toml 2>&1 | grep -o '^cv\.toml:[0-9]*:[0-9]*: error: [^<]*' | head -1 || true)"
[[ -n "$expected" ]] || fail "mkcv validate found no error in the broken cv.toml"
wait_for 30 grep -q '^event: build-error$' events.txt && pass "a broken cv.toml sends build-error" ||
  fail "no build-error on the stream"
events="$(cat events.txt)"
contains "$events" "data: $expected" "the event has the error at cv.toml:LINE:COL"
contains "$events" "&lt;b&gt;again&lt;/b&gt;" "the diagnostics are HTML-escaped"
lacks "$events" "<b>again" "no markup of cv.toml in the event"
wait_for 30 title_is "Build error · Yihao Zhao – Served Candidate" &&
  pass "chromium shows the error over the last good page" || fail "no error shown: «$(title)»"
contains "$(cat _site/index.html)" "Served Candidate" "the last good page is kept"

printf '%s\n' "$good_cv" > cv.toml
wait_for 30 bash -c '[[ $(grep -c "^event: reload$" events.txt) -ge 2 ]]' &&
  pass "fixing cv.toml sends reload" || fail "no reload after the fix"
wait_for 30 title_is "Yihao Zhao – Ph.D. Candidate" && pass "chromium's page recovered" ||
  fail "chromium's page did not recover: «$(title)»"

# --- Ctrl-C stops the watch and the server, with streams open -------------------------------
kill -INT "$pid"
if wait_for 15 bash -c "! kill -0 $pid"; then
  status=0; wait "$pid" || status=$?
  expect_status 0 "$status" "Ctrl-C exits 0"
else
  fail "serve did not stop on SIGINT"
fi
contains "$(cat serve.log)" "mkcv serve: stopped" "says it stopped"
if curl -s --connect-timeout 2 -o /dev/null "$url"; then fail "still listening"; else pass "no longer listening"; fi
leftovers="$(find . -maxdepth 1 -name '._site.mkcv-*'; find _site -name '*.tmp*')"
[[ -z "$leftovers" ]] && pass "no temporary file or staging folder left" || fail "left: $leftovers"
finish
