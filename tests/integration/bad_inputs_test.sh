# Every file in tests/bad_inputs/ is a cv.toml with one family of mistakes; its .expected
# sibling is exactly what `mkcv validate` prints (file:line:col, message, source line, caret,
# hint, summary) and its exit status. The templates/ there have syntax errors, checked the
# same way through `mkcv render`. Erroneous input must write nothing.
# MKCV_UPDATE_GOLDEN=1 rewrites the .expected files; review the diff.
source "$(dirname "$0")/lib.sh"
# Run by hand with relative paths (build/mkcv .), they must survive the cd below.
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

cases="$SRC/tests/bad_inputs"
cd "$WORK"
export NO_COLOR=1

# check NAME EXPECTED_FILE COMMAND...: stderr and exit status must match the file.
check() {
  local name="$1" expected="$2"
  shift 2
  local status=0
  rm -f out.tex
  "$@" > stdout.txt 2> actual.txt || status=$?
  echo "exit status $status" >> actual.txt
  if [[ "${MKCV_UPDATE_GOLDEN:-}" == 1 ]]; then cp actual.txt "$expected"; fi
  if [[ ! -f "$expected" ]]; then
    fail "$name: no $expected"
  elif cmp -s actual.txt "$expected"; then
    pass "$name"
  else
    fail "$name: output differs from $(basename "$expected")"
    diff -u "$expected" actual.txt >&2 || true
  fi
  if ((status != 0)) && [[ -e out.tex ]]; then fail "$name: wrote out.tex despite errors"; fi
}

count=0
for toml in "$cases"/*.toml; do
  name="$(basename "$toml" .toml)"
  cp "$toml" "$name.toml"
  check "$name" "$cases/$name.expected" "$MKCV" validate "$name.toml"
  # The machine-readable forms carry the same problems: one JSON object per diagnostic.
  "$MKCV" validate "$name.toml" --diagnostics=json > json.txt 2>/dev/null || true
  want="$(grep -cE '^[^ ].*: (error|warning): ' "$cases/$name.expected" || true)"
  got="$(grep -c '"severity":' json.txt || true)"
  [[ "$want" == "$got" ]] || fail "$name: $got JSON diagnostics, expected $want"
  cat json.txt >> all.json
  # render must refuse the same input without touching its output.
  if ! grep -q '^exit status 0$' "$cases/$name.expected"; then
    "$MKCV" render "$name.toml" -o out.tex > /dev/null 2>&1 && fail "$name: render succeeded"
    [[ -e out.tex ]] && fail "$name: render wrote out.tex"
  fi
  count=$((count + 1))
done
((count >= 40)) && pass "$count bad inputs" || fail "only $count bad inputs"
python3 -c 'import json, sys; [json.loads(line) for line in open(sys.argv[1])]' all.json &&
  pass "every JSON diagnostic parses" || fail "invalid JSON diagnostics"

# `[person] photo` is a path to a file beside cv.toml: each case of photo/ runs in a folder
# that has the files it names (made here, not committed: a symlink, a 6 MiB file).
mkdir -p photo-case/inside && cd photo-case
printf '\x89PNG\r\n\x1a\nrest' > inside/ok.png
printf 'GIF89a......' > inside/picture.gif
printf '%%PDF-1.4\n' > inside/photo.pdf
python3 -c 'import sys; open(sys.argv[1], "wb").write(b"\xff\xd8\xff" + bytes(6 * 1024 * 1024))' inside/huge.jpg
printf '\x89PNG\r\n\x1a\nsecret' > outside.png
ln -sf ../outside.png inside/escape.png
mkdir -p inside/folder.png
for toml in "$cases"/photo/*.toml; do
  name="$(basename "$toml" .toml)"
  cp "$toml" "inside/$name.toml"
  check "photo $name" "$cases/photo/$name.expected" "$MKCV" validate "inside/$name.toml"
done
cd "$WORK"

cp "$SRC/cv.toml" cv.toml
cp -r "$cases/templates" templates
for dir in templates/*/; do
  name="$(basename "$dir")"
  check "template $name" "$cases/templates/$name.expected" \
    "$MKCV" render cv.toml -t "./templates/$name" -o out.tex
done
finish
