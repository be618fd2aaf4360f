# mkcv serve against hostile local clients (issue 36): 200 connections trickling a header line
# a second hold no page back (one is served within 1 s, the event stream opens) and are
# dropped by the header deadline; a header flood gets 431 or is closed and mkcv's RSS stays
# bounded; too many header fields get 431; 2,000 ranges never return more than the file;
# a request with a body is refused; and mkcv serves on afterwards. The clients are
# serve_slow_clients.py; the site is the seed CV's (`[site] pdfs = []`: no TeX). About 15 s.
source "$(dirname "$0")/lib.sh"

require_tool python3 "build_scripts/setup.sh installs it"

cp "$SRC/cv.toml" "$CV/cv.toml"
printf '\n[site]\npdfs = []\n' >> "$CV/cv.toml"
# Written a moment ago, cv.toml would count as edited during serve's first build (watch
# allows for the file clock's lag), and the rebuild would swap the folder under the test.
touch -d '-5 seconds' "$CV/cv.toml"
cd "$CV"
export SOURCE_DATE_EPOCH=1700000000

"$MKCV" serve --port 0 > "$WORK/logs/serve.out" 2> "$WORK/logs/serve.err" &
pid=$!
trap 'kill "$pid" 2> /dev/null || true; wait "$pid" 2> /dev/null || true; remove_work' EXIT
wait_for 60 grep -q 'mkcv serve: watching' "$WORK/logs/serve.err" ||
  { cat "$WORK/logs/serve.err"; fail "serve did not start"; finish; }
url="$(grep -o 'http://127.0.0.1:[0-9]*/' "$WORK/logs/serve.out")"
port="${url##*:}"; port="${port%/}"

# A file for the ranges, large enough that 2,000 copies of it would show.
head -c 100000 /dev/urandom > _site/ranges.woff2

python3 "$(dirname "$0")/serve_slow_clients.py" "$port" "$pid" /ranges.woff2 100000 \
  > "$WORK/logs/clients.out" 2> "$WORK/logs/clients.err" || true
while IFS= read -r line; do
  case "$line" in
    "ok: "*) pass "${line#ok: }" ;;
    "FAIL: "*) fail "${line#FAIL: }" ;;
  esac
done < "$WORK/logs/clients.out"
[[ -s "$WORK/logs/clients.err" ]] && { cat "$WORK/logs/clients.err" >&2; fail "the clients' script failed"; }
[[ "$(grep -c '^ok: ' "$WORK/logs/clients.out")" -ge 15 ]] &&
  pass "every check of the clients ran" || fail "the clients' script stopped early"

kill -0 "$pid" 2> /dev/null && pass "mkcv serve is still running" || fail "mkcv serve died"
kill -INT "$pid"
wait_for 15 bash -c "! kill -0 $pid" && pass "stops on Ctrl-C" || fail "did not stop"
no_secret_in "serve" "$WORK/logs/serve.out" "$WORK/logs/serve.err"
finish
