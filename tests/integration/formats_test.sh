# Templates that declare an output format other than LaTeX (template.toml `format`): the
# test templates in tests/data/templates (page-html, notes-md) build with the real binary
# without TeX, next to a LaTeX template with -j, incrementally, under `check` and `watch`,
# with filters, `order` and [templates.NAME]; hostile values print escaped (the HTML is
# checked as parsed, not as text) and a link that could run script is never an href.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
cp "$SRC/cv.toml" cv.toml
mkdir templates
cp -r "$SRC/tests/data/templates/page-html" "$SRC/tests/data/templates/notes-md" templates/

# No TeX: a PATH without latexmk or any TeX engine still builds both.
env PATH=/nonexistent "$MKCV" build -t page-html -t notes-md -o out > text.log 2>&1 ||
  { cat text.log; fail "HTML and Markdown build without TeX"; finish; }
pass "HTML and Markdown build without TeX"
[[ -f out/cv-page-html.html && -f out/cv-notes-md.md ]] && pass "out/cv-NAME.html and .md" ||
  fail "outputs not at out/cv-page-html.html, out/cv-notes-md.md: $(ls out)"
[[ ! -e out/cv-page-html.pdf && ! -e out/cv-page-html.tex && ! -e out/.mkcv/cv-page-html ]] &&
  pass "no PDF, .tex or TeX build folder for an HTML template" || fail "TeX leftovers: $(ls -a out out/.mkcv)"
html="$(cat out/cv-page-html.html)"
md="$(cat out/cv-notes-md.md)"
contains "$html" "<h1>Yihao Zhao</h1>" "the HTML has the name"
contains "$html" '<a href="https://github.com/Rivendile/Muri">code</a>' "links print as hrefs"
contains "$html" '<a href="mailto:zhaoyh98@pku.edu.cn">' "contacts are links"
contains "$(cat text.log)" "page-html: written → out/cv-page-html.html" "the report names the file"
contains "$md" "# Yihao Zhao" "the Markdown has the name"
contains "$md" "[code](https\\://github.com/Rivendile/Muri)" "Markdown links (the : of :// escaped against autolinks)"
# Filters: notes-md keeps selected papers only; page-html's order has publications only.
lacks "$md" "MuxFlow" "notes-md's [filters.publications] selected = true"
lacks "$html" "Education" "page-html's order leaves out education"
lacks "$html" "Peking University" "no education entry either"

# Incremental builds and `check`.
"$MKCV" build -t page-html -t notes-md -o out > again.log 2>&1 || fail "second build"
contains "$(cat again.log)" "page-html: up to date (out/cv-page-html.html)" "unchanged HTML is not written again"
contains "$(cat again.log)" "notes-md: up to date" "unchanged Markdown is not written again"
"$MKCV" check -t page-html -t notes-md -o out > check.log 2>&1
expect_status 0 $? "check: both up to date"
echo "tampered" >> out/cv-notes-md.md
status=0; "$MKCV" check -t page-html -t notes-md -o out > check.log 2>&1 || status=$?
expect_status 3 "$status" "check: a changed output is stale"
contains "$(cat check.log)" "notes-md: stale: out/cv-notes-md.md was changed" "check says why"
sed -i 's/Ph.D. Candidate/Formats Candidate/' cv.toml
cat >> cv.toml <<'TOML'

[templates.page-html.filters.publications]
since = 2023
title = "Recent Papers"
TOML
status=0; "$MKCV" check -t page-html -o out > check.log 2>&1 || status=$?
expect_status 3 "$status" "check: cv.toml changed, the HTML is stale"
contains "$(cat check.log)" "cv-page-html.html (cv.toml rendered) changed" "stale because of the rendering"

# -j with a LaTeX template beside them; [templates.NAME] overrides apply to HTML.
"$MKCV" build -t short -t page-html -t notes-md -j 2 -o out > mixed.log 2>&1 ||
  { cat mixed.log; fail "a LaTeX and two text templates with -j 2"; }
[[ -f out/cv-short.pdf ]] && pass "the PDF is built beside them" || fail "no cv-short.pdf"
html="$(cat out/cv-page-html.html)"
contains "$html" "<h2>Recent Papers</h2>" "[templates.page-html] title"
lacks "$html" "Unpaired Image-to-Image" "[templates.page-html] since = 2023"
lacks "$(cat out/cv-notes-md.md)" "tampered" "the changed Markdown was written again"

# A hostile CV: nothing it holds becomes markup.
cat > hostile.toml <<'TOML'
[person]
name = "<script>alert(1)</script> Eve"
github = "javascript://%0aalert(1)"
homepage = "\"><img/src=x/onerror=alert(1)>"
email = "e\"><svg/onload=alert(1)>@x.org"

[[publications]]
title = "\"><img src=x onerror=x> *bold* [t](javascript:alert(1)) # `c` _u_"
authors = ["Eve <b>"]
venue = "V & <i>'"
year = 2024
kind = "conference"
note = "javascript:alert(1) </script><script>alert(2)</script>"
selected = true
TOML
"$MKCV" build hostile.toml -t page-html -t notes-md -o out > hostile.log 2>&1 ||
  { cat hostile.log; fail "hostile build"; finish; }
python3 - out/hostile-page-html.html <<'PY' && pass "hostile HTML: no element or attribute injected, hrefs safe" || fail "hostile HTML"
import sys
from html.parser import HTMLParser
allowed_tags = {"html", "head", "meta", "title", "body", "h1", "h2", "h3", "ul", "li", "ol", "a"}
bad = []
class Check(HTMLParser):
    def handle_starttag(self, tag, attrs):
        if tag not in allowed_tags:
            bad.append("element " + tag)
        for name, value in attrs:
            if name not in {"lang", "charset", "name", "content", "href", "class"}:
                bad.append("attribute " + name)
            if name == "href" and value.split(":")[0].lower() not in {"https", "http", "mailto"}:
                bad.append("href " + value)
    def handle_data(self, data):
        pass
text = open(sys.argv[1], encoding="utf-8").read()
Check().feed(text)
for needle in ["<script>alert(1)</script> Eve", '"><img src=x onerror=x>', "</script><script>alert(2)"]:
    import html
    if html.escape(needle, quote=True).replace("&#x27;", "&#39;") not in text:
        bad.append("not printed escaped: " + needle)
if bad:
    print("\n".join(bad)); sys.exit(1)
PY
hostile_html="$(cat out/hostile-page-html.html)"
lacks "$hostile_html" 'href="javascript' "a javascript: URL is never an href"
contains "$hostile_html" "<li>javascript://%0aalert(1)</li>" "a github value that is no safe URL prints as text"
hostile_md="$(cat out/hostile-notes-md.md)"
contains "$hostile_md" '\<script\>alert(1)\</script\> Eve' "Markdown: <script> is literal"
contains "$hostile_md" '\*bold\* \[t\](javascript:alert(1)) # \`c\` \_u\_' "Markdown: * [ ] \` _ are literal"

# Inline Markdown in a prose field (the note) is HTML markup; hostile text inside it is not.
cat > markup.toml <<'TOML'
[person]
name = "Eve"

[[publications]]
title = "*Not* markup: a title"
authors = ["Eve*"]
venue = "V"
year = 2024
note = "*<script>alert(1)</script>* **b** `</code><img src=x onerror=alert(2)>` [ok](https://ok.org/a_b?x=1&y=2#z) [x](https://x.org/\"><img onerror=alert(3)>) <b>raw</b> &amp;"
TOML
"$MKCV" build markup.toml -t page-html -o out > markup.log 2>&1 || { cat markup.log; fail "markup build"; finish; }
python3 - out/markup-page-html.html <<'PY' && pass "markup HTML: em, strong, code and a safe link, nothing injected" || fail "markup HTML"
import sys
from html.parser import HTMLParser
allowed_tags = {"html", "head", "meta", "title", "body", "h1", "h2", "h3", "ul", "li", "ol", "a", "em", "strong", "code"}
bad, tags, hrefs, text = [], [], [], []
class Check(HTMLParser):
    def handle_starttag(self, tag, attrs):
        tags.append(tag)
        if tag not in allowed_tags:
            bad.append("element " + tag)
        for name, value in attrs:
            if name not in {"lang", "charset", "name", "content", "href", "class"}:
                bad.append("attribute " + name)
            if name == "href":
                hrefs.append(value)
    def handle_data(self, data):
        text.append(data)
Check().feed(open(sys.argv[1], encoding="utf-8").read())
page = "".join(text)
for tag in ["em", "strong", "code"]:
    if tags.count(tag) != 1: bad.append(f"{tags.count(tag)} <{tag}>")
if "https://ok.org/a_b?x=1&y=2#z" not in hrefs: bad.append("no safe link: " + repr(hrefs))
for needle in ["<script>alert(1)</script> b </code><img src=x onerror=alert(2)> ok",
               '[x](https://x.org/"><img onerror=alert(3)>) <b>raw</b> &amp;', "*Not* markup: a title"]:
    if needle not in page: bad.append("not in the page text: " + needle)
if bad:
    print("\n".join(bad)); sys.exit(1)
PY

# A javascript: link in cv.toml is an error at its place, as any URL that is no URL.
cat > badlink.toml <<'TOML'
[person]
name = "Eve"
links = [{ label = "x", url = "javascript:alert(1)" }]
TOML
status=0; "$MKCV" build badlink.toml -t page-html -o out > badlink.log 2>&1 || status=$?
expect_status 2 "$status" "a javascript: link is refused"
contains "$(cat badlink.log)" "badlink.toml:3:" "with its cv.toml position"

# A format mkcv does not know: an error at its place in template.toml, with a guess.
cp -r templates/page-html templates/typo
sed -i 's/^name = .*/name = "typo"/; s/^format = .*/format = "htlm"/' templates/typo/template.toml
status=0; "$MKCV" build -t typo -o out > typo.log 2>&1 || status=$?
expect_status 2 "$status" "an unknown format is refused"
contains "$(cat typo.log)" 'template.toml:5:10: error: `format` must be "latex", "html", "markdown" or "json", found "htlm"' "located"
contains "$(cat typo.log)" 'did you mean "html"?' "with a guess"

# watch rebuilds an HTML output when cv.toml changes.
"$MKCV" watch -t page-html -o wout > watch.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; remove_work' EXIT
wait_for 30 watching 1 && pass "watch: first build" || { cat watch.log; fail "watch: no first build"; }
sed -i 's/Klotski: Efficient/Watched Klotski: Efficient/' cv.toml
wait_for 30 grep -q "Watched Klotski" wout/cv-page-html.html && pass "watch: rebuilt the HTML" ||
  { cat watch.log; fail "watch: HTML not rebuilt"; }
kill -INT "$pid"; wait "$pid" || true

finish
