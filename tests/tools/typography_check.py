#!/usr/bin/env python3
"""Typography of a PDF, measured on its own word boxes (pdftotext -bbox-layout).

    typography_check.py PDF --locale LOCALE.toml [--locale en.toml] [--cjk]

Prints one line per fault ("PDF: page N: what") and exits 1 when there is any, else 0.
The locale files (most specific first; a key the first lacks comes from the next) give the
headings and the legend's text. It fails on:
  apostrophe   a straight ' or " inside a word (the typeset form is ’ and the locale's quotes);
  abbreviation a space after "Aug.", "Prof.", "e.g." … wider than 1.3× the other spaces
               of its line (a sentence space: \\frenchspacing is not set);
  stretched    the last line of a paragraph (of a pdftotext block) whose spaces are all 1.4×
               wider than the document's usual space (a ragged line set justified);
  letterspaced three or more CJK characters in a row set apart (xeCJK stretching a line);
  heading      a heading with fewer than two lines below it on its page, in its column
               (one on the last page: the last entry may have one line), not counting
               what only introduces the entries: a count ("6 conference papers, 5 journal
               articles."), the legend, a group's heading (stranded: alone at the page foot);
  legend       the equal-contribution legend on another page than the first marked author,
               unless it stands at the head of a list (right under a heading);
  cjk-comma    (--cjk) an ASCII comma after a CJK character;
  label        a contact's label split from its value: in a list of items set apart by
               "·" or "|" (a header's contacts), a wrapped line (ending near the right
               edge) that ends in a label ("ORCID:") or is followed by a line starting
               with the end of one ("Google" / "Scholar: …").
Only the standard library; pdftotext from poppler-utils.
"""
import argparse
import html
import re
import statistics
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET

ABBREVIATIONS = {
    "jan.", "feb.", "mar.", "apr.", "jun.", "jul.", "aug.", "sep.", "sept.", "oct.", "nov.",
    "dec.", "prof.", "dr.", "mr.", "mrs.", "ms.", "e.g.", "i.e.", "etc.", "vs.", "cf.", "no.",
    "vol.", "pp.", "ph.d.", "m.sc.", "b.sc.", "st.", "jr.", "sr.", "al.", "dept.", "univ.",
}
CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff]")
NS = "{http://www.w3.org/1999/xhtml}"
SEPARATORS = {"·", "|", "•", "–"}


class Word:
    def __init__(self, el):
        self.x0 = float(el.get("xMin"))
        self.x1 = float(el.get("xMax"))
        self.y0 = float(el.get("yMin"))
        self.y1 = float(el.get("yMax"))
        self.text = el.text or ""

    @property
    def height(self):
        return max(self.y1 - self.y0, 0.1)


class Line:
    def __init__(self, words, last_of_block):
        self.words = words
        self.last_of_block = last_of_block
        self.x0 = min(w.x0 for w in words)
        self.x1 = max(w.x1 for w in words)
        self.y0 = min(w.y0 for w in words)
        self.y1 = max(w.y1 for w in words)
        self.text = " ".join(w.text for w in words)

    def spaces(self):
        """(width in heights, word before, word after) for each space between words: gaps
        wider than two heights are \\hfill or columns, not spaces."""
        out = []
        for a, b in zip(self.words, self.words[1:]):
            gap = b.x0 - a.x1
            if 0.1 * a.height < gap < 2 * a.height:
                out.append((gap / a.height, a, b))
        return out


def pages_of(pdf):
    xml_text = subprocess.run(["pdftotext", "-enc", "UTF-8", "-bbox-layout", pdf, "-"],
                              check=True, capture_output=True).stdout.decode("utf-8")
    # pdftotext writes XHTML; its text is escaped, but an entity HTML knows and XML does
    # not (&nbsp;) would stop the parser.
    xml_text = re.sub(r"&(?!(amp|lt|gt|quot|apos|#\d+);)(\w+);",
                      lambda m: html.unescape(m.group(0)), xml_text)
    root = ET.fromstring(xml_text)
    pages = []
    for page in root.iter(NS + "page"):
        lines = []
        for block in page.iter(NS + "block"):
            block_lines = [ln for ln in block.iter(NS + "line")]
            for i, ln in enumerate(block_lines):
                words = [Word(w) for w in ln.iter(NS + "word")]
                if words:
                    lines.append(Line(words, i + 1 == len(block_lines)))
        pages.append((float(page.get("height")), lines))
    return pages


def load_locale(paths):
    headings, legend = set(), None
    for path in reversed(paths):  # the most specific last, so it wins
        data = tomllib.load(open(path, "rb"))
        headings |= {h.strip() for h in data.get("headings", {}).values()}
        legend = data.get("legend_equal", legend)
    return headings, legend


def norm(text):
    return re.sub(r"\s+", " ", text).strip().rstrip(":").casefold()


def is_page_furniture(line):
    """A page number ("1", "2/3", "Page 1 of 2") or a running foot: not body text."""
    return bool(re.fullmatch(r"[\d\s/–-]*|(page|seite|página|страница)?\s*\d+\s*(of|/|von|de)?\s*\d*",
                             line.text.strip(), re.I))


# A count under a heading: "19 papers", "6 conference papers, 5 journal articles.", "(12)",
# "6 篇会议论文，5 篇期刊论文". No digit after the words: an entry's line has a year or a number.
COUNT = re.compile(r"\(?\d+\s?[^\d,，、;]+([,，、;]\s?\d+\s?[^\d,，、;]+)*[.。)]?\)?")


def introduces(ln, heading_keys, legend_key):
    """A line that only introduces a section's entries: a heading, a count or the legend."""
    key = norm(ln.text)
    return (key in heading_keys or bool(COUNT.fullmatch(ln.text.strip()))
            or bool(legend_key and legend_key in key))


def check(pdf, headings, legend, cjk):
    faults = []
    pages = pages_of(pdf)
    heading_keys = {norm(h) for h in headings}
    ratios = [r for _, lines in pages for ln in lines for r, _, _ in ln.spaces()]
    usual = statistics.median(ratios) if ratios else None
    # The page of the first author marked as an equal contributor ("Zhao*").
    # (The mark is a superscript: a word of its own, touching the name.)
    def marked(ln):
        return any(re.search(r"\w[*∗]", w.text) for w in ln.words) or any(
            b.text in ("*", "∗") and b.x0 - a.x1 < 1 and any(c.isalnum() for c in a.text)
            for a, b in zip(ln.words, ln.words[1:]))
    first_marked = next((n for n, (_, lines) in enumerate(pages, 1) for ln in lines
                         if marked(ln)), None)

    for number, (height, lines) in enumerate(pages, 1):
        where = f"{pdf}: page {number}"
        for ln in lines:
            for w in ln.words:
                if re.search(r"\w['\"]|['\"]\w", w.text):
                    faults.append(f"{where}: apostrophe: straight quote in «{w.text}» ({ln.text})")
                if cjk and re.search(CJK.pattern + ",", w.text):
                    faults.append(f"{where}: cjk-comma: ASCII comma after CJK in «{w.text}»")
            spaces = ln.spaces()
            for i, (ratio, before, _) in enumerate(spaces):
                if before.text.lstrip("([“‘„«").casefold() not in ABBREVIATIONS:
                    continue
                others = [r for j, (r, _, _) in enumerate(spaces) if j != i]
                if others and ratio > 1.3 * statistics.median(others):
                    faults.append(f"{where}: abbreviation: wide space after «{before.text}» "
                                  f"({ratio / statistics.median(others):.2f}×) in «{ln.text}»")
            # (Not the spaces around a separator such as "·" or "|": templates widen them.)
            prose = [r for r, a, b in spaces
                     if any(c.isalnum() for c in a.text) and any(c.isalnum() for c in b.text)]
            if len(prose) != len(spaces):
                prose = []
            if (usual and len(prose) >= 2
                    and all(r > 1.4 * usual for r in prose)):
                faults.append(f"{where}: stretched: every space {min(prose) / usual:.2f}× "
                              f"the usual in «{ln.text}»")
            run = 0
            for a, b in zip(ln.words, ln.words[1:]):
                if len(a.text) == 1 and len(b.text) == 1 and CJK.match(a.text) and CJK.match(b.text):
                    run += 1
                    if run == 2:
                        faults.append(f"{where}: letterspaced: CJK set apart in «{ln.text}»")
                else:
                    run = 0

        # (Only where a line was wrapped, ending near the right edge of the text: a short line
        # ending in "| Beijing" over "Mentor: …" is two paragraphs.)
        right = max((ln.x1 for ln in lines), default=0)
        left = min((ln.x0 for ln in lines), default=0)
        for a, b in zip(lines, lines[1:]):
            if not any(w.text in SEPARATORS for w in a.words + b.words):
                continue
            if a.x1 < right - 0.1 * (right - left):
                continue
            if not (a.y0 < b.y0 < a.y1 + a.words[-1].height and b.x0 < a.x1 and b.x1 > a.x0):
                continue  # not the next line of the same list
            last, first = a.words[-1].text, b.words[0].text
            if last.endswith((":", "：")):
                faults.append(f"{where}: label: «{last}» ends a line, its value starts the "
                              f"next («{a.text}» / «{b.text}»)")
            elif first.endswith((":", "：")) and last not in SEPARATORS:
                faults.append(f"{where}: label: «{last} {first}» split across lines "
                              f"(«{a.text}» / «{b.text}»)")

        body = [ln for ln in lines if not is_page_furniture(ln)]
        last_page = number == len(pages)
        for ln in body:
            if norm(ln.text) not in heading_keys:
                continue
            below = sorted((o for o in body if o.y0 > (ln.y0 + ln.y1) / 2 and o.x0 < ln.x1 + 200
                            and o.x1 > ln.x0 and o.x0 > ln.x0 - 40 and o.y0 - ln.y1 < 0.25 * height),
                           key=lambda o: o.y0)
            # (Its top below the heading's middle: word boxes of set-solid lines overlap.)
            # (In the heading's column: starting no further left than it, overlapping it.)
            # What introduces the entries (a count, the legend, a group's heading) is no entry.
            legend_key = norm(legend).rstrip(".。") if legend else None
            while below and introduces(below[0], heading_keys, legend_key):
                below.pop(0)
            # (One line is enough for the document's last entry: nothing follows it.)
            if len(below) < (1 if last_page else 2):
                faults.append(f"{where}: heading: «{ln.text}» has {len(below)} lines below it")

        if legend:
            key = norm(legend).rstrip(".。")
            for leg in (ln for ln in lines if key and key in norm(ln.text)):
                above = [o for o in lines if o.y1 <= leg.y0 + 0.5 and leg.y0 - o.y1 < 40]
                under_heading = any(norm(o.text) in heading_keys for o in above)
                if first_marked != number and not under_heading:
                    faults.append(f"{where}: legend: «{leg.text}» not on the page of the first "
                                  f"marked author (page {first_marked})")
    return faults


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pdf", nargs="+")
    parser.add_argument("--locale", action="append", required=True,
                        help="locale file, most specific first; repeat for fallbacks")
    parser.add_argument("--heading", action="append", default=[],
                        help="a heading the locale files do not list (a custom section)")
    parser.add_argument("--cjk", action="store_true", help="a Chinese or Japanese document")
    args = parser.parse_args()
    headings, legend = load_locale(args.locale)
    headings |= set(args.heading)
    faults = []
    for pdf in args.pdf:
        faults += check(pdf, headings, legend, args.cjk)
    for f in faults:
        print(f)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
