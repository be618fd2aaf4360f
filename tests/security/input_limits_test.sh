# Hostile cv.toml and template.toml input: files that are not regular files, huge files,
# absurd nesting, huge keys and values, thousands of errors, the raw-LaTeX mark in keys.
# Each must end quickly with exit status exactly 2 (never a crash, a hang or 70), a message
# that names the problem, and nothing written to out/.
source "$(dirname "$0")/../integration/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"
cd "$WORK"
export NO_COLOR=1

# refused LABEL EXPECTED_TEXT COMMAND...: exit 2 within 10 s, EXPECTED_TEXT on stderr,
# no out/ folder, stderr under 64 KB.
refused() {
  local label="$1" expected="$2"
  shift 2
  rm -rf out
  local status=0 started=$SECONDS
  timeout 20 "$@" > stdout.txt 2> stderr.txt || status=$?
  expect_status 2 "$status" "$label: exit status"
  ((SECONDS - started <= 10)) || fail "$label: took $((SECONDS - started)) s"
  contains "$(head -c 65536 stderr.txt)" "$expected" "$label: says why"
  [[ ! -e out ]] || fail "$label: wrote out/"
  (($(stat -c %s stderr.txt) < 65536)) || fail "$label: $(stat -c %s stderr.txt) bytes of messages"
}

cp "$SRC/cv.toml" good.toml

# --- not a regular file ---------------------------------------------------------------------
mkfifo fifo.toml
refused "FIFO" "fifo.toml: error: is a pipe (FIFO), not a regular file" "$MKCV" build fifo.toml
ln -s /dev/zero zero.toml
refused "/dev/zero" "zero.toml: error: is a device, not a regular file" "$MKCV" build zero.toml
refused "/dev/zero named directly" "is a device, not a regular file" "$MKCV" validate /dev/zero
mkdir folder.toml
refused "folder" "folder.toml: error: is a folder, not a file" "$MKCV" build folder.toml
ln -s loop-b.toml loop-a.toml
ln -s loop-a.toml loop-b.toml
refused "symlink loop" "loop-a.toml: error: cannot be read: too many levels of symbolic links" \
  "$MKCV" build loop-a.toml
refused "missing file" "missing.toml: error: no such file" "$MKCV" build missing.toml
truncate -s 17M huge.toml
refused "17 MiB file" "huge.toml: error: is larger than 16 MiB" "$MKCV" build huge.toml

# --- nesting -------------------------------------------------------------------------------
python3 -c 'print(".".join(["a"] * 40000) + " = 1")' > dotted.toml
refused "40,000-segment dotted key" "dotted.toml:1:128: error: keys, tables and lists nest" \
  "$MKCV" build dotted.toml
python3 -c 'print("[" + ".".join(["a"] * 40000) + "]")' > header.toml
refused "40,000-segment table header" "header.toml:1:129: error: keys, tables and lists nest" \
  "$MKCV" build header.toml
python3 -c 'print("[[" + ".".join(["a"] * 40000) + "]]")' > array-header.toml
refused "40,000-segment array header" "array-header.toml:1:130: error:" "$MKCV" build array-header.toml
python3 -c 'print("x = " + "[" * 100000 + "]" * 100000)' > arrays.toml
refused "100,000 nested arrays" "arrays.toml:1:69: error: keys, tables and lists nest" \
  "$MKCV" build arrays.toml
python3 -c 'print("x = " + "{a=" * 50000 + "1" + "}" * 50000)' > inline.toml
refused "50,000 nested inline tables" "inline.toml:1:" "$MKCV" build inline.toml

# --- size and time of the messages ----------------------------------------------------------
python3 -c 'print("[person]\nname = \"A\"\n" + "k" * 10000000 + " = 1")' > bigkey.toml
refused "10 MB unknown key" "bigkey.toml:3:1: error: unknown key \`kkkk" "$MKCV" build bigkey.toml
python3 -c '
print("[person]\nname = \"A\"")
for i in range(20000): print("bad%d = 1" % i)' > many.toml
refused "20,000 errors" "… and 19900 more errors" "$MKCV" validate many.toml
contains "$(cat stderr.txt)" "20000 errors, 0 warnings generated." "20,000 errors: all counted"
(($(grep -c ': error: ' stderr.txt) == 100)) && pass "20,000 errors: 100 shown" ||
  fail "20,000 errors: $(grep -c ': error: ' stderr.txt) shown"
refused "20,000 errors as JSON" "" "$MKCV" validate many.toml --diagnostics=json
(($(wc -l < stdout.txt) == 101)) && pass "JSON: 100 diagnostics and a more-diagnostics note" ||
  fail "JSON: $(wc -l < stdout.txt) lines"
python3 -c 'print("[person]\nname = \"A\"\nposition = \"" + "x" * 200000 + "\"")' > longvalue.toml
refused "200,000-byte value" "longvalue.toml:3:12: error: this text is 200000 bytes long" \
  "$MKCV" build longvalue.toml

# --- the raw-LaTeX mark ----------------------------------------------------------------------
for command in validate build render context; do
  { cat good.toml; printf '%s\n' '[[publications]]' 'title = "T"' 'authors = ["A"]' 'year = 2020' \
      'links = { "\u001alatex:\\input{/etc/hostname}" = "https://example.org" }'; } > mark.toml
  refused "mark in a links key ($command)" "error: a key holds U+001A" "$MKCV" "$command" mark.toml
  lacks "$(cat stdout.txt)" "input{/etc/hostname}" "mark in a links key ($command): not printed"
done
{ cat good.toml; printf '%s\n' '[templates.long.filters.publications]' \
    'title = "\u001alatex:\\input{/etc/hostname}"'; } > title.toml
refused "mark in a filter title" "title.toml:$(($(wc -l < good.toml) + 2)):9: error: a string holds U+001A" \
  "$MKCV" render title.toml -t long

# --- template.toml ---------------------------------------------------------------------------
mkdir -p templates/fifo templates/deep templates/mark
cp "$SRC"/builtin_templates/long/*.mustache templates/fifo/ 2> /dev/null || true
mkfifo templates/fifo/template.toml
refused "template.toml is a FIFO" "template.toml: error: is a pipe (FIFO), not a regular file" \
  "$MKCV" build good.toml -t ./templates/fifo
python3 -c 'print("[" + ".".join(["a"] * 40000) + "]")' > templates/deep/template.toml
refused "template.toml nests 40,000 deep" "template.toml:1:129: error: keys, tables and lists nest" \
  "$MKCV" build good.toml -t ./templates/deep
printf '%s\n' 'name = "mark"' '[publication_headings]' 'journal = "\u001alatex:\\input{x}"' \
  > templates/mark/template.toml
refused "template.toml with the mark" "template.toml:3:11: error: a string holds U+001A" \
  "$MKCV" build good.toml -t ./templates/mark

# --- the output folder -----------------------------------------------------------------------
mkdir empty-out && cp good.toml empty-out/cv.toml
(cd empty-out && refused "-o \"\"" "the output folder must not be empty" "$MKCV" build cv.toml -o "")
[[ "$(ls empty-out | tr '\n' ' ')" == "cv.toml stderr.txt stdout.txt " ]] &&
  pass "-o \"\": nothing written" || fail "-o \"\": wrote $(ls empty-out)"

finish
