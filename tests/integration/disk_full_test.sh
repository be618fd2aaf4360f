# A disk that fills during a build says so, with the path, instead of "TeX failed": whether
# TeX runs out of room (its cause read from latexmk's output, or from the file system when
# even that could not be written) or mkcv's own writes do. The previous PDF stays as it was.
# Needs a small tmpfs (root); skipped (exit 77) where it cannot be mounted, except as root
# in CI (CI=true), where it fails. enospc_test.sh does the same per file without root.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

disk="$WORK/disk"
mkdir -p "$disk"
# In CI (root) this must run, and skip fails there: a tmpfs that cannot be mounted as root
# is a broken runner.
mount -t tmpfs -o size=1m tmpfs "$disk" 2> /dev/null ||
  skip "cannot mount a tmpfs here (needs root); enospc_test.sh fills the disk without"
trap 'cd /; umount "$disk" 2> /dev/null || umount -l "$disk" 2> /dev/null || true; remove_work' EXIT
cd "$disk"
cp "$SRC/cv.toml" cv.toml
export SOURCE_DATE_EPOCH=1700000000

"$MKCV" build -t long -q || fail "a first build with room"
before="$(sha256sum < out/cv-long.pdf)"

# fill_leaving KIB: a file takes all but KIB KiB of the disk.
fill_leaving() {
  rm -f filler
  local free
  free=$(df -k --output=avail . | tail -1)
  if ((free > $1)); then head -c "$(((free - $1) * 1024))" /dev/zero > filler 2> /dev/null || true; fi
}

# Room for mkcv's .tex files, not for TeX's output. Without the last build's files, which
# TeX would overwrite in place at the same size, its output needs new room.
sed -i 's/^position = .*/position = "Candidate 1"/' cv.toml
rm -rf out/.mkcv/cv-long
fill_leaving 40
status=0
out="$("$MKCV" build -t long 2>&1)" || status=$?
expect_status 1 "$status" "TeX out of room: exit 1"
contains "$out" "No space left on device" "TeX out of room: the cause is named"
grep -Eq 'No space left on device.* out/|out/[^ ]*: No space left on device' <<< "$out" &&
  pass "TeX out of room: with the path" || fail "TeX out of room: no path in: $out"
[[ "$(sha256sum < out/cv-long.pdf)" == "$before" ]] && pass "TeX out of room: PDF untouched" ||
  fail "PDF changed"

# No room at all: mkcv's own write of the .tex fails, naming the file. (The failed TeX run
# may have taken the last byte: room for the edit first.)
rm -f filler
sed -i "s/^position = .*/position = \"Candidate 2\"/" cv.toml
fill_leaving 0
head -c 1048576 /dev/zero >> filler 2> /dev/null || true
status=0
out="$("$MKCV" build -t long 2>&1)" || status=$?
expect_status 1 "$status" "no room: exit 1"
grep -Eq 'cannot write out/([^ ]*/)?cv-long\.tex: No space left on device' <<< "$out" &&
  pass "no room: the file is named" || fail "no room: no file named in: $out"
[[ "$(sha256sum < out/cv-long.pdf)" == "$before" ]] && pass "no room: PDF untouched" || fail "PDF changed"
ls -A out | grep -q '\.tmp$' && fail "temporary files left behind" || pass "no temporary files left"

# With room again, the build recovers.
rm -f filler
"$MKCV" build -t long -q || fail "build after freeing room"
[[ "$(sha256sum < out/cv-long.pdf)" != "$before" ]] && pass "rebuilt once there is room" ||
  fail "PDF not rebuilt"
finish
