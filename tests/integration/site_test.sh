# `mkcv site` on the seed CV (with a photo, a bio, news, a thumbnail, an abstract and a
# .bib file of its own added) in English and Chinese: the folder GitHub Pages would publish.
# Checked without a browser: the files, every link and picture resolving inside the folder,
# each paper's .bib read back by mkcv's own reader, the CV link's text a label, the Chinese
# page's punctuation, the folder written safely (a folder mkcv did not make, a symbolic link,
# a failed build). In headless Chromium (five runs): 1280 px and 375 px screenshots (the
# narrow one through a 375 px iframe: Chromium makes no window narrower than 500 px), no
# sideways scrolling at 375 px, axe-core in light and dark mode. Hostile values (the
# hostile CVs and new ones in bio, news, a thumbnail's file name and a `bibtex` file) add no
# element or attribute. Needs TeX (the PDFs), chromium, python3 and test.sh's npm packages.
source "$(dirname "$0")/lib.sh"

for tool in chromium python3 xelatex; do
  require_tool "$tool" "build_scripts/test.sh installs it"
done
AXE="$SRC/tests/tools/node_modules/axe-core/axe.min.js"
[[ -f "$AXE" ]] || { fail "axe-core is not installed (build_scripts/test.sh runs npm ci in tests/tools)"; finish; }

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
mkdir site-cv && cd site-cv
cp "$SRC/cv.toml" cv.toml
# A photo and a thumbnail: small PNGs made here.
python3 - <<'PY'
import struct, zlib
def png(name, w, h, rgb):
    raw = b"".join(b"\0" + bytes(rgb) * w for _ in range(h))
    chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
    open(name, "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
                           + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
png("photo.png", 160, 160, (70, 110, 160))
import os; os.makedirs("img", exist_ok=True)
png("img/muxflow.png", 320, 200, (200, 120, 60))
PY
cat > muxflow.bib <<'BIB'
@article{zhao2024muxflow,
  title   = {{MuxFlow}: Efficient {GPU} Sharing in Production-Level Clusters},
  author  = {Liu, Xuanzhe and Zhao, Yihao},
  journal = {SCIS},
  year    = {2024},
}
BIB
python3 - <<'PY'
import re
text = open("cv.toml", encoding="utf-8").read()
# [person]: the photo and a first-person bio, in both languages.
text = text.replace('github = "Rivendile"\n', 'github = "Rivendile"\nphoto = "photo.png"\n'
  'bio = { en = "I am a Ph.D. candidate at **Peking University**. I build systems that schedule '
  'GPU clusters; see [MuxFlow](https://arxiv.org/abs/2303.13803).", zh = "我是**北京大学**的博士研究生，研究 GPU 集群调度。" }\n', 1)
# The MuxFlow paper: a thumbnail, an abstract, a .bib of its own, code.
text = text.replace('venue = "SCIS"\nyear = 2024\n', 'venue = "SCIS"\nyear = 2024\n'
  'thumbnail = "img/muxflow.png"\n'
  'abstract = "GPU sharing in *production* clusters with more than 10,000 GPUs."\n'
  'links = { paper = "https://arxiv.org/abs/2303.13803", code = "https://github.com/example/muxflow", bibtex = "muxflow.bib" }\n', 1)
news = "".join(f'\n[[news]]\ndate = "2025-{m:02d}"\ntext = {{ en = "News number {m}: a paper at *NSDI*.", zh = "第{m}条消息。" }}\n' for m in range(1, 8))
text += news + "\n[templates.academic]\nnews_shown = 3\n"
open("cv.toml", "w", encoding="utf-8").write(text)
PY
grep -q '^thumbnail = ' cv.toml || fail "the test's cv.toml edits did not apply (the seed CV changed)"

status=0
"$MKCV" site cv.toml -o _site --lang en,zh > site.log 2>&1 || status=$?
expect_status 0 "$status" "mkcv site --lang en,zh"
((status == 0)) || { cat site.log; finish; }
for f in index.html zh/index.html .nojekyll .mkcv-site img/photo.png cv-short.pdf cv-long.pdf \
         zh/cv-short.zh.pdf zh/cv-long.zh.pdf; do
  [[ -f "_site/$f" ]] && pass "_site/$f" || fail "_site/$f missing: $(cd _site && find . -type f | sort | tr '\n' ' ')"
done
ls -a | grep -q '^\._site\.mkcv-' && fail "a staging folder was left beside _site" || pass "no staging folder left"

# Each paper's .bib, read back by mkcv's own reader: it holds that paper's title.
bibs=(_site/bib/*.bib)
((${#bibs[@]} >= 8)) && pass "${#bibs[@]} .bib files" || fail "only ${#bibs[@]} .bib files"
for bib in "${bibs[@]}"; do
  printf 'bibliography = ["%s"]\n[person]\nname = "Reader"\n' "$bib" > reader.toml
  if "$MKCV" context reader.toml -t long > reader.json 2> reader.log; then
    python3 - reader.json "$bib" <<'PY' || fail "$bib does not read back as one paper"
import json, sys
papers = [p for g in json.load(open(sys.argv[1]))["publications"]["groups"] for p in g["items"]]
assert len(papers) == 1, papers
PY
  else
    cat reader.log; fail "$bib does not parse"
  fi
done
# A second theme over the same PDFs (up to date: no TeX), to check the homepage's fixes.
"$MKCV" site cv.toml -t homepage -o _home --lang en,zh -j 1 > home.log 2>&1 || { cat home.log; fail "mkcv site -t homepage"; }

python3 "$SRC/tests/integration/site_check.py" static "$PWD" > static.log 2>&1 && cat static.log ||
  { cat static.log; fail "static checks of the site (above)"; }

# Writing safely: a folder mkcv did not make, a symbolic link, a broken cv.toml.
mkdir mine && echo precious > mine/notes.txt
status=0; "$MKCV" site cv.toml -o mine > mine.log 2>&1 || status=$?
expect_status 2 "$status" "a folder mkcv did not make is not replaced"
[[ "$(cat mine/notes.txt)" == precious ]] && pass "its file is untouched" || fail "mine/notes.txt changed"
contains "$(cat mine.log)" "--force" "the refusal names --force"
mkdir elsewhere && ln -s elsewhere link
status=0; "$MKCV" site cv.toml -o link --force > link.log 2>&1 || status=$?
expect_status 2 "$status" "a symbolic link as the site folder is refused, even with --force"
[[ -L link && -z "$(ls elsewhere)" ]] && pass "the link and its target are untouched" || fail "the link was followed"
cp cv.toml good.toml
printf '\n[[news]]\ntext = "no date"\n' >> cv.toml
before=$(cd _site && find . -type f -exec sha256sum {} + | sort)
status=0; "$MKCV" site cv.toml -o _site > broken.log 2>&1 || status=$?
expect_status 2 "$status" "a news entry without its date is an error"
contains "$(cat broken.log)" "cv.toml:" "at its position in cv.toml"
[[ "$(cd _site && find . -type f -exec sha256sum {} + | sort)" == "$before" ]] &&
  pass "the previous site is left whole" || fail "the previous site changed"
cp good.toml cv.toml

# Hostile values: the hostile CVs, and new ones in bio, news, a thumbnail and a bibtex file.
cd "$WORK" && mkdir hostile && cd hostile
cp "$SRC/tests/data/hostile.toml" "$SRC/tests/data/hostile-html.toml" "$SRC/tests/data/hostile-html.bib" .
for cv in hostile hostile-html; do printf '\n[site]\npdfs = []\n' >> "$cv.toml"; done
python3 - <<'PY'
import struct, zlib
raw = b"\0" + b"\xff\0\0" * 4
chunk = lambda t, d: struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d))
open('x" onerror="alert(3).png', "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 1, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
open("evil'\"<b>.bib", "w").write('@misc{evil, title = {<script>alert(4)</script>}, author = {Eve}, year = 2024}\n')
open("values.toml", "w", encoding="utf-8").write('''[person]
name = "Eve <b>Attacker</b>"
email = "eve@example.org"
bio = "<script>alert(1)</script> I am \\"Eve\\" & <img src=x onerror=alert(2)> **bold** [a link](https://example.org/?q=\\"><script>)"

[[news]]
date = "2025-05"
text = "<iframe src=javascript:alert(5)></iframe> & </li></ul><script>alert(6)</script>"

[[publications]]
title = "Evil}, note = {pwned"
authors = ["Eve <b>Attacker</b>", "Mallory\\" onmouseover=\\"alert(7)"]
venue = "</em><script>alert(8)</script>"
year = 2024
thumbnail = "x\\" onerror=\\"alert(3).png"
abstract = "</details><script>alert(9)</script>"
links = { code = "https://example.org/a\\"onclick=\\"alert(10)", bibtex = "evil'\\"<b>.bib" }

[[publications]]
title = "Brace } and { open, note = {x}"
authors = ["Eve"]
venue = "V"
year = 2023
links = { code = "https://example.org/},note={pwned" }

[site]
pdfs = []
''')
PY
for cv in hostile hostile-html values; do
  "$MKCV" site "$cv.toml" -o "_$cv" > "$cv.log" 2>&1 || { cat "$cv.log"; fail "mkcv site $cv.toml"; }
done
printf '[person]\nname = "E"\nbio = "[x](javascript:alert(1))"\n[site]\npdfs = []\n' > jslink.toml
status=0; "$MKCV" site jslink.toml -o _jslink > jslink.log 2>&1 || status=$?
expect_status 2 "$status" "a javascript: link in the bio is refused"
# The .bib mkcv writes for a title and a URL with braces reads back as that paper alone.
titles=""
for bib in _values/bib/*.bib; do
  printf 'bibliography = ["%s"]\n[person]\nname = "Reader"\n' "$bib" > reader.toml
  "$MKCV" context reader.toml -t long > reader.json 2> reader.log || { cat reader.log; fail "$bib does not parse"; continue; }
  titles+="$(python3 -c 'import json,sys; print("".join(p["title"] + "|" + ",".join(l["url"] for l in p["links"]) for g in json.load(open(sys.argv[1]))["publications"]["groups"] for p in g["items"]))' reader.json)"$'\n'
done
contains "$titles" "Brace } and { open, note = {x}|https://example.org/%7D,note=%7Bpwned" \
  "a title and a URL with braces read back from the paper's .bib as written (the URL's braces encoded)"
python3 "$SRC/tests/integration/site_check.py" hostile "$PWD" > hostile.log 2>&1 && cat hostile.log ||
  { cat hostile.log; fail "hostile values (above)"; }

# The browser: screenshots, widths, axe-core in light and dark mode.
cd "$WORK/site-cv"
chrome() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run \
    --no-default-browser-check --disable-extensions --disable-sync --mute-audio \
    --disable-background-networking --proxy-server=127.0.0.1:9 \
    --host-resolver-rules="MAP * ~NOTFOUND" --user-data-dir="$WORK/chrome" "$@" 2>> chromium.log
}
cp "$AXE" _site/axe.min.js
for scheme in light dark; do
  # A copy of the page with axe-core added (the site itself runs no script).
  python3 - _site/index.html "_site/axe-$scheme.html" <<'PY'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = """<pre id="mkcv-axe"></pre><script src="axe.min.js"></script><script>
axe.run(document, {resultTypes: ["violations"]}).then(r => {
  document.getElementById("mkcv-axe").textContent = JSON.stringify({
    scheme: matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light",
    background: getComputedStyle(document.body).backgroundColor,
    violations: r.violations.map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.map(n => n.html.slice(0, 160))}))});
});</script>"""
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", probe + "</body>"))
PY
done
chrome --allow-file-access-from-files --virtual-time-budget=20000 --dump-dom \
  --blink-settings=preferredColorScheme=1 "file://$PWD/_site/axe-light.html" > axe-light.dom || fail "chromium (axe, light)"
chrome --allow-file-access-from-files --virtual-time-budget=20000 --dump-dom \
  --blink-settings=preferredColorScheme=0 "file://$PWD/_site/axe-dark.html" > axe-dark.dom || fail "chromium (axe, dark)"
rm -f _site/axe-*.html _site/axe.min.js
{
  echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>w</title></head><body style="margin:0">'
  for page in _site/index.html _site/zh/index.html _home/index.html; do
    echo "<iframe src=\"$page\" style=\"width:375px;height:1400px;border:0;display:block\"></iframe>"
  done
  cat <<'HTML'
<pre id="out"></pre>
<script>
window.addEventListener("load", () => {
  const out = {};
  for (const frame of document.querySelectorAll("iframe")) {
    const d = frame.contentDocument;
    out[frame.getAttribute("src")] = d ? {scrollWidth: d.documentElement.scrollWidth,
      clientWidth: d.documentElement.clientWidth, text: d.body.innerText,
      images: [...d.images].map(i => [i.getAttribute("src"), i.naturalWidth])} : null;
  }
  document.getElementById("out").textContent = JSON.stringify(out);
});
</script></body></html>
HTML
} > wrapper.html
chrome --allow-file-access-from-files --virtual-time-budget=5000 --dump-dom "file://$PWD/wrapper.html" > wrapper.dom ||
  fail "chromium --dump-dom (375 px)"
echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>n</title></head><body style="margin:0"><iframe src="_site/index.html" style="width:375px;height:1000px;border:0"></iframe></body></html>' > narrow.html
chrome --window-size=1280,1000 --screenshot="$WORK/wide.png" "file://$PWD/_site/index.html" > /dev/null || fail "screenshot at 1280 px"
chrome --allow-file-access-from-files --window-size=500,1000 --screenshot="$WORK/narrow.png" "file://$PWD/narrow.html" > /dev/null ||
  fail "screenshot at 375 px"
python3 "$SRC/tests/integration/site_check.py" browser "$PWD" "$WORK" > browser.log 2>&1 && cat browser.log ||
  { cat browser.log; fail "browser checks (above)"; }
# MKCV_SITE_SCREENSHOT=FILE keeps the 1280 px screenshot (docs/homepage.md's image).
[[ -n "${MKCV_SITE_SCREENSHOT:-}" ]] && cp "$WORK/wide.png" "$MKCV_SITE_SCREENSHOT"
finish
