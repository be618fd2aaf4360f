# A full disk for one file at a time, without root: tests/integration/enospc_shim.c, an
# LD_PRELOAD library, fails the writes (or the fsync) of the files whose name contains
# $ENOSPC_MATCH with ENOSPC after $ENOSPC_AFTER bytes, in mkcv and in the TeX programs it
# runs (they inherit the environment). Whatever fails, the old output survives byte for
# byte, the exit status is 1 and the error names the folder. xdvipdfmx on a full disk
# reports success and leaves a 4096-byte PDF: mkcv must refuse it (it used to put it in
# place and exit 0).
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
cd "$WORK"

command -v cc > /dev/null || skip "no C compiler for the LD_PRELOAD shim (setup.sh installs g++)"
# In the sanitizer build the shim is preloaded before ASan's runtime, which ASan refuses
# (abort, exit 134) unless told the order is fine: the shim only wraps write, fsync and fopen.
export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
cc -shared -fPIC -O1 -o enospc.so "$SRC/tests/integration/enospc_shim.c" -ldl ||
  { fail "the shim does not compile"; finish; }
shim="$WORK/enospc.so"
export SOURCE_DATE_EPOCH=1700000000

# full_disk NAME [ENV...] -- mkcv ARGS: runs mkcv with the shim; sets $status and $out.
full_disk() {
  local match="$1"; shift
  local vars=()
  while [[ "$1" != -- ]]; do vars+=("$1"); shift; done
  shift
  status=0
  out="$(env LD_PRELOAD="$shim" ENOSPC_MATCH="$match" "${vars[@]}" "$MKCV" "$@" 2>&1)" || status=$?
}
# edit N: a change to the CV, so the next build writes every output again.
edit() { sed -i "s/^position = .*/position = \"Candidate $1\"/" cv.toml; }

# The shim itself works: a plain write to a matching file fails after the bytes allowed.
if echo 0123456789 | env LD_PRELOAD="$shim" ENOSPC_MATCH=probe ENOSPC_AFTER=2 tee probe.txt > /dev/null 2>&1 ||
  [[ "$(stat -c %s probe.txt)" != 2 ]]; then
  fail "the shim let a write through"
else
  pass "the shim fails a write with ENOSPC after the bytes allowed"
fi

# HTML, Markdown and JSON: mkcv's own write, and its fsync, fail; the old file stays.
cp "$SRC/cv.toml" cv.toml
"$MKCV" build -t markdown -t homepage -q || fail "a first text build"
for kind in write fsync; do
  for file in cv-markdown.md cv-homepage.html; do
    before="$(sha256sum < "out/$file")"
    edit "$kind-$file"
    vars=(ENOSPC_AFTER=10)
    [[ "$kind" == fsync ]] && vars=(ENOSPC_FSYNC=1)
    full_disk ".$file." "${vars[@]}" -- build -t markdown -t homepage
    expect_status 1 "$status" "$file: ENOSPC on $kind: exit 1"
    contains "$out" "cannot write out/$file: No space left on device" "$file: ENOSPC on $kind: says so"
    contains "$out" "the disk that holds out is full" "$file: ENOSPC on $kind: names the folder"
    [[ "$(sha256sum < "out/$file")" == "$before" ]] && pass "$file: ENOSPC on $kind: old file kept" ||
      fail "$file: ENOSPC on $kind: the file changed"
  done
done
ls -A out | grep -q '\.tmp$' && fail "temporary files left in out/" || pass "no temporary files left in out/"

if ! command -v xelatex > /dev/null; then
  [[ "${CI:-}" == true ]] && { fail "xelatex is missing"; finish; }
  echo "SKIP: the PDF cases need xelatex"
  finish
fi
"$MKCV" build -t short -q || fail "a first PDF build"
before="$(sha256sum < out/cv-short.pdf)"

# xdvipdfmx runs out of room after 4096 bytes of the PDF: it says nothing, mkcv must see it.
edit 1
full_disk cv-short.pdf ENOSPC_AFTER=4096 -- build -t short
expect_status 1 "$status" "xdvipdfmx out of room: exit 1"
contains "$out" "was cut short" "xdvipdfmx out of room: the PDF is called cut short"
contains "$out" "is the disk that holds out/.mkcv/cv-short full?" "xdvipdfmx out of room: the folder is named"
[[ "$(sha256sum < out/cv-short.pdf)" == "$before" ]] && pass "xdvipdfmx out of room: old PDF kept" ||
  fail "xdvipdfmx out of room: the PDF changed"
# And with no byte written at all: an empty PDF.
edit 2
full_disk cv-short.pdf ENOSPC_AFTER=0 -- build -t short
expect_status 1 "$status" "xdvipdfmx wrote nothing: exit 1"
[[ "$(sha256sum < out/cv-short.pdf)" == "$before" ]] && pass "xdvipdfmx wrote nothing: old PDF kept" ||
  fail "xdvipdfmx wrote nothing: the PDF changed"

# mkcv's own copy of the PDF into place, then its fsync.
edit 3
full_disk .cv-short.pdf. ENOSPC_AFTER=1000 -- build -t short
expect_status 1 "$status" "copying the PDF out of room: exit 1"
contains "$out" "cannot write out/cv-short.pdf: No space left on device" "copying the PDF: says so"
contains "$out" "the disk that holds out is full" "copying the PDF: names the folder"
[[ "$(sha256sum < out/cv-short.pdf)" == "$before" ]] && pass "copying the PDF: old PDF kept" ||
  fail "copying the PDF: the PDF changed"
edit 4
full_disk .cv-short.pdf. ENOSPC_FSYNC=1 -- build -t short
expect_status 1 "$status" "syncing the PDF fails: exit 1"
[[ "$(sha256sum < out/cv-short.pdf)" == "$before" ]] && pass "syncing the PDF fails: old PDF kept" ||
  fail "syncing the PDF: the PDF changed"
ls -A out | grep -q '\.tmp$' && fail "temporary files left in out/" || pass "no temporary files left in out/"

# With room again, the build recovers.
"$MKCV" build -t short -q || fail "a build with room"
[[ "$(sha256sum < out/cv-short.pdf)" != "$before" ]] && pass "rebuilt once there is room" ||
  fail "not rebuilt"
finish
