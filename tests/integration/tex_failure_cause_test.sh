# When TeX fails without an error in its log, the line of latexmk's output that says why is
# shown instead of a bare "TeX failed": here a value longer than TeX's line buffer.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

cd "$WORK"
python3 - "$SRC/cv.toml" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r'^position = .*$', 'position = "' + 'x' * 250000 + '"', text, count=1, flags=re.M)
open("cv.toml", "w").write(text)
PY
status=0
out="$("$MKCV" build -t long 2>&1)" || status=$?
expect_status 1 "$status" "a too long line: exit 1"
contains "$out" "long: error: TeX failed: Unable to read an entire line---bufsize=" \
  "TeX's reason is shown"
contains "$out" "is longer than TeX can read: shorten the longest value" "with what to do"
finish
