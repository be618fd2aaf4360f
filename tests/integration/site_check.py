"""The checks of site_test.sh. `static DIR`: the folders `mkcv site` wrote in DIR (_site,
_home) without a browser; `hostile DIR`: the sites of the hostile CVs; `browser DIR WORK`:
what Chromium left (the 375 px wrapper's JSON, axe-core's results, the screenshots).
Prints `ok:` or `FAIL:` per check and exits 1 on any failure."""
import json
import re
import sys
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

from check_report import check, finish

mode, root = sys.argv[1], Path(sys.argv[2])


class Page(HTMLParser):
    """Every element with its attributes, the ids, the text, and the text of each link."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.elements, self.ids, self.text, self.links = [], set(), [], []
        self._open_links = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.elements.append((tag, attrs))
        if "id" in attrs:
            self.ids.add(attrs["id"])
        if tag == "a":
            self.links.append([attrs, ""])
            self._open_links.append(self.links[-1])

    def handle_endtag(self, tag):
        if tag == "a" and self._open_links:
            self._open_links.pop()

    def handle_data(self, data):
        self.text.append(data)
        for link in self._open_links:
            link[1] += data


def parse(path):
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.all_text = re.sub(r"\s+", " ", "".join(page.text))
    return page


def resolves(site, page_path, url):
    """Whether a relative URL of the page at page_path names a file inside site."""
    parts = urlsplit(url)
    target = (page_path.parent / unquote(parts.path)).resolve()
    return target.is_file() and site.resolve() in target.parents


def check_links(site):
    bad, external = [], 0
    for page_path in sorted(site.rglob("*.html")):
        page = parse(page_path)
        for tag, attrs in page.elements:
            if tag == "script":
                bad.append(f"{page_path.name}: a <script>")
            if tag == "link" and attrs.get("rel") != "alternate":
                bad.append(f"{page_path.name}: <link rel={attrs.get('rel')}>")
            for name in ("src", "href"):
                url = attrs.get(name)
                if url is None:
                    continue
                scheme = urlsplit(url).scheme
                if name == "src" and (scheme or url.startswith("/")):
                    bad.append(f"{page_path.name}: <{tag} src={url[:60]}> is not a file of the site")
                elif name == "src" and not resolves(site, page_path, url):
                    bad.append(f"{page_path.name}: <{tag} src={url}> does not resolve")
                elif url.startswith("#"):
                    if url[1:] not in page.ids:
                        bad.append(f"{page_path.name}: {url} names no element")
                elif scheme in ("http", "https", "mailto"):
                    external += tag == "a"
                    if tag != "a":
                        bad.append(f"{page_path.name}: <{tag} {name}={url}> fetches from elsewhere")
                elif scheme or url.startswith("/"):
                    bad.append(f"{page_path.name}: {url} is not relative")
                elif not resolves(site, page_path, url):
                    bad.append(f"{page_path.name}: {url} does not resolve")
    check(not bad, f"{site.name}: every src and relative href resolves inside the folder, "
          f"nothing is fetched from elsewhere, no script ({external} links out)", bad[:10])


def pdf_links(page):
    return [(a.get("href"), text.strip()) for a, text in page.links if a.get("type") == "application/pdf"]


if mode == "static":
    site, home = root / "_site", root / "_home"
    for folder in (site, home):
        check_links(folder)
    en, zh = parse(site / "index.html"), parse(site / "zh" / "index.html")
    check(pdf_links(en) == [("cv-long.pdf", "CV (PDF)"), ("cv-short.pdf", "Short CV (PDF)")],
          "the CV links are labelled from the locale, not by file name", pdf_links(en))
    check(pdf_links(zh) == [("cv-long.zh.pdf", "简历 (PDF)"), ("cv-short.zh.pdf", "简版简历 (PDF)")],
          "the Chinese page's CV links, in Chinese", pdf_links(zh))
    home_en = parse(home / "index.html")
    check([t for _, t in pdf_links(home_en)] == ["CV (PDF)", "Short CV (PDF)"],
          "homepage: the CV links are labels", pdf_links(home_en))
    langs = [(a.get("href"), t) for a, t in en.links if a.get("hreflang")]
    check(langs == [("zh/index.html", "中文")], "index.html links zh/index.html", langs)
    langs = [(a.get("href"), t) for a, t in zh.links if a.get("hreflang")]
    check(langs == [("../index.html", "English")], "zh/index.html links back", langs)
    # News: newest first, the first three shown, the other four folded.
    html = (site / "index.html").read_text(encoding="utf-8")
    shown = re.search(r'<ul class="news-list">(.*?)</ul>', html, re.S).group(1)
    check(re.findall(r"News number (\d)", shown) == ["7", "6", "5"], "news: newest first, three shown",
          re.findall(r"News number (\d)", shown))
    folded = re.search(r"<details class=\"older-news\">(.*?)</details>", html, re.S)
    check(folded and re.findall(r"News number (\d)", folded.group(1)) == ["4", "3", "2", "1"],
          "news: the older ones folded in <details>")
    check("<em>NSDI</em>" in shown, "news: inline markup")
    check("<strong>Peking University</strong>" in html and 'href="https://arxiv.org/abs/2303.13803"' in html,
          "the bio, with its inline markup")
    # The MuxFlow paper: thumbnail, links with separators, its own .bib, abstract.
    paper = re.search(r'<li class="paper[^"]*has-thumbnail">(.*?)</li>', html, re.S)
    check(paper is not None, "the paper with a thumbnail has one")
    if paper:
        body = paper.group(1)
        thumb = re.search(r'<img class="thumbnail" src="([^"]+)"', body).group(1)
        check((site / thumb).read_bytes() == (root / "img" / "muxflow.png").read_bytes(),
              "the thumbnail is the file cv.toml names", thumb)
        links = re.search(r'<span class="paper-links">(.*?)</span>\n', body, re.S).group(1)
        text = re.sub(r"<[^>]+>", "", links)
        check(text == "paper · code · bibtex", "the paper's links, with separators", text)
        bib = re.search(r'<a href="(bib/[^"]+)">bibtex</a>', links)
        check(bib and (site / bib.group(1)).read_text() == (root / "muxflow.bib").read_text(),
              "bibtex = \"muxflow.bib\" is published as the paper's BibTeX", bib and bib.group(1))
        check('<details class="abstract"><summary>Abstract</summary><p>GPU sharing in <em>production</em>'
              in body, "the abstract, folded")
    check('<strong class="owner">Yihao Zhao</strong>' in html, "the owner's name in bold")
    # The homepage's fixes: the owner bold and not underlined, the award title no badge in
    # the list of awards, the Chinese pages joined with Chinese punctuation.
    style = (home / "index.html").read_text(encoding="utf-8")
    owner = re.search(r"\.mkcv-owner \{([^}]*)\}", style).group(1)
    check("font-weight: 700" in owner and "underline" not in owner, "homepage: the owner bold, not underlined", owner)
    award = re.search(r"\.awards \.award-title \{([^}]*)\}", style).group(1)
    check("padding: 0" in award and "background: none" in award,
          "homepage: no badge padding before the comma after an award", award)
    for page in (site / "zh" / "index.html", home / "zh" / "index.html"):
        text = parse(page).all_text
        ascii_join = re.findall(r"[\u4e00-\u9fff], .", text)
        check(not ascii_join, f"{page.parent.parent.name}/zh: no ASCII comma after Chinese text", ascii_join[:5])
        check("研究实习生，" in text, f"{page.parent.parent.name}/zh: role and organisation joined with ，")

elif mode == "hostile":
    for name in ("_hostile", "_hostile-html", "_values"):
        site = root / name
        check_links(site)
        page = parse(site / "index.html")
        bad = [(tag, a) for tag, a in page.elements
               if tag in ("script", "iframe", "object", "embed", "form")
               or any(k.startswith("on") for k in a)
               or any(v and v.strip().lower().startswith(("javascript:", "data:text"))
                      for v in a.values())]
        check(not bad, f"{name}: no script, frame, handler or script URL", bad[:5])
    text = parse(root / "_values" / "index.html").all_text
    for value in ("<script>alert(1)</script> I am \"Eve\" & <img src=x onerror=alert(2)>",
                  "<iframe src=javascript:alert(5)></iframe> & </li></ul><script>alert(6)</script>",
                  "</em><script>alert(8)</script>", "</details><script>alert(9)</script>",
                  "Evil}, note = {pwned", "Eve <b>Attacker</b>"):
        check(value in text, f"printed as text: {value[:40]}")
    html = (root / "_values" / "index.html").read_text(encoding="utf-8")
    check(re.search(r'class="thumbnail" src="img/paper-\d+\.png"', html) is not None,
          "the thumbnail is published under mkcv's own name")
    bibs = {p.name: p.read_text() for p in (root / "_values" / "bib").glob("*.bib")}
    check(all(re.fullmatch(r"[A-Za-z0-9_-]+\.bib", n) for n in bibs), "the .bib files are named by mkcv", list(bibs))

elif mode == "browser":
    work = Path(sys.argv[3])
    dump = (root / "wrapper.dom").read_text(encoding="utf-8")
    match = re.search(r'<pre id="out">(.*?)</pre>', dump, re.S)
    pages = json.loads(unescape(match.group(1))) if match and match.group(1) else {}
    check(len(pages) == 3 and all(pages.values()), "the wrapper read its three pages", list(pages))
    for src, page in pages.items():
        if not page:
            continue
        check(page["scrollWidth"] <= page["clientWidth"],
              f"{src} at 375 px: nothing scrolls sideways", f"{page['scrollWidth']} > {page['clientWidth']}")
        broken = [s for s, w in page["images"] if not w]
        check(page["images"] and not broken, f"{src}: every image loads", broken)
    for scheme in ("light", "dark"):
        dom = (root / f"axe-{scheme}.dom").read_text(encoding="utf-8")
        match = re.search(r'<pre id="mkcv-axe">(.*?)</pre>', dom, re.S)
        result = json.loads(unescape(match.group(1))) if match and match.group(1) else None
        check(result is not None, f"axe-core ran ({scheme})")
        if result:
            check(result["scheme"] == scheme, f"the page was shown in {scheme} mode", result["scheme"])
            check(not result["violations"], f"axe-core: no violations in {scheme} mode", result["violations"])
            if scheme == "light":
                light_background = result["background"]
            else:
                check(result["background"] != light_background, "dark mode changes the colours",
                      result["background"])
    for shot in ("wide.png", "narrow.png"):
        path = work / shot
        check(path.is_file() and path.stat().st_size > 10000, f"screenshot {shot}",
              path.stat().st_size if path.is_file() else "missing")

finish()
