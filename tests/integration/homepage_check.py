"""The browser checks of homepage_test.sh, run on what Chromium left in WORK (argv[1]):
wrapper-dom.html (the wrapper page, holding each iframe's parsed DOM, text and widths as
JSON), wide.png and narrow.png (screenshots). Prints `ok:` or `FAIL:` per check and exits 1
on any failure."""
import html
import json
import re
import struct
import sys
import tomllib
import zlib
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

from check_report import check, finish

work = Path(sys.argv[1])


dump = (work / "wrapper-dom.html").read_text(encoding="utf-8")
match = re.search(r'<pre id="out">(.*?)</pre>', dump, re.S)
check(match and match.group(1), "the wrapper page read its iframes")
pages = json.loads(html.unescape(match.group(1))) if match and match.group(1) else {}


class Inventory(HTMLParser):
    """Elements and their attribute names, counted; script elements and their content;
    every attribute, to look for event handlers and unsafe links."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements = Counter()
        self.attributes = []
        self.scripts = []
        self._in_script = None

    def handle_starttag(self, tag, attrs):
        self.elements[(tag, tuple(sorted(name for name, _ in attrs)))] += 1
        self.attributes += [(tag, name, value or "") for name, value in attrs]
        if tag == "script":
            self._in_script = dict(attrs).get("type", "")
            self.scripts.append([self._in_script, ""])

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None

    def handle_data(self, data):
        if self._in_script is not None:
            self.scripts[-1][1] += data


def parse(page):
    inventory = Inventory()
    inventory.feed(page["html"])
    return inventory


def text_of(page):
    return re.sub(r"\s+", " ", page["text"])


def in_english(value):
    """A language table (docs/cv-format.md#several-languages) as the default build prints it:
    its en text; anything else as it is."""
    if isinstance(value, dict) and "en" in value and all(isinstance(v, (str, list)) for v in value.values()):
        return value["en"]
    return value


def toml_strings(path, skip):
    """(key, string) for every string of a cv.toml, except under the keys in `skip`."""
    data = tomllib.load(open(path, "rb"))

    def walk(value, key=None):
        value = in_english(value)
        if isinstance(value, dict):
            for k, v in value.items():
                if k not in skip:
                    yield from walk(v, key if key == "links" else k)
        elif isinstance(value, list):
            for v in value:
                yield from walk(v, key)
        elif isinstance(value, str):
            yield key, value

    return list(walk(data))


# Values the page deliberately does not print as written: dates (printed formatted, as
# "Aug. 2025" or "Present"), the kind of a paper (it picks the group heading), the .bib file
# names; URLs are checked as links (the homepage prints them without https://).
NOT_PRINTED = {"start", "end", "kind", "bibliography"}
URL_KEYS = {"url", "homepage", "links"}


def as_printed(value):
    """The value as the CV prints it: prose fields take inline Markdown, and two strings of
    tests/data/hostile.toml happen to be Markdown (a code span, an escaped backslash); as
    as_printed in tests/integration/lib.sh."""
    return value.replace("?` !`", "? !").replace("\\\\ \\csname", "\\ \\csname")


def check_strings(cv, page, label):
    text = text_of(page)
    hrefs = {value for _, name, value in parse(page).attributes if name == "href"}
    missing = []
    for key, value in toml_strings(work / cv, NOT_PRINTED):
        folded = re.sub(r"\s+", " ", as_printed(value)).strip()
        if key in URL_KEYS and (value in hrefs or re.sub(r"^https?://", "", value) in text):
            continue
        if key == "github" and ("github.com/" + value) in text:
            continue
        if folded not in text:
            missing.append(value)
    check(not missing, label + ": every string of " + cv + " is in the page text", missing)


def check_no_injection(page, twin, label):
    mine, theirs = parse(page), parse(twin)
    check(mine.elements == theirs.elements,
          label + ": the same elements and attributes as its benign twin",
          (mine.elements - theirs.elements) + (theirs.elements - mine.elements))
    handlers = [(t, n) for t, n, _ in mine.attributes if n.startswith("on")]
    check(not handlers, label + ": no on* attribute", handlers)
    scripts = [kind for kind, _ in mine.scripts]
    check(scripts in ([], ["application/ld+json"]), label + ": only the JSON-LD script", scripts)
    unsafe = [v for _, n, v in mine.attributes if n in ("href", "src", "action")
              and re.match(r"\s*[a-z][a-z0-9+.-]*:", v, re.I)
              and not re.match(r"(https?|mailto|tel):", v, re.I)]
    check(not unsafe, label + ": every link is http(s), mailto, tel or relative", unsafe)


def json_ld(page):
    scripts = [body for kind, body in parse(page).scripts if kind == "application/ld+json"]
    return scripts[0] if len(scripts) == 1 else None


# cv.toml: text, JSON-LD, layout.
home = pages.get("homepage.html")
check(home is not None, "Chromium loaded the homepage")
if home:
    check_strings("cv.toml", home, "homepage")
    cv = tomllib.load(open(work / "cv.toml", "rb"))
    raw = json_ld(home)
    check(raw is not None, "homepage: one JSON-LD script")
    try:
        graph = json.loads(raw)["@graph"]
    except Exception as error:  # noqa: BLE001 - any failure to parse is the finding
        graph = []
        check(False, "homepage: the JSON-LD parses as JSON", error)
    articles = [n for n in graph if n.get("@type") == "ScholarlyArticle"]
    people = [n for n in graph if n.get("@type") == "Person"]
    pub_items = [v for t, n, v in parse(home).attributes
                 if t == "li" and n == "class" and "mkcv-pub" in v.split()]
    check(len(articles) == len(pub_items) == len(cv["publications"]),
          "homepage: one ScholarlyArticle per printed publication",
          (len(articles), len(pub_items), len(cv["publications"])))
    check(len(people) == 1 and people[0].get("name") == in_english(cv["person"]["name"])
          and people[0].get("alternateName") == in_english(cv["person"]["native_name"])
          and people[0].get("affiliation", {}).get("name") == in_english(cv["person"]["affiliation"]),
          "homepage: a Person with name, alternateName and affiliation", people)
    check(people and "https://github.com/Rivendile" in people[0].get("sameAs", []),
          "homepage: the Person's sameAs links", people)
    titles = {p["title"] for p in cv["publications"]}
    check({a.get("headline") for a in articles} == titles, "homepage: each article's headline")
    klotski = [a for a in articles if a.get("headline", "").startswith("Klotski")]
    check(klotski and klotski[0].get("datePublished") == "2023"
          and klotski[0]["author"][0]["name"] == "Yihao Zhao"
          and klotski[0]["isPartOf"]["name"] == "SIGCOMM",
          "homepage: an article's authors, date and venue", klotski)
    muri = [a for a in articles if a.get("headline", "").startswith("Multi-Resource")]
    check(muri and muri[0].get("url") == "https://github.com/Rivendile/Muri",
          "homepage: an article's url", muri)
    text = text_of(home)
    for needle in ["[C4]", "[J2]", "[W1]", "[P2]", "Equal contribution", "Best Paper Award",
                   "Yihao Zhao 赵怡浩"]:
        check(needle in text, "homepage: shows «" + needle + "»")
    owners = re.findall(r'class="mkcv-author mkcv-owner">([^<]*)<', home["html"])
    check(owners and set(owners) == {"Yihao Zhao"}, "homepage: the owner is marked", owners)

fragment = pages.get("fragment.html")
if fragment:
    check_strings_pub = [t for t in (p["title"] for p in tomllib.load(open(work / "cv.toml", "rb"))["publications"])
                         if t not in text_of(fragment)]
    check(not check_strings_pub, "fragment: every publication title", check_strings_pub)
    classes = set()
    for _, name, value in parse(fragment).attributes:
        if name == "class":
            classes.update(value.split())
    for name in ["mkcv-publications", "mkcv-pub", "mkcv-pub-title", "mkcv-pub-authors",
                 "mkcv-owner", "mkcv-pub-venue", "mkcv-pub-number", "mkcv-pub-link",
                 "mkcv-legend", "mkcv-pub-heading"]:
        check(name in classes, "fragment: class " + name)

# No horizontal scrolling at 375 px, and the check sees it where there is.
for name in ["homepage.html", "fragment.html", "out/hostile-homepage.html",
             "out/hostile-html-homepage.html"]:
    page = pages.get(name)
    # (clientWidth is 375 less the vertical scroll bar)
    check(page and 340 <= page["clientWidth"] <= 375 and page["scrollWidth"] <= page["clientWidth"],
          name + ": no horizontal overflow at 375 px",
          page and (page["scrollWidth"], page["clientWidth"]))
wide = pages.get("overflow.html")
check(wide and wide["scrollWidth"] > wide["clientWidth"],
      "the overflow check sees a page that does overflow",
      wide and (wide["scrollWidth"], wide["clientWidth"]))

# Hostile CVs: literal text, no injected element or attribute, JSON-LD that stays inside.
for cv, home_page, twin_page in [
        ("hostile.toml", "out/hostile-homepage.html", "out/hostile-twin-homepage.html"),
        ("hostile-html.toml", "out/hostile-html-homepage.html",
         "out/hostile-html-twin-homepage.html"),
        (None, "out/hostile-html-publications-html.html",
         "out/hostile-html-twin-publications-html.html")]:
    page, twin = pages.get(home_page), pages.get(twin_page)
    check(page and twin, "Chromium loaded " + home_page + " and its twin")
    if not (page and twin):
        continue
    check_no_injection(page, twin, home_page)
    if cv is None:
        continue
    check_strings(cv, page, home_page)
    raw = (work / home_page).read_text(encoding="utf-8")
    script = re.search(r'<script type="application/ld\+json">(.*?)</script>', raw, re.S)
    check(script, home_page + ": the JSON-LD script is where the template put it")
    if script:
        body = script.group(1)
        check(not re.search(r"<|>|&|]]>", body), home_page + ": no < > & or ]]> inside the script")
        try:
            person = json.loads(body)["@graph"][0]
            data = tomllib.load(open(work / cv, "rb"))["person"]
            check(person["name"] == in_english(data["name"])
                  and person.get("alternateName") == in_english(data.get("native_name")),
                  home_page + ": the JSON-LD holds the names exactly", person)
        except Exception as error:  # noqa: BLE001
            check(False, home_page + ": the JSON-LD parses", error)

hostile_text = text_of(pages.get("out/hostile-html-homepage.html") or {"text": ""})
for needle in ["From BibTeX: </script><script>alert(20)</script> and ]]>",
               "*not emphasis* **nor strong** [not](https://a.link) `code` _u_ #"]:
    check(needle in hostile_text, "hostile-html: prints «" + needle + "» literally")
hostile_raw = (work / "out/hostile-html-homepage.html").read_text(encoding="utf-8")
check("javascript:" not in "".join(re.findall(r'href="([^"]*)"', hostile_raw)),
      "hostile-html: no javascript: href (cv.toml's github, the .bib url)")


def png_colours(path):
    """The distinct colours of an 8-bit RGB(A) PNG, decoded by hand (no imaging library)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height, channels = 8, b"", 0, 0, 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", chunk[:10])
            assert depth == 8 and colour in (2, 6), (depth, colour)
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += chunk
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    previous = bytearray(stride)
    colours = set()
    for row in range(height):
        start = row * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        if row % 8 == 0:
            colours.update(bytes(line[i:i + 3]) for i in range(0, stride, channels * 4))
        previous = line
    return width, height, colours


for shot, want_width in [("wide.png", 1280), ("narrow.png", None)]:
    try:
        width, height, colours = png_colours(work / shot)
        check(len(colours) > 1 and (want_width is None or width == want_width),
              shot + ": a screenshot with more than one colour", (width, height, len(colours)))
    except Exception as error:  # noqa: BLE001
        check(False, shot + ": a readable screenshot", error)

finish(summary=False)
