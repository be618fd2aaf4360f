#!/usr/bin/env bash
# `mkcv sync` against a server that misbehaves: tests/tools/fault_server.py on 127.0.0.1,
# reached with --api-base, plays every fault of issue 27 (slow, 500, 429 and 503 with
# Retry-After, truncated and huge bodies, chunked without an end, a gzip bomb, redirect
# loops and chains, redirects to file://, gopher://, ftp:// and plain http, garbage, a closed
# connection, malformed XML and JSON, an XML entity bomb with an external entity). Each ends
# in exit 1 with a sentence that names the URL, within a bounded time and memory, with no
# file written (not the list, not the cache, nothing in TMPDIR) and the secret in no output.
# A good answer is synced, the second sync is answered 304 from the cache, and a cache entry
# that is corrupt or a link to the secret is ignored, never followed.
source "$(dirname "$0")/lib.sh"
require_tool python3 "python3 runs the fault server"

SERVER="$WORK/logs/server"  # under logs/, which the checks of lib.sh leave out
mkdir -p "$SERVER/root/pid/d"
cp "$SRC/tests/data/sync/dblp.xml" "$SERVER/root/pid/d/JaneQDoe.xml"
cp "$SRC/tests/data/sync/openalex.json" "$SERVER/root/works"  # /works?filter=…
: > "$SERVER/control"
python3 "$SRC/tests/tools/fault_server.py" --root "$SERVER/root" --control "$SERVER/control" \
  --log "$SERVER/log" > "$SERVER/port" 2> "$SERVER/stderr" &
server_pid=$!
trap 'kill "$server_pid" 2> /dev/null; remove_work' EXIT
wait_for 10 test -s "$SERVER/port" || { fail "the fault server did not start"; cat "$SERVER/stderr" >&2; finish; }
PORT="$(head -1 "$SERVER/port")"
BASE="http://127.0.0.1:$PORT"
URL="$BASE/pid/d/JaneQDoe.xml"

# mkcv through a wrapper that records its peak memory (ru_maxrss, KiB) in $WORK/logs/rss.
cat > "$WORK/logs/rss.py" <<'PY'
import os, resource, signal, subprocess, sys
code = subprocess.run(sys.argv[2:]).returncode
with open(sys.argv[1], "w") as f:
    f.write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))
if code < 0:
    signal.signal(-code, signal.SIG_DFL)
    os.kill(os.getpid(), -code)
sys.exit(code)
PY
REAL_MKCV="$MKCV"
MKCV="$WORK/logs/mkcv"
printf '#!/bin/sh\nexec python3 "%s" "%s" "%s" "$@"\n' "$WORK/logs/rss.py" "$WORK/logs/rss" "$REAL_MKCV" > "$MKCV"
chmod +x "$MKCV"
# The body cap is 32 MiB: a fetch that kept a 256 MiB gzip bomb or a 1 GiB chunked body would
# pass this. ASan's shadow memory and quarantine need more.
MAX_RSS_KIB=200000
grep -q __asan_init "$REAL_MKCV" && MAX_RSS_KIB=900000

dblp_cv() {
  cat > "$CV/cv.toml" <<'TOML'
[person]
name = "Jane Q. Doe"
email = "jane@example.org"

[sync]
dblp = "d/JaneQDoe"
TOML
}
dblp_cv

# 1. A good answer is synced; the request says who asks.
(cd "$CV" && "$MKCV" sync --api-base "dblp=$BASE") > "$WORK/logs/ok.out" 2>&1 && status=0 || status=$?
expect_status 0 "$status" "a sync from the fault server"
contains "$(cat "$CV/publications.sync.bib" 2>/dev/null)" "Fast Sorting" "the synced list has the DBLP paper"
contains "$(cat "$SERVER/log")" "mailto:jane@example.org" "the User-Agent has the owner's email"
entries=("$XDG_CACHE_HOME"/mkcv/http/*)
[[ ${#entries[@]} == 1 && -f "${entries[0]}" ]] && pass "the answer is kept in the cache" \
  || fail "the cache holds ${#entries[@]} entries"

# 2. The second sync asks whether it changed, and takes 304 from the cache.
(cd "$CV" && "$MKCV" sync --api-base "dblp=$BASE") > "$WORK/logs/again.out" 2>&1 && status=0 || status=$?
expect_status 0 "$status" "a second sync"
contains "$(tail -1 "$SERVER/log")" '"status": 304' "the second fetch is answered 304 Not Modified"
contains "$(tail -1 "$SERVER/log")" '"if-none-match"' "the second fetch is conditional"
contains "$(cat "$WORK/logs/again.out")" "is up to date" "the list from the cache is the same"

# 3. A cache entry that is corrupt, or a link to the secret, is ignored and never followed.
entry="${entries[0]}"
printf 'mkcv http cache 1\nurl: %s\netag: "x"\r\n' "$URL" > "$entry"
(cd "$CV" && "$MKCV" sync --api-base "dblp=$BASE") > "$WORK/logs/corrupt.out" 2>&1 && status=0 || status=$?
expect_status 0 "$status" "a sync over a corrupt cache entry"
lacks "$(tail -1 "$SERVER/log")" '"if-none-match"' "a corrupt entry makes no conditional request"
rm -f "$entry"
ln -s "$SECRET" "$entry"
(cd "$CV" && "$MKCV" sync --api-base "dblp=$BASE") > "$WORK/logs/link.out" 2>&1 && status=0 || status=$?
expect_status 0 "$status" "a sync over a cache entry that is a link"
[[ -L "$entry" && "$(cat "$SECRET")" == "$TOKEN" ]] && pass "the link and the secret stay as they were" \
  || fail "the cache link was followed or replaced"
no_secret_in "cache link" "$WORK/logs/link.out" "$CV"
rm -rf "$XDG_CACHE_HOME" "$CV/publications.sync.bib"

# 4. Every fault: exit 1, the URL and what went wrong, bounded time and memory, nothing written.
# fault CONTROL "EXPECTED TEXT" MAX_SECONDS [ARGS...]; $ALLOWED is the one place a file may be
# written: none (cv/out is never made) but for a good HTTP answer whose body sync refuses,
# which the cache keeps like any answer with an ETag.
ALLOWED="$CV/out"
fault() {
  local control="$1" expected="$2" max_seconds="$3"; shift 3
  local label="${control%% *}"
  printf '%s\n' "$control" > "$SERVER/control"
  local start=$SECONDS
  run_mkcv "$label" "1" "$ALLOWED" sync --api-base "dblp=$BASE" "$@"
  local took=$((SECONDS - start)) err
  err="$(cat "$WORK/logs/$label.out" "$WORK/logs/$label.err")"
  contains "$err" "$expected" "$control: says what went wrong"
  ((took <= max_seconds)) && pass "$control: ended in ${took} s" \
    || fail "$control: took ${took} s, more than $max_seconds"
  local rss
  rss="$(cat "$WORK/logs/rss")"
  ((rss <= MAX_RSS_KIB)) && pass "$control: peak memory ${rss} KiB" \
    || fail "$control: peak memory ${rss} KiB, more than $MAX_RSS_KIB"
  [[ ! -e "$CV/publications.sync.bib" ]] && pass "$control: no list written" \
    || fail "$control: a list was written"
  : > "$SERVER/control"
}
fault "status 500" "$URL: error: the server answered 500 Internal Server Error three times" 20
fault "slow 30" "$URL: error: the server did not answer within 1 s (--timeout) three times" 20 --timeout 1
fault "retry-after 3600" "$URL: error: the server answered 429 Too Many Requests and asks mkcv to wait 3600 s" 10
fault "unavailable Fri,_31_Dec_2100_23:59:59_GMT" "$URL: error: the server answered 503 Service Unavailable and asks mkcv to wait" 10
fault "truncate" "$URL: error: the answer was cut short" 20
fault "huge-length" "$URL: error: the answer is larger than 32 MiB, the most mkcv reads" 20
fault "huge-chunked" "$URL: error: the answer is larger than 32 MiB, the most mkcv reads" 30
fault "gzip-bomb" "$URL: error: the answer is larger than 32 MiB, the most mkcv reads" 30
fault "redirect-loop" "$URL: error: the server's redirects go round in a loop" 10
fault "redirect-chain 9" "$URL: error: the server redirects more than 5 times" 10
fault "redirect file://$SECRET" "never file://" 10
fault "redirect gopher://127.0.0.1:$PORT/x" "never gopher://" 10
fault "redirect ftp://127.0.0.1/x" "never ftp://" 10
fault "redirect http://example.org/pid/d/JaneQDoe.xml" "HTTPS only" 10
fault "redirect https://127.0.0.1:$PORT/pid/d/JaneQDoe.xml" "changes the scheme from http:// to https://" 10
fault "garbage" "$URL: error: the server's answer is not HTTP" 20
fault "close" "$URL: error: the server closed the connection without an answer three times" 20
fault "status 404" "dblp answered HTTP 404" 10
ALLOWED="$XDG_CACHE_HOME"
fault "body $SRC/tests/data/net/malformed.xml" "dblp" 10
fault "body $SRC/tests/data/net/billion_laughs.xml" "dblp" 10
lacks "$(cat "$WORK/logs/body.out" "$WORK/logs/body.err")" "lollol" "the entity bomb is not expanded"

# 5. Malformed JSON from OpenAlex.
cat > "$CV/cv.toml" <<'TOML'
[person]
name = "Jane Q. Doe"

[sync]
openalex = "A5023888391"
TOML
printf 'body %s\n' "$SRC/tests/data/net/malformed.json" > "$SERVER/control"
run_mkcv json "1" "$XDG_CACHE_HOME" sync --api-base "openalex=$BASE"
contains "$(cat "$WORK/logs/json.out" "$WORK/logs/json.err")" "openalex" "malformed JSON: the source is named"
: > "$SERVER/control"
dblp_cv

# 6. A base that is not https (nor loopback) is refused before any request.
requests="$(wc -l < "$SERVER/log")"
run_mkcv plain "1" "$CV/out" sync --api-base "dblp=http://example.org"
contains "$(cat "$WORK/logs/plain.err" "$WORK/logs/plain.out")" "mkcv fetches over HTTPS only" "a plain http base is refused"
[[ "$(wc -l < "$SERVER/log")" == "$requests" ]] && pass "no request was made" || fail "a request was made"

# 7. A 429 that passes: mkcv waits as asked, then syncs.
printf 'retry-after 1 1\n' > "$SERVER/control"
start=$SECONDS
(cd "$CV" && "$MKCV" sync --api-base "dblp=$BASE") > "$WORK/logs/retry.out" 2>&1 && status=0 || status=$?
expect_status 0 "$status" "a sync after a 429 with Retry-After: 1"
((SECONDS - start >= 1)) && pass "it waited as asked" || fail "it did not wait"
contains "$(cat "$CV/publications.sync.bib" 2>/dev/null)" "Fast Sorting" "the retried answer is synced"

finish
