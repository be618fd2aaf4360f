# The built-in `markdown` template: cv.toml renders to GitHub-flavoured Markdown in which, as
# cmark-gfm (GitHub's own CommonMark) renders it, every string of cv.toml is in the text; and
# hostile values (tests/data/hostile.toml, hostile_text.toml) print literally: the rendered
# HTML has the same elements, attributes and links as a benign CV of the same shape.
# Needs Debian's cmark-gfm (installed by build_scripts/test.sh); fails without it unless
# MKCV_ALLOW_SKIP=1.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")" SRC="$(realpath "$SRC")"  # run by hand with relative paths too

require_tool cmark-gfm "build_scripts/test.sh installs it"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
cp "$SRC/cv.toml" cv.toml
cp "$SRC/tests/data/hostile.toml" "$SRC/tests/data/hostile_text.toml" .
cp "$SRC/tests/data/resume_sections.toml" .

# GitHub's extensions, as on a profile README (tagfilter too: GitHub drops <script> anyway,
# but nothing here should be raw HTML in the first place).
render() { cmark-gfm --unsafe -e table -e autolink -e strikethrough -e tasklist -e tagfilter "$1"; }

# Render Markdown to HTML; print either the text (one line, blanks folded) or the inventory
# of elements, attributes and link targets, in order.
cat > inspect.py <<'PY'
import sys, re
from html.parser import HTMLParser
class Inspect(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.text, self.inventory = [], []
    def handle_starttag(self, tag, attrs):
        self.inventory.append(tag + "".join(
            f" {k}" + (f"={v.split(':')[0] if ':' in (v or '') else 'relative'}" if k in ("href", "src") else "")
            for k, v in attrs))
        self.text.append(" ")
    def handle_endtag(self, tag):
        self.inventory.append("/" + tag)
        self.text.append(" ")
    def handle_comment(self, data):
        self.inventory.append("<!--")
    def handle_data(self, data):
        self.text.append(data)
p = Inspect()
p.feed(open(sys.argv[2], encoding="utf-8").read())
if sys.argv[1] == "text":
    print(re.sub(r"\s+", " ", "".join(p.text)))
else:
    print("\n".join(p.inventory))
PY

# A benign twin of a CV: every string replaced by a plain word, the same string by the same
# word (so the owner is still found among the authors), marks, URLs, dates and kinds kept.
cat > benign.py <<'PY'
import sys, tomllib, json, re
data = tomllib.load(open(sys.argv[1], "rb"))
words = {}
def word(s):
    if s not in words:
        n, w = len(words), ""
        while True:
            w = chr(ord("a") + n % 26) + w
            n //= 26
            if n == 0: break
        words[s] = "Plain" + w
    return words[s]
keep = {"start", "end", "date", "kind", "url", "homepage", "email"}
def walk(v, key=None):
    if isinstance(v, dict) and key == "links" and set(v) != {"label", "url"}:
        return {word(k): url for k, url in v.items()}  # a paper's links: label = "URL"
    if isinstance(v, dict):
        return {k: (v2 if k in keep else walk(v2, k)) for k, v2 in v.items()}
    if isinstance(v, list):
        return [walk(x, key) for x in v]
    if isinstance(v, str):
        if key == "authors":
            m = re.match(r"^(.*?)([*†]*)$", v, re.S)
            return word(m.group(1)) + m.group(2)
        return word(v)
    return v
def toml(v, key=None):
    if isinstance(v, str): return json.dumps(v, ensure_ascii=False)
    if isinstance(v, bool): return "true" if v else "false"
    if isinstance(v, int): return str(v)
    if isinstance(v, list): return "[" + ", ".join(toml(x) for x in v) + "]"
    if isinstance(v, dict): return "{" + ", ".join(json.dumps(k, ensure_ascii=False) + " = " + toml(x) for k, x in v.items()) + "}"
    raise SystemExit(f"unexpected {v!r}")
out = []
twin = walk(data)
for key, value in twin.items():
    if isinstance(value, dict):
        out.append(f"[{key}]")
        out += [f"{json.dumps(k)} = {toml(x)}" for k, x in value.items()]
    elif isinstance(value, list):
        for item in value:
            out.append(f"[[{key}]]")
            out += [f"{json.dumps(k)} = {toml(x)}" for k, x in item.items()]
    else:
        out.insert(0, f"{json.dumps(key)} = {toml(value)}")
print("\n".join(out))
PY

# every_string CV TEXT_FILE [KEY...]: every string of CV (toml_strings, blanks folded) is in
# the text, but URLs, which are links (hrefs), dates and kinds, which print formatted, and the
# KEYs given.
every_string() {
  toml_strings "$1" start end kind "${@:3}" | as_printed > strings.txt
  python3 - strings.txt "$2" <<'PY'
import re, sys
fold = lambda s: re.sub(r"\s+", " ", s).strip()
text = fold(open(sys.argv[2], encoding="utf-8").read())
bad = [v for v in open(sys.argv[1], encoding="utf-8").read().split("\n")
       if v and not re.match(r"^(https?|mailto):", v) and fold(v) not in text]
for v in bad: print(f"not in the text: «{v}»")
sys.exit(1 if bad else 0)
PY
}

# cv.toml: every string is in the rendered text; links are links.
env PATH=/nonexistent "$MKCV" build -t markdown -o out > build.log 2>&1 ||
  { cat build.log; fail "the markdown template builds without TeX"; finish; }
[[ -f out/cv-markdown.md ]] && pass "out/cv-markdown.md" || { fail "no out/cv-markdown.md: $(ls out)"; finish; }
render out/cv-markdown.md > cv.html
python3 inspect.py text cv.html > cv.txt
text="$(cat cv.txt)"
every_string cv.toml cv.txt && pass "every string of cv.toml is in the rendered Markdown's text" ||
  fail "strings of cv.toml missing from the Markdown"
html="$(cat cv.html)"
contains "$html" '<a href="https://github.com/pkusys/ElasticFlow">code</a>' "paper links are links"
contains "$html" '<a href="https://rivendile.github.io">rivendile.github.io</a>' "the homepage is a link"
contains "$html" '<a href="mailto:zhaoyh98@pku.edu.cn">' "the e-mail is a link"
contains "$html" '<strong>Yihao Zhao</strong>*' "the owner in bold, the equal mark after"
contains "$html" '* Equal contribution.' "the legend"
contains "$html" '<h2>Publications</h2>' "section headings"
contains "$html" '<h3>Conference Papers</h3>' "publication groups"
contains "$text" "[C4] Yihao Zhao *, Xiaoxiang Zhang*, Hang Zhu" "numbered papers"
contains "$text" "Last updated: 14 Nov. 2023" "the date of SOURCE_DATE_EPOCH"
lacks "$html" '<pre' "no code block"

# Hostile CVs: the text is literal, the elements those of a benign twin. resume_sections.toml
# has hostile values in the résumé sections (its tags print nowhere, its dates formatted).
for cv in hostile hostile_text resume_sections; do
  python3 benign.py "$cv.toml" > "$cv-benign.toml"
  for name in "$cv" "$cv-benign"; do
    "$MKCV" build "$name.toml" -t markdown -o out > "$name.log" 2>&1 ||
      { cat "$name.log"; fail "$name.toml builds"; continue 2; }
    render "out/$name-markdown.md" > "$name.html"
    python3 inspect.py inventory "$name.html" > "$name.inventory"
  done
  # hostile.toml's research interests hold a code span (`?` !``), which inline markup
  # prints as one, as it should: the only element its twin lacks.
  if [[ $cv == hostile ]]; then
    grep -vx -e code -e /code "$cv.inventory" > "$cv.inventory.tmp" || true
    [[ "$(grep -cx code "$cv.inventory")" == 1 ]] || fail "hostile.toml: one code span"
    mv "$cv.inventory.tmp" "$cv.inventory"
  fi
  if diff "$cv-benign.inventory" "$cv.inventory" > "$cv.diff"; then
    pass "$cv.toml: the same elements, attributes and links as its benign twin"
  else
    cat "$cv.diff"; fail "$cv.toml: markup injected into the Markdown"
  fi
  python3 inspect.py text "$cv.html" > "$cv.txt"
  every_string "$cv.toml" "$cv.txt" tags date && pass "$cv.toml: every string prints literally" ||
    fail "$cv.toml: values not printed literally"
done
lacks "$(cat hostile_text.inventory)" 'javascript' "no javascript: link"

finish
