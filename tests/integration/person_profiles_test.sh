# [person] profiles, a location in parts and a photo with real TeX: `modern` shows the
# profiles with Fork Awesome icons (drawn, not in the text layer; the network's name where
# the font has no icon) and the photo; a changed photo rebuilds, the same photo gives the same PDF; the homepage
# embeds the photo and names the networks; Markdown and JSON Resume carry them.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
# A 2×2 PNG, made here (a red one and, later, a blue one).
png() {
  python3 - "$1" "$2" <<'PY'
import struct, sys, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
rgb = bytes.fromhex(sys.argv[2])
raw = b"".join(b"\x00" + rgb * 2 for _ in range(2))
open(sys.argv[1], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
PY
}
mkdir -p a b
png a/me.png ff0000
cat > a/cv.toml <<'TOML'
[person]
name = "Ada Lovelace"
email = "ada@example.org"
github = "ada-l"
photo = "me.png"
location = { address = "1 Main St", postal_code = "10115", city = "Berlin", country = "Germany", country_code = "DE" }
profiles = [
  { network = "orcid", username = "0000-0002-1825-0097" },
  { network = "Google Scholar", username = "qc6CJjYAAAAJ" },
  { network = "Mastodon", username = "@ada@mathstodon.xyz" },
  { network = "Bluesky", username = "ada.bsky.social" },
  { network = "Myspace", url = "https://myspace.example/ada", label = "Ada  on Myspace" },
]
TOML
cp a/me.png a/cv.toml b/

(cd a && "$MKCV" build -t modern -t homepage -t markdown -t jsonresume > build.log 2>&1) ||
  { cat a/build.log; fail "build"; finish; }
text="$(pdf_text a/out/cv-modern.pdf)"
contains "$text" "0000-0002-1825-0097" "modern: the ORCID iD"
contains "$text" "Google Scholar" "modern: Scholar by its name"
contains "$text" "@ada@mathstodon.xyz" "modern: the Mastodon handle"
contains "$text" "Bluesky: ada.bsky.social" "modern: no Bluesky icon, so its name"
contains "$text" "Ada on Myspace" "modern: an unknown network's label"
contains "$text" "1 Main St, 10115 Berlin, Germany" "modern: the location joined"
pdffonts a/out/cv-modern.pdf | grep -qi "forkawesome" && pass "modern: icons from Fork Awesome" ||
  fail "no Fork Awesome in $(pdffonts a/out/cv-modern.pdf)"
# ... which are drawn, not text: a contact copies without an icon's private-use character.
if pdftotext -enc UTF-8 a/out/cv-modern.pdf - | grep -q -P '[\x{E000}-\x{F8FF}]'; then
  fail "modern: private-use characters in the text"
else pass "modern: no private-use characters in the text"; fi
grep -q "Missing character" a/out/.mkcv/cv-modern/cv-modern.log &&
  fail "modern: a missing glyph" || pass "modern: no missing glyph"
[[ "$(pdfimages -list a/out/cv-modern.pdf | tail -n +3 | wc -l)" == 1 ]] &&
  pass "modern: the photo is in the PDF" || fail "modern: photo: $(pdfimages -list a/out/cv-modern.pdf)"
grep -q "me.png" a/out/cv-modern.tex && fail "the photo's path reached TeX" ||
  pass "TeX sees only mkcv-photo.png"
for link in "https://orcid.org/0000-0002-1825-0097" \
  "https://scholar.google.com/citations?user=qc6CJjYAAAAJ" "https://mathstodon.xyz/@ada" \
  "https://bsky.app/profile/ada.bsky.social" "https://github.com/ada-l"; do
  contains "$(cat a/out/cv-homepage.html)" "href=\"$link\"" "homepage links $link"
done
contains "$(cat a/out/cv-homepage.html)" '<img class="photo" src="data:image/png;base64,iVBORw0KGgo' \
  "homepage embeds the photo"
python3 - a/out/cv-homepage.html a/me.png <<'PY' && pass "the data: URI is the photo, byte for byte" || fail "the data: URI differs from the photo"
import base64, re, sys
page = open(sys.argv[1], encoding="utf-8").read()
found = re.search(r'src="data:image/png;base64,([^"]*)"', page)
sys.exit(0 if found and base64.b64decode(found.group(1)) == open(sys.argv[2], "rb").read() else 1)
PY
contains "$(cat a/out/cv-homepage.html)" '<span class="label">ORCID</span>' "homepage names ORCID"
contains "$(cat a/out/cv-markdown.md)" 'ORCID: [0000-0002-1825-0097](https\://orcid.org/0000-0002-1825-0097)' \
  "markdown: ORCID, named and linked"
json="$(python3 -c 'import json,sys; b=json.load(open(sys.argv[1]))["basics"]; print(b["image"], b["location"]["postalCode"], b["location"]["countryCode"], [p["network"] for p in b["profiles"]])' a/out/cv-jsonresume.json)"
contains "$json" "me.png 10115 DE ['GitHub', 'ORCID', 'Google Scholar', 'Mastodon', 'Bluesky', 'Myspace']" \
  "jsonresume: image, location, profiles"

# The same photo in another folder: the same PDF. Then a changed photo rebuilds.
(cd b && "$MKCV" build -q -t modern) || fail "build in b"
cmp -s a/out/cv-modern.pdf b/out/cv-modern.pdf && pass "same photo, same PDF" ||
  fail "two builds of the same CV and photo differ"
(cd b && "$MKCV" build -t modern > noop.log 2>&1)
contains "$(cat b/noop.log)" "up to date" "unchanged photo: nothing to do"
png b/me.png 0000ff
(cd b && "$MKCV" check -t modern > check.log 2>&1) && fail "check missed the new photo" ||
  pass "check: a changed photo is stale"
(cd b && "$MKCV" build -t modern > rebuild.log 2>&1) || fail "rebuild"
contains "$(cat b/rebuild.log)" "modern: xelatex " "a changed photo rebuilds"
cmp -s a/out/cv-modern.pdf b/out/cv-modern.pdf && fail "the new photo is not in the PDF" ||
  pass "the PDF has the new photo"

# `mkcv watch` builds again when the photo changes (the homepage: no TeX, quick).
cd a
"$MKCV" watch -t homepage > watch.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; remove_work' EXIT
wait_for 30 watching 1 || fail "watch did not start: $(cat watch.log)"
before="$(sha256sum < out/cv-homepage.html)"
png me.png 00ff00
wait_for 30 watching 2 && pass "watch: rebuilt after the photo changed" ||
  fail "watch: no rebuild for the photo: $(cat watch.log)"
contains "$(cat watch.log)" "me.png changed, building" "watch: says the photo changed"
[[ "$(sha256sum < out/cv-homepage.html)" != "$before" ]] && pass "watch: the page has the new photo" ||
  fail "watch: the page did not change"
kill -INT "$pid"
wait_for 10 bash -c "! kill -0 $pid" || fail "watch did not stop"
cd "$WORK"
finish
