# The built-in `homepage` and `publications-html` templates, checked in a real browser:
# tidy finds no errors; headless Chromium (file:// URLs, no network) shows every string of
# cv.toml as page text, lays the page out at 375 px without horizontal scrolling (in a 375 px
# iframe of a wrapper page: Chromium makes no window narrower than 500 px) and draws more
# than one colour at 375×800 and 1280×800; the JSON-LD parses, with one ScholarlyArticle per
# printed paper; hostile CVs print literally and add no element or attribute to the parsed
# DOM. Three Chromium runs in all (one wrapper page loads every page to inspect).
# Needs chromium and tidy (build_scripts/test.sh installs them); without them the test
# fails, unless MKCV_ALLOW_SKIP=1.
source "$(dirname "$0")/lib.sh"

for tool in chromium tidy python3; do
  require_tool "$tool" "build_scripts/test.sh installs it"
done

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
cp "$SRC/cv.toml" cv.toml
cp "$SRC/tests/data/hostile.toml" hostile.toml
cp "$SRC/tests/data/hostile-html.toml" "$SRC/tests/data/hostile-html.bib" .
# The benign twin of a hostile CV: the same file with the characters that could make markup
# replaced by letters, so the same entries, links, marks and owner; its page must have the
# same elements and attributes.
twin() {
  python3 - "$1" "$2" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
text = text.replace('\\"', "Q")
for bad, good in (("<", "L"), (">", "G"), ("&", "N"), ("'", "A")):
    text = text.replace(bad, good)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
}
twin hostile.toml hostile-twin.toml
twin hostile-html.toml hostile-html-twin.toml
sed -i 's/hostile-html\.bib/hostile-html-twin.bib/' hostile-html-twin.toml
cp hostile-html.bib hostile-html-twin.bib

for cv in cv hostile hostile-twin hostile-html hostile-html-twin; do
  "$MKCV" build "$cv.toml" -t homepage -t publications-html -o out > "build-$cv.log" 2>&1 ||
    { cat "build-$cv.log"; fail "build $cv.toml"; finish; }
done
pass "homepage and publications-html build for cv.toml and the hostile CVs"
[[ -f out/cv-homepage.html && -f out/cv-publications-html.html ]] &&
  pass "out/cv-homepage.html and out/cv-publications-html.html" || fail "outputs missing: $(ls out)"
contains "$(cat build-hostile-html.log)" "is not a URL: \"javascript:alert(22)\"" \
  "a javascript: url in a .bib is a warning, not a link"

# The PDFs built beside the homepage are linked (their template names, no TeX needed here).
"$MKCV" context cv.toml -t homepage -t long -t short -t publications-html > context.json
python3 - context.json <<'PY' && pass "documents[]: the other outputs of the build" || fail "documents[]"
import json, sys
docs = json.load(open(sys.argv[1]))["documents"]
got = [(d["name"], d["file"], d["format"], d["pdf"]) for d in docs]
want = [("long", "cv-long.pdf", "pdf", True), ("short", "cv-short.pdf", "pdf", True),
        ("publications-html", "cv-publications-html.html", "html", False)]
assert got == want, got
PY

# A javascript: link in cv.toml is refused by validation, with its position.
cat > badlink.toml <<'TOML'
[person]
name = "Eve"
links = [{ label = "x", url = "javascript:alert(1)" }]
TOML
status=0; "$MKCV" build badlink.toml -t homepage -o out > badlink.log 2>&1 || status=$?
expect_status 2 "$status" "a javascript: link in cv.toml is refused"
contains "$(cat badlink.log)" "badlink.toml:3:" "with its cv.toml position"

# tidy: no errors, for the page and for the fragment inside a minimal page. The fragment's
# one <style> (its scoped stylesheet, which every browser applies in <body>; option
# stylesheet = false leaves it out) is moved into the wrapper's <head>, as tidy would.
{
  printf '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>t</title>\n'
  sed -n '/^<style>$/,/^<\/style>$/p' out/cv-publications-html.html
  printf '</head>\n<body>\n'
  sed '/^<style>$/,/^<\/style>$/d' out/cv-publications-html.html
  printf '</body>\n</html>\n'
} > fragment.html
for page in out/cv-homepage.html fragment.html; do
  status=0
  tidy -errors -quiet "$page" > tidy.log 2>&1 || status=$?
  if [[ -s tidy.log || $status -ge 2 ]]; then
    cat tidy.log
    fail "tidy -errors finds errors in $page"
  else
    pass "tidy -errors: nothing to report in $page"
  fi
done
# A hostile CV's page has no errors either (tidy warns of the "<" and quotes its URLs hold).
status=0
tidy -errors -quiet out/hostile-html-homepage.html > tidy.log 2>&1 || status=$?
if grep -q "Error:" tidy.log || ((status >= 2)); then
  cat tidy.log
  fail "tidy -errors finds errors in the hostile CV's homepage"
else
  pass "tidy -errors: no errors in the hostile CV's homepage"
fi
lacks "$(cat out/cv-publications-html.html)" "<html" "the fragment has no <html>"
lacks "$(cat out/cv-publications-html.html)" "<head" "the fragment has no <head>"

# The résumé sections (tests/data/resume_sections.toml, hostile values among them): the page
# has the elements and attributes of its benign twin, prints every string (tags and dates
# aside) and is clean for tidy.
cp "$SRC/tests/data/resume_sections.toml" .
twin resume_sections.toml resume-twin.toml
for cv in resume_sections resume-twin; do
  "$MKCV" build "$cv.toml" -t homepage -o out > "build-$cv.log" 2>&1 ||
    { cat "build-$cv.log"; fail "build $cv.toml"; }
done
python3 - out/resume_sections-homepage.html out/resume-twin-homepage.html resume_sections.toml <<'PY' &&
import re, sys, tomllib
from html.parser import HTMLParser
class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.text = [], []
    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, tuple(k for k, _ in attrs)))
        self.text.append(" ")
    def handle_endtag(self, tag):
        self.tags.append(("/" + tag, ()))
        self.text.append(" ")
    def handle_data(self, data):
        self.text.append(data)
def read(name):
    p = Page(); p.feed(open(name, encoding="utf-8").read()); return p
page, twin = read(sys.argv[1]), read(sys.argv[2])
bad = [] if page.tags == twin.tags else ["the elements differ from the benign twin's"]
fold = lambda s: re.sub(r"\s+", " ", s)
text = fold("".join(page.text))
def walk(v, key=None):
    if isinstance(v, dict):
        for k, x in v.items():
            if k not in ("tags", "start", "end", "date", "url"): yield from walk(x, k)
    elif isinstance(v, list):
        for x in v: yield from walk(x, key)
    elif isinstance(v, str): yield v
bad += [f"not printed: {s!r}" for s in walk(tomllib.load(open(sys.argv[3], "rb"))) if fold(s) not in text]
print("\n".join(bad)); sys.exit(1 if bad else 0)
PY
  pass "résumé sections: hostile values print literally, no markup added" || fail "résumé sections on the homepage"
status=0
tidy -errors -quiet out/resume_sections-homepage.html > tidy.log 2>&1 || status=$?
if grep -q "Error:" tidy.log || ((status >= 2)); then
  cat tidy.log; fail "tidy -errors finds errors in the résumé sections' homepage"
else
  pass "tidy -errors: no errors in the résumé sections' homepage"
fi

# A page that does overflow at 375 px, to see the check catch it.
cat > overflow.html <<'HTML'
<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>o</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><p>https://example.org/a-very-long-unbreakable-url-that-does-not-wrap-at-all-because-nothing-lets-it-wrap</p>
<div style="width:600px">wide</div></body></html>
HTML
cp out/cv-homepage.html homepage.html
cp out/cv-publications-html.html fragment-only.html
frames=(homepage.html fragment.html overflow.html out/hostile-homepage.html
        out/hostile-twin-homepage.html out/hostile-html-homepage.html
        out/hostile-html-twin-homepage.html out/hostile-html-publications-html.html
        out/hostile-html-twin-publications-html.html)
{
  echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>w</title></head><body>'
  for i in "${!frames[@]}"; do
    echo "<iframe id=\"f$i\" src=\"${frames[$i]}\" style=\"width:375px;height:800px;border:0\"></iframe>"
  done
  cat <<'HTML'
<pre id="out"></pre>
<script>
// Reads each page from outside: the pages themselves run no script.
window.addEventListener("load", () => {
  const out = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const d = frame.contentDocument;
    out[frame.getAttribute("src")] = d ? {
      scrollWidth: d.documentElement.scrollWidth,
      clientWidth: d.documentElement.clientWidth,
      text: d.body ? d.body.innerText : "",
      html: d.documentElement.outerHTML,
    } : null;
  }
  document.getElementById("out").textContent = JSON.stringify(out);
});
</script></body></html>
HTML
} > wrapper.html

chrome() {
  timeout 90 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --no-default-browser-check --disable-extensions --disable-sync --mute-audio \
    --disable-background-networking --proxy-server=127.0.0.1:9 \
    --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$WORK/chrome" "$@" 2>> chromium.log
}
chrome --allow-file-access-from-files --virtual-time-budget=3000 --dump-dom \
  "file://$WORK/wrapper.html" > wrapper-dom.html || { tail chromium.log; fail "chromium --dump-dom"; }
chrome --window-size=1280,800 --screenshot="$WORK/wide.png" "file://$WORK/homepage.html" > /dev/null ||
  fail "chromium screenshot at 1280×800"
chrome --window-size=375,800 --screenshot="$WORK/narrow.png" "file://$WORK/homepage.html" > /dev/null ||
  fail "chromium screenshot at 375×800"

status=0
python3 "$SRC/tests/integration/homepage_check.py" "$WORK" > check.log 2>&1 || status=$?
cat check.log
if ((status == 0)); then pass "browser checks"; else fail "browser checks (above)"; fi
finish
