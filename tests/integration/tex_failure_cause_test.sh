# When TeX fails without an error in its log, the line of latexmk's output that says why is
# shown instead of a bare "TeX failed": here a line longer than TeX's line buffer.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

cd "$WORK"
# Values are refused past 10,000 bytes (docs/cv-format.md), so the long line comes from a
# template: a copy of `long` with a 250,000-byte line before \end{document}.
cp "$SRC/cv.toml" cv.toml
cp -r "$SRC/builtin_templates/long" tpl
python3 - tpl/cv.tex.mustache <<'PY'
import sys
path = sys.argv[1]
text = open(path).read()
text = text.replace("\\end{document}", "x" * 250000 + "\n\\end{document}", 1)
open(path, "w").write(text)
PY
status=0
out="$("$MKCV" build -t ./tpl 2>&1)" || status=$?
expect_status 1 "$status" "a too long line: exit 1"
contains "$out" "long: error: TeX failed: Unable to read an entire line---bufsize=" \
  "TeX's reason is shown"
contains "$out" "is longer than TeX can read: shorten the longest value" "with what to do"
finish
