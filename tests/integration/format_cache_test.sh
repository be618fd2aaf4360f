# The machine's cache of precompiled preambles (src/tex/format_cache.h): the first build in
# one folder makes the format for the next, detached, into the cache; the first build in
# another folder, of another date, starts TeX from it, and its PDF is byte for byte the one a
# build without any format makes. A format in the cache that does not match its record is
# never used.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
export MKCV_FORMAT_CACHE="$WORK/cache/mkcv/formats"
mkdir -p "$WORK/cache"
for d in a b c d; do mkdir "$d" && cp "$SRC/cv.toml" "$d/"; done
# A format mkcv dumped is named "format" in TeX's log; XeLaTeX's own is "xelatex".
from_format() { grep -q 'preloaded format=format ' "$1/out/.mkcv/cv-long/cv-long.log"; }

(cd a && SOURCE_DATE_EPOCH=1700000000 "$MKCV" build -t long > build.log 2>&1) || fail "build in a"
contains "$(cat a/build.log)" "making the preamble format for the next builds in the background" \
  "a first build with the cache on makes the format for the next, detached"
formats_made a/out || fail "the detached maker did not 
# `mkcv new` starts making the formats of long and short, detached, into the cache.
export MKCV_FORMAT_CACHE="$WORK/new-cache/mkcv/formats"
mkdir -p g "$WORK/new-cache"
(cd g && "$MKCV" new "Ada Lovelace" > new.log 2>&1) || fail "mkcv new: $(cat g/new.log)"
records() { [[ "$(find "$MKCV_FORMAT_CACHE" -name '*.record' 2> /dev/null | wc -l)" -ge 2 ]]; }
# Its detached doctor ends before the test removes its folder.
warm_done() { ! pgrep -f "doctor --warm $WORK/g/cv.toml" > /dev/null; }
wait_for 120 records && pass "mkcv new makes the formats of long and short in the background" ||
  fail "no formats after mkcv new: $(ls -la "$MKCV_FORMAT_CACHE" 2>&1)"
wait_for 120 warm_done || fail "the detached doctor --warm did not end"
(cd g && SOURCE_DATE_EPOCH=1600000000 "$MKCV" build -t short > build.log 2>&1) || fail "build in g"
grep -q 'preloaded format=format ' g/out/.mkcv/cv-short/cv-short.log &&
  pass "the first build after mkcv new starts from its format" ||
  fail "g did not start from the format mkcv new made"
formats_made g/out || true
finish"
cached=("$MKCV_FORMAT_CACHE"/*.fmt)
[[ -f "${cached[0]}" && -f "${cached[0]%.fmt}.record" ]] && pass "the format is in the machine's cache" ||
  fail "no format in $MKCV_FORMAT_CACHE: $(ls -la "$WORK/cache" "$MKCV_FORMAT_CACHE" 2>&1)"
[[ "$(stat -c %a "$MKCV_FORMAT_CACHE")" == 700 ]] && pass "the cache's folder is private" ||
  fail "the cache's folder is $(stat -c %a "$MKCV_FORMAT_CACHE")"

# Another folder, another date: the first build starts from the cached format.
(cd b && SOURCE_DATE_EPOCH=1600000000 "$MKCV" build -t long > build.log 2>&1) || fail "build in b"
from_format b && pass "a first build in a new folder starts TeX from the cached format" ||
  fail "b's TeX did not start from the cached format: $(head -2 b/out/.mkcv/cv-long/cv-long.log)"
lacks "$(cat b/build.log)" "in the background" "nothing more to make in the background"
(cd c && SOURCE_DATE_EPOCH=1600000000 MKCV_FORMAT_CACHE=off "$MKCV" build -t long > build.log 2>&1) ||
  fail "build in c"
from_format c && fail "c started from a format with the cache off" || pass "off means off"
cmp -s b/out/cv-long.pdf c/out/cv-long.pdf && pass "the PDF from the cached format is byte-identical" ||
  fail "the PDF from the cached format differs from a build without one"

# A cached format whose bytes do not match its record is never used: the build is as cold.
printf 'X' | dd of="${cached[0]}" bs=1 seek=100000 conv=notrunc status=none
(cd d && SOURCE_DATE_EPOCH=1600000000 "$MKCV" build -t long > build.log 2>&1) || fail "build in d"
from_format d && fail "d started from a damaged cached format" || pass "a damaged format is not used"
cmp -s d/out/cv-long.pdf c/out/cv-long.pdf && pass "and the PDF is the same" || fail "d's PDF differs"
formats_made d/out || true

# `mkcv doctor --warm` makes a template's format now, into the cache; the first build of
# that template starts from it.
mkdir e f && cp "$SRC/cv.toml" e/ && cp "$SRC/cv.toml" f/
(cd e && "$MKCV" doctor --warm -t short > warm.log 2>&1) || fail "doctor --warm: $(cat e/warm.log)"
contains "$(cat e/warm.log)" "short: made in $MKCV_FORMAT_CACHE" "doctor --warm makes the format"
[[ ! -e e/out ]] && pass "doctor --warm leaves the output folder alone" || fail "doctor --warm wrote e/out"
(cd e && "$MKCV" doctor --warm -t short > again.log 2>&1) || fail "doctor --warm again"
contains "$(cat e/again.log)" "short: ready in" "a second doctor --warm finds it ready"
(cd f && SOURCE_DATE_EPOCH=1600000000 "$MKCV" build -t short > build.log 2>&1) || fail "build in f"
grep -q 'preloaded format=format ' f/out/.mkcv/cv-short/cv-short.log &&
  pass "the first build after doctor --warm starts from its format" ||
  fail "f did not start from the warmed format"
MKCV_FORMAT_CACHE=off "$MKCV" doctor --warm -t short > off.log 2>&1 && fail "--warm with the cache off succeeded" ||
  contains "$(cat off.log)" "is off" "--warm says when the cache is off"

# `mkcv new` starts making the formats of long and short, detached, into the cache.
export MKCV_FORMAT_CACHE="$WORK/new-cache/mkcv/formats"
mkdir -p g "$WORK/new-cache"
(cd g && "$MKCV" new "Ada Lovelace" > new.log 2>&1) || fail "mkcv new: $(cat g/new.log)"
records() { [[ "$(find "$MKCV_FORMAT_CACHE" -name '*.record' 2> /dev/null | wc -l)" -ge 2 ]]; }
# Its detached doctor ends before the test removes its folder.
warm_done() { ! pgrep -f "doctor --warm $WORK/g/cv.toml" > /dev/null; }
wait_for 120 records && pass "mkcv new makes the formats of long and short in the background" ||
  fail "no formats after mkcv new: $(ls -la "$MKCV_FORMAT_CACHE" 2>&1)"
wait_for 120 warm_done || fail "the detached doctor --warm did not end"
(cd g && SOURCE_DATE_EPOCH=1600000000 "$MKCV" build -t short > build.log 2>&1) || fail "build in g"
grep -q 'preloaded format=format ' g/out/.mkcv/cv-short/cv-short.log &&
  pass "the first build after mkcv new starts from its format" ||
  fail "g did not start from the format mkcv new made"
formats_made g/out || true
finish
