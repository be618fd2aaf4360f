# Shared by the integration tests: each test is `bash X_test.sh MKCV SOURCE_DIR`.
set -euo pipefail

MKCV="$1"
SRC="$2"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/mkcv-test.XXXXXX")"
# The machine's cache of precompiled preambles (src/tex/format_cache.h) is off: tests stay
# independent of each other and of the user's cache, and no first build starts a detached
# maker. A test of the cache sets MKCV_FORMAT_CACHE to a folder in $WORK.
export MKCV_FORMAT_CACHE=off
# remove_work: deletes $WORK once no detached preamble maker (src/tex/format_request.h) that
# a rebuild started still writes in one of its output folders: rm racing a maker that adds
# files fails with "Directory not empty", and under `set -e` that failed tests whose checks
# had all passed. Each request is waited for (format_request_done, below) 60 s at most; the
# removal itself never decides a test's verdict.
remove_work() {
  local request try
  while IFS= read -r -d '' request; do
    wait_for 60 format_request_done "$request" || break
  done < <(find "$WORK" -name '*.format-request' -type f -print0 2> /dev/null)
  for try in 1 2 3; do
    rm -rf "$WORK" 2> /dev/null && return 0
    sleep 0.5
  done
  echo "note: could not remove $WORK" >&2
  return 0
}
trap remove_work EXIT
failures=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }

# The text of a PDF on one line, whitespace folded, so line breaks do not matter.
pdf_text() { pdftotext -enc UTF-8 "$1" - | tr '\n\f' '  ' | tr -s ' '; }
pdf_pages() { pdfinfo "$1" | awk '/^Pages:/ {print $2}'; }

# Letters and digits only: pdftotext breaks a hyphenated word as "Sched- uling", so a title
# is looked for in the squashed text, where line breaks, hyphens and spaces cannot hide it.
squashed() { tr -cd '[:alnum:]' <<< "$1"; }
# html_text FILE: the text an HTML page shows (no tags, scripts or styles), on one line.
html_text() {
  python3 -c '
import html.parser, sys
class Text(html.parser.HTMLParser):
    skip = 0
    def handle_starttag(self, tag, attrs): self.skip += tag in ("script", "style")
    def handle_endtag(self, tag): self.skip -= tag in ("script", "style")
    def handle_data(self, data):
        if not self.skip: print(data, end=" ")
Text(convert_charrefs=True).feed(open(sys.argv[1], encoding="utf-8").read())' "$1"
}

# contains HAYSTACK NEEDLE LABEL
contains() {
  if [[ "$1" == *"$2"* ]]; then pass "$3"; else fail "$3: missing «$2»"; fi
}
lacks() {
  if [[ "$1" != *"$2"* ]]; then pass "$3"; else fail "$3: unexpected «$2»"; fi
}
# For `mkcv watch` tests: wait_for SECONDS COMMAND... is true once COMMAND succeeds;
# watching N once watch.log says `watching` N times (N builds done).
wait_for() {  # wait_for SECONDS COMMAND...: true once COMMAND succeeds
  local deadline=$((SECONDS + $1)); shift
  until "$@" > /dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.1
  done
}
# A rebuild leaves the precompiled preamble to a detached mkcv (src/tex/format_request.h):
# formats_made DIR waits (up to 120 s) until every request in DIR/.mkcv is taken (emptied)
# and no maker holds it any more.
# format_request_done REQUEST: its maker has taken it (emptied it) and holds it no more.
format_request_done() { [[ ! -s "$1" ]] && flock -n "$1" true 2> /dev/null; }
formats_made() {
  local request
  for request in "${1:-out}"/.mkcv/*.format-request; do
    [[ -e "$request" ]] || continue
    wait_for 120 format_request_done "$request" || return 1
  done
}
watching() { [[ "$(grep -c 'watching' watch.log)" -ge "$1" ]]; }
expect_status() {  # expect_status WANT GOT LABEL
  if [[ "$1" == "$2" ]]; then pass "$3"; else fail "$3: exit status $2, expected $1"; fi
}

# toml_strings FILE KEY...: every string value in FILE, one per line, except under the
# given keys; author names lose their trailing * and † (printed as superscripts). A language
# table (docs/cv-format.md#several-languages) gives its text in $TEXT_LANG, else in en.
toml_strings() {
  python3 - "$@" <<'PY'
import os, sys, tomllib
data = tomllib.load(open(sys.argv[1], "rb"))
skip = set(sys.argv[2:])
lang = os.environ.get("TEXT_LANG", "en")
def is_language_table(value):
    return isinstance(value, dict) and "en" in value and all(
        isinstance(v, (str, list)) for v in value.values())
def walk(value, key=None):
    if is_language_table(value):
        yield from walk(value.get(lang, value["en"]), key)
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in skip: yield from walk(v, k)
    elif isinstance(value, list):
        for v in value: yield from walk(v, key)
    elif isinstance(value, str):
        yield value.rstrip("*†") if key == "authors" else value
for s in walk(data): print(s)
PY
}

# as_printed: toml_strings' lines (stdin) as the CV prints them. Prose fields take inline
# Markdown (docs/cv-format.md#inline-markup), and two strings of tests/data/hostile.toml
# happen to be Markdown: a code span, and an escaped backslash.
as_printed() {
  local s
  while IFS= read -r s; do
    s="${s/'?` !`'/'? !'}"
    s="${s/'\\ \csname'/'\ \csname'}"
    printf '%s\n' "$s"
  done
}

# as_typeset: lines (stdin) as a TeX theme sets them (src/text/latex_escape.cpp, issue 29): a
# straight apostrophe between letters as ’, a pair of straight double quotes around words as
# the locale's (English “…”; QUOTES="„“" for another), in a word that holds none of / @ : = _ \ `.
as_typeset() {
  python3 -c '
import os, sys
quotes = os.environ.get("QUOTES", "\u201c\u201d")
def letter(c): return (c.isascii() and c.isalpha()) or ord(c) >= 0xC0
def code_like(t, i):
    b = i
    while b > 0 and t[b - 1] not in " \t\n\r": b -= 1
    e = i
    while e < len(t) and t[e] not in " \t\n\r": e += 1
    return any(c in t[b:e] for c in "/@:=_\\`")
def paired(t):
    q = [i for i, c in enumerate(t) if c == "\""]
    if len(q) % 2 or any(code_like(t, i) for i in q): return []
    for k, i in enumerate(q):
        before = t[i - 1] if i > 0 else " "
        after = t[i + 1] if i + 1 < len(t) else " "
        opens = (before in " \t\n\r([{-/" or ord(before) >= 0x80) and after not in " \t\n\r\""
        closes = before not in " \t\n\r\"" and not (after.isascii() and after.isalnum())
        if not (opens if k % 2 == 0 else closes): return []
    return q
for line in sys.stdin.read().split("\n")[:-1]:
    q = paired(line)
    out = []
    for i, c in enumerate(line):
        if i in q: out.append(quotes[q.index(i) % 2])
        elif c == "\x27" and 0 < i < len(line) - 1 and letter(line[i - 1]) and letter(line[i + 1]) \
                and not code_like(line, i): out.append("\u2019")
        else: out.append(c)
    print("".join(out))
'
}

finish() {
  if ((failures)); then echo "$failures check(s) failed" >&2; exit 1; fi
  echo "all checks passed"
}

# fixture NAME: the folder of a shared build (tests/integration/fixtures/NAME.sh), one build that
# serves every test reading it. ctest makes it first (fixture.NAME) and says where
# (MKCV_FIXTURES); a test run by hand makes its own in $WORK. Consumers only read it: a test
# that edits or rebuilds copies what it needs.
fixture() {
  local dir="${MKCV_FIXTURES:-}/$1"
  if [[ -z "${MKCV_FIXTURES:-}" || ! -f "$dir/done" ]]; then
    dir="$WORK/fixtures/$1"
    [[ -f "$dir/done" ]] || bash "$SRC/tests/integration/fixtures/$1.sh" "$MKCV" "$SRC" "$dir" >&2
  fi
  printf '%s\n' "$dir"
}
# skip REASON: this test cannot run here. It exits 77, which ctest counts as skipped
# (SKIP_RETURN_CODE) and lists at the end of the run, never as passed. Under CI (CI=true:
# root, with everything build_scripts/test.sh installs) every test must run, so there a skip
# is a failure. Checks that failed before the skip still fail the test.
skip() {
  if ((failures)); then finish; fi
  if [[ "${CI:-}" == true ]]; then
    fail "cannot run under CI: $*"
    finish
  fi
  echo "SKIP: $*"
  exit 77
}
# skip_build REASON: this build of mkcv is not one this test is for (the sanitizer build's
# package is not installed: the normal build's test installs its own). A skip under CI too.
skip_build() {
  if ((failures)); then finish; fi
  echo "SKIP: $*"
  exit 77
}
# require_tool TOOL HINT: a tool that setup.sh or test.sh installs. Missing, the test fails
# with HINT, unless MKCV_ALLOW_SKIP=1 (a quick local run) makes it a skip.
require_tool() {
  command -v "$1" > /dev/null && return 0
  if [[ "${MKCV_ALLOW_SKIP:-0}" == 1 ]]; then skip "$1 is not installed (MKCV_ALLOW_SKIP=1)"; fi
  fail "$1 is not installed ($2; MKCV_ALLOW_SKIP=1 skips)"
  finish
}
