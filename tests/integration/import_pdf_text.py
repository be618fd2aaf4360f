"""Every string of an imported source file is in the PDF built from its cv.toml (or in the
homepage: import_fixtures_test.sh gives its text and its links' targets in the same forms).

Usage: import_pdf_text.py SOURCE PDF_TEXT PDF_URLS [CV_TOML]
  SOURCE    the JSON Resume, RenderCV, YAMLResume or other file that was imported
  PDF_TEXT  `pdftotext -enc UTF-8` of the PDF
  PDF_URLS  `pdfinfo -url` of the PDF (the targets of its links)
  CV_TOML   the cv.toml it was imported into: dates are checked in its [locale] language
            (builtin_templates/locales), and the paths kept in its [extra] are never printed

A value is found when it is in the text as written: spaces where the source has spaces,
none where it has none, a line break (after a hyphen or not) allowed between any two
characters, as TeX breaks lines. The values that print in another form are checked in that
form, by the rules of PRINTED_AS (first match wins, on the value's path, e.g.
`work[1].startDate`); none is skipped but another tool's settings (NOT_PRINTED).
Prints the values not found and exits 1; prints the counts when all are found.
"""

import json
import os
import re
import sys
import tomllib

import yaml

import lenient_json

# Paths that are never printed, and why. The summary says "not imported" for each
# (import_test.sh's no_drop checks that).
NOT_PRINTED = [
    (r"^\$schema$|^meta\.", "JSON Resume's metadata of the file itself"),
    (r"^(design|locale|rendercv_settings)\.", "RenderCV's own settings for its renderer"),
    (r"^(locale|layouts?)[.\[]", "YAMLResume's own settings for its renderer"),
    # The key of a typed section in mkcv's own JSON Resume; its heading (in meta) prints.
    (r"\.mkcv_section$", "the key of the section an entry is printed in"),
]

MONTHS = ["Jan.", "Feb.", "Mar.", "Apr.", "May", "June", "July", "Aug.", "Sept.", "Oct.",
          "Nov.", "Dec."]
MONTH_NAMES = {name: i + 1 for i, name in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"])}


# The locale texts dates print with: English unless main() reads a [locale] language.
LOCALE = {"month_abbrs": MONTHS, "date_year": "{year}", "date_month": "{month_abbr} {year}",
          "date_day": "{day} {month_abbr} {year}", "present": "Present"}


def load_locale(language):
    """The locale files of `language` over English, least specific first, as mkcv does."""
    folder = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..",
                          "builtin_templates", "locales")
    parts = language.split("-")
    for tag in ["en"] + ["-".join(parts[:i]) for i in range(1, len(parts) + 1)]:
        for name in os.listdir(folder):
            if name.lower() == tag.lower() + ".toml":
                with open(os.path.join(folder, name), "rb") as f:
                    LOCALE.update({k: v for k, v in tomllib.load(f).items() if k in LOCALE})


def date_in_locale(year, month=None, day=None):
    if month is None:
        return LOCALE["date_year"].format(year=year)
    fields = {"year": year, "month": int(month), "month_padded": f"{int(month):02d}",
              "month_abbr": LOCALE["month_abbrs"][int(month) - 1],
              "month_name": LOCALE["month_abbrs"][int(month) - 1]}
    if day is None:
        return LOCALE["date_month"].format(**fields)
    return LOCALE["date_day"].format(day=int(day), day_padded=f"{int(day):02d}", **fields)


def printed_date(text):
    """A date as mkcv prints it ("1 Sept. 2011", "Aug. 2012", "2018", "Present", or the
    same in the CV's locale), or None when mkcv does not read it as a date (then it prints
    as written)."""
    if text.strip().lower() in ("present", "now", "current"):
        return LOCALE["present"]
    m = re.fullmatch(r"(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?", text.strip())
    if m:
        return date_in_locale(*m.groups()[:1], *(g for g in m.groups()[1:] if g))
    m = re.fullmatch(r"([A-Za-z]{3})[a-z]*\.? (\d{4})", text.strip())  # "Aug 2012", "October 2016"
    if m and m.group(1).lower() in MONTH_NAMES:
        return date_in_locale(m.group(2), MONTH_NAMES[m.group(1).lower()])
    return None


def printed_range(text):
    """A date or range of a schema of one's own ("2014 -- 2019", "May 2014 - Aug 2014"):
    the texts it prints as, each part formatted, or None when it is no range mkcv reads."""
    for sep in ("--", "–", "—", " to ", "-"):
        for m in re.finditer(re.escape(sep), text):
            a, b = text[:m.start()].strip(), text[m.end():].strip()
            if a and printed_date(a) and (not b or printed_date(b)):
                return [printed_date(a)] + ([printed_date(b)] if b else [])
    return None


def plain_markdown(text):
    """RenderCV's and YAMLResume's inline Markdown as it prints: no ** or * or `, a link's
    text (its URL is the link's target)."""
    text = re.sub(r"\[([^\]]*)\]\(([^)]*)\)", r"\1", text)
    return re.sub(r"\*+|`", "", text)


def link_targets(text):
    """[text](url) in a value: the URLs that must be link targets."""
    return re.findall(r"\[[^\]]*\]\(([^)]+)\)", text)


def strip_scheme(url):
    return re.sub(r"^(https?://|mailto:)", "", url).rstrip("/")


# How a value prints when not as written: (path pattern, kind, why). Kinds:
#   year     the year of a date.
#   date     a date prints as mkcv formats it (printed_date), or as written where mkcv
#            keeps it as text: one it cannot read ("summer 2016", "Fall 2019"), and one in
#            the entry's note after "Ended: " (an end before its start).
#   link     a URL prints as its text without https:// (the homepage), in full (in a note),
#            or only as the target of a link whose text is a label ("[link]", a profile's
#            network name, a title that links there).
#   profile  a profile's user name: printed (Mastodon, a network without a URL) or part of
#            the URL of the link its network name prints as.
#   network  printed, or (GitHub) part of the URL printed as the link's text.
#   email    printed, and the target of a mailto: link.
PRINTED_AS = [
    (r"(^|\.)(dates|years|year|period|from|to|start|end|when)$", "range",
     "a schema of one's own: its date or range is formatted, or kept as written"),
    (r"publications\[\d+\]\.(releaseDate|date)$", "year",
     "a publication prints its year only (cv.toml keeps the month or day)"),
    (r"(^|\.)(startDate|endDate|releaseDate|date|start_date|end_date)$", "date",
     "dates are formatted (ISO and 'Aug 2012' read; 'Present')"),
    (r"(^|\.)(url|website|homepage|canonical)$|\.doi$", "link", "URLs and DOIs are links"),
    (r"(^|\.)username$", "profile", "a profile prints as its network's name, linked"),
    (r"(profiles|social_networks)\[\d+\]\.network$", "network",
     "a profile prints its network's name, GitHub its URL github.com/user"),
    (r"^(basics|cv)\.email$", "email", "the person's e-mail address is a mailto: link"),
]


class Page:
    def __init__(self, text, urls):
        self.text = text.replace("\f", "\n")
        self.urls = urls

    def has(self, needle):
        """needle in the text: its spaces as spaces or line breaks, a line break (after a
        hyphen TeX added, or not) allowed between any two other characters, ' and " as
        typeset or straight."""
        needle = needle.strip()
        if not needle:
            return True
        parts = []
        prev = ""
        for c in needle:
            if c.isspace():
                if parts and parts[-1] == r"\s+":
                    continue
                parts.append(r"\s+")
            else:
                if parts and parts[-1] != r"\s+":
                    # After a Thai combining mark (U+0E31, U+0E34-U+0E3A, U+0E47-U+0E4E)
                    # pdftotext sees a gap the glyphs' offsets leave and writes a space
                    # that is not in the text: "กรุ งเทพ" for "กรุงเทพ".
                    thai_mark = prev in "\u0e31" or "\u0e34" <= prev <= "\u0e3a" or \
                        "\u0e47" <= prev <= "\u0e4e"
                    parts.append(r"(?:-?\n| )?" if thai_mark else r"(?:-?\n)?")
                # The PDF themes set an apostrophe between letters as ’ and paired quotes
                # as the locale's (src/text/latex_escape.cpp): either form is the value.
                parts.append("['\u2019]" if c == "'" else '["\u201c\u201d\u201e«»]' if c == '"'
                             else re.escape(c))
            prev = c
        return re.search("".join(parts), self.text) is not None

    def links_to(self, url):
        return url in self.urls or url.rstrip("/") in (u.rstrip("/") for u in self.urls)


def found(page, path, value, siblings):
    for pattern, kind, _ in PRINTED_AS:
        if not re.search(pattern, path):
            continue
        if kind == "year":
            year = re.search(r"\d{4}", value)
            return page.has(year.group(0) if year else value)
        if kind == "date":
            date = printed_date(value)
            if date is None:
                return page.has(value)
            # A date kept in the note (an end before its start) prints as written there.
            return page.has(date) or any(page.has(f"{label}: {value}")
                                         for label in ("Started", "Ended", "Date"))
        if kind == "range":
            date = printed_date(value)
            parts = [date] if date else printed_range(value)
            if parts is None:
                return page.has(value)
            return all(page.has(p) for p in parts) or page.has(f"Date: {value}")
        if kind == "network":
            return page.has(value) or any(value.lower() in u.lower() for u in page.urls)
        if kind == "link":
            return (page.has(value) or page.has(strip_scheme(value)) or page.links_to(value)
                    or page.links_to("https://doi.org/" + value))
        if kind == "profile":  # in the URL of a link to that network ("Google Scholar": google)
            name = value.lstrip("@").split("@")[0].lower()
            network = siblings.get(re.sub(r"username$", "network", path), "").lower().split()
            return page.has(value) or any(name in u.lower() and any(w in u.lower() for w in network)
                                          for u in page.urls)
        if kind == "email":
            return page.has(value) and page.links_to("mailto:" + value)
    # A RenderCV author loses the bold marks on the owner (mkcv bolds person.name itself).
    return page.has(plain_markdown(value)) and all(page.links_to(u) for u in link_targets(value))


def leaves(value, path=""):
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, f"{path}[{i}]")
    elif value is not None:
        yield path, str(value)


def main():
    source, text_file, urls_file = sys.argv[1:4]
    kept = []  # the paths of [extra]: kept for other tools, never printed
    if len(sys.argv) > 4:
        with open(sys.argv[4], "rb") as f:
            cv = tomllib.load(f)
        if "language" in cv.get("locale", {}):
            load_locale(cv["locale"]["language"])
        kept = list(cv.get("extra", {}))
    raw = open(source, encoding="utf-8").read()
    # YAML read as the text written (2021 stays "2021"), as mkcv reads it.
    data = lenient_json.loads(raw) if source.endswith(".json") else yaml.load(raw, Loader=yaml.BaseLoader)
    urls = [line.split()[-1] for line in open(urls_file, encoding="utf-8")
            if line.split()[1:2] == ["Annotation"]]
    page = Page(open(text_file, encoding="utf-8").read(), urls)
    # In RenderCV, a section's key is its title: "selected_honors" prints "Selected Honors";
    # education and experience entries print under those headings whatever the key.
    if "cv" in data:
        for key, entries in (data["cv"].get("sections") or {}).items():
            if isinstance(entries[0], dict) and ("institution" in entries[0] or "company" in entries[0]):
                continue
            title = key.replace("_", " ")
            title = title[:1].upper() + title[1:] if not title.isascii() else title.title()
            if not page.has(title):
                print(f"cv.sections key {key!r}: no heading {title!r} in the PDF")
                sys.exit(1)
    missing, checked, skipped = [], 0, 0
    siblings = dict(leaves(data))
    for path, value in leaves(data):
        if any(re.search(p, path) for p, _ in NOT_PRINTED) or any(
                path == k or path.startswith(k + ".") or path.startswith(k + "[") for k in kept):
            skipped += 1
            continue
        checked += 1
        if not found(page, path, value, siblings):
            missing.append(f"{path} = {value!r}")
    if missing:
        print("not printed:\n  " + "\n  ".join(missing))
        sys.exit(1)
    print(f"{checked} values found, {skipped} settings not printed")


if __name__ == "__main__":
    main()
