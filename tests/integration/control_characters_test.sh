# What the user wrote reaches diagnostics with its control characters visible, in every
# --diagnostics mode: a key holding a line end and an escape sequence can neither forge a
# line ("short: built → .git/config") nor reach the terminal. Text shows \n and \x1b;
# GitHub's workflow commands use %0A and show the rest; JSON keeps the exact text, escaped.
# (Progress lines: action_test.sh, through the page budget's dropped titles.)
source "$(dirname "$0")/lib.sh"
cd "$WORK"
"$MKCV" new "Ada Lovelace" > /dev/null 2>&1
printf '\n[design]\n"a\\nshort: built → .git/config\\u001b[2J\\u009b\\u202e" = 1\n' >> cv.toml

status=0
"$MKCV" validate > text.log 2>&1 || status=$?
expect_status 2 "$status" "an unknown option is an error"
contains "$(cat text.log)" 'unknown option `a\nshort: built → .git/config\x1b[2J\u009b\u202e`' \
  "text: the key is shown with \\n, \\x1b, \\u009b and \\u202e"
! grep -q $'\x1b' text.log && pass "text: no escape byte" || fail "text: an ESC byte"
! grep -q $'\xc2\x9b\|\xe2\x80\xae' text.log && pass "text: no C1 control or bidi override" ||
  fail "text: a C1 control or bidi override"
! grep -q '^short: built' text.log && pass "text: no forged line" || fail "text: a forged line"

"$MKCV" validate --diagnostics github > github.log 2> /dev/null || true
grep -q '^::error file=cv.toml,line=[0-9]*,col=1,title=mkcv unknown-key::unknown option `a%0Ashort: built → .git/config\\x1b\[2J\\u009b\\u202e`' github.log &&
  pass "github: %0A for the line end, the rest visible" || fail "github: $(cat github.log)"
! grep -q $'\x1b' github.log && pass "github: no escape byte" || fail "github: an ESC byte"
! grep -q '^short' github.log && pass "github: no forged line" || fail "github: a forged line"

"$MKCV" validate --diagnostics json > json.log 2> /dev/null || true
python3 - json.log <<'PY' && pass "json: the exact key, one object a line" || fail "json: $(cat json.log)"
import json, sys
lines = open(sys.argv[1]).read().splitlines()
items = [json.loads(line) for line in lines]
assert any("a\nshort: built → .git/config\x1b[2J\u009b\u202e" in d["message"] for d in items), items
PY
finish
