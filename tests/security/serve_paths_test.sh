# mkcv serve serves only files inside its folder. Against a running server (the site of the
# seed CV, `[site] pdfs = []`: no TeX), with a secret file beside the CV folder: `..` in every spelling (plain, %2e%2e,
# %2f and %5c for separators, backslashes, NUL, double encoding, absolute-form targets sent
# raw), symbolic links out of the folder (to a file, to a folder) and inside it, a hard link
# to the secret, a pipe, hidden names (.mkcv), a folder without index.html, types not on
# the allow-list, and methods other than GET and HEAD: none answers 200 or shows the secret,
# and nothing is written outside the folder.
source "$(dirname "$0")/lib.sh"

require_tool curl "build_scripts/test.sh installs it"
require_tool python3 "build_scripts/setup.sh installs it"

cp "$SRC/cv.toml" "$CV/cv.toml"
printf '\n[site]\npdfs = []\n' >> "$CV/cv.toml"
# Written a moment ago, cv.toml would count as edited during serve's first build (watch
# allows for the file clock's lag), and the rebuild would swap the folder under the test.
touch -d '-5 seconds' "$CV/cv.toml"
# The secret under a name whose type is served (.txt), so only the path can refuse it.
cp "$SECRET" "$WORK/secret/SECRET.txt"
cp "$SECRET" "$WORK/secret/HARD"  # hard-linked into the folder below (SECRET keeps one link)
cd "$CV"
export SOURCE_DATE_EPOCH=1700000000
before="$(snapshot "$CV/_site")"

"$MKCV" serve --port 0 > "$WORK/logs/serve.out" 2> "$WORK/logs/serve.err" &
pid=$!
trap 'kill "$pid" 2> /dev/null || true; remove_work' EXIT
wait_for 60 grep -q 'mkcv serve: watching' "$WORK/logs/serve.err" ||
  { cat "$WORK/logs/serve.err"; fail "serve did not start"; finish; }
url="$(grep -o 'http://127.0.0.1:[0-9]*/' "$WORK/logs/serve.out")"
port="${url##*:}"; port="${port%/}"

# What a build never makes, planted in the served folder.
mkdir -p _site/sub _site/zh
printf 'sub\n' > _site/sub/file.html
ln -s "$SECRET" _site/link.html
ln -s "$WORK/secret" _site/secretdir
ln -s index.html _site/inside.html
ln -s "$SECRET" _site/zh/index.html
ln "$WORK/secret/HARD" _site/hard.html
mkfifo _site/pipe.html
printf '%s\n' "$TOKEN" > _site/.hidden.html
cp "$SECRET" _site/secret.toml

# refused LABEL TARGET: the raw target (curl --path-as-is: nothing cleaned up) is not 200
# and the answer does not hold the secret.
refused() {
  local code body
  code="$(curl -s --path-as-is -o "$WORK/logs/body" -w '%{http_code}' --max-time 10 "http://127.0.0.1:$port$2")"
  body="$(tr -d '\0' < "$WORK/logs/body")"
  if [[ "$code" != 200 && "$body" != *"$TOKEN"* ]]; then pass "$1: $code"
  else fail "$1: $2 answered $code"; fi
}

code="$(curl -s -o /dev/null -w '%{http_code}' "${url}index.html")"
expect_status 200 "$code" "the page itself is served"

# The secret is at $WORK/secret/SECRET.txt and the folder is $WORK/cv/_site: two levels up.
refused "plain .." "/../../secret/SECRET.txt"
refused ".. deeper" "/sub/../../../secret/SECRET.txt"
refused "encoded .." "/%2e%2e/%2e%2e/secret/SECRET.txt"
refused "encoded .. in capitals" "/%2E%2E/%2E%2E/secret/SECRET.txt"
refused "half-encoded .." "/.%2e/.%2e/secret/SECRET.txt"
refused "encoded slash" "/..%2f..%2fsecret%2fSECRET.txt"
refused "encoded slash after a folder" "/sub%2f..%2f..%2f..%2fsecret%2fSECRET.txt"
refused "encoded backslash" "/..%5c..%5csecret%5cSECRET.txt"
refused "backslash" '/..\..\secret\SECRET.txt'
refused "NUL" "/index.html%00.png"
refused "double encoding" "/%252e%252e/%252e%252e/secret/SECRET.txt"
refused "double slash" "//etc/passwd"
refused "symbolic link to the secret" "/link.html"
refused "symbolic link to a folder outside" "/secretdir/SECRET.txt"
refused "symbolic link inside the folder" "/inside.html"
refused "index.html that is a link" "/zh/"
refused "hard link to the secret" "/hard.html"
refused "pipe" "/pipe.html"
refused "hidden file" "/.hidden.html"
refused "mkcv's marker" "/.mkcv-site"
refused "folder without index.html: no listing" "/sub/"
refused "type not on the allow-list" "/secret.toml"
code="$(curl -s -o /dev/null -w '%{http_code}' "${url}sub")"
expect_status 301 "$code" "a folder without its slash is redirected (then 404 above)"

# Targets curl would not send as they are: raw over a socket.
raw() {  # raw TARGET: the status line's code
  python3 - "$port" "$1" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
s.sendall(b"GET " + sys.argv[2].encode() + b" HTTP/1.1\r\nHost: 127.0.0.1:" + sys.argv[1].encode() + b"\r\nConnection: close\r\n\r\n")
data = b""
while chunk := s.recv(65536):
    data += chunk
print(data.split(b" ", 2)[1].decode() if data else "none")
sys.stdout.flush()
sys.stderr.write(data.decode("utf-8", "replace"))
PY
}
for target in "http://127.0.0.1:$port/../../secret/SECRET.txt" "/../../secret/SECRET.txt" \
              '../../secret/SECRET.txt' '/..\..\secret\SECRET.txt' "*"; do
  code="$(raw "$target" 2> "$WORK/logs/raw")"
  if [[ "$code" != 200 && "$(cat "$WORK/logs/raw")" != *"$TOKEN"* ]]; then pass "raw $target: $code"
  else fail "raw $target answered $code"; fi
done

for method in PUT POST DELETE PATCH OPTIONS; do
  code="$(curl -s -o /dev/null -w '%{http_code}' -X "$method" --data-binary x "${url}written.html")"
  expect_status 405 "$code" "$method is refused"
done
[[ ! -e _site/written.html ]] && pass "nothing was written by a request" || fail "a request wrote a file"

kill -INT "$pid"
wait_for 15 bash -c "! kill -0 $pid" && pass "stops on Ctrl-C" || fail "did not stop"
after="$(snapshot "$CV/_site")"
changed="$(comm -13 <(echo "$before") <(echo "$after"))"
[[ -z "$changed" ]] && pass "nothing written outside the output folder" ||
  fail "written outside _site/: $changed"
no_secret_in "serve" "$WORK/logs/serve.out" "$WORK/logs/serve.err"
finish
