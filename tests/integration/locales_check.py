"""The text-layer checks of locales_tex_test.sh: the seed cv.toml, built in every built-in
locale, has the locale's words in each PDF.
  locales_check.py LOCALES_DIR OUT_DIR TEMPLATE...
For each locale file TAG.toml (its keys over its parent's, `zh` under `zh-Hant`, over
English) and template, OUT_DIR/cv-TEMPLATE.TAG.pdf (cv-TEMPLATE.pdf in English) has:
- the headings of education and experience (compared without case: short upper-cases them),
- the word for the present (the doctorate goes on),
- the first experience's range, August 2025 to February 2026, as the locale writes it: in
  pdftotext with whitespace folded left to right, and in `pdftotext -raw` in the bidi
  algorithm's visual order in a right-to-left locale (fa, ar, he).
Prints `ok:` or `FAIL:` per check and exits 1 on any failure.
"""
import subprocess
import sys
import tomllib
from pathlib import Path

from bidi_text import fold, is_rtl_char, raw_visual, visual
from check_report import check, finish

locales, out, templates = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3:]


def pdftotext(*args):
    return subprocess.run(["pdftotext", "-enc", "UTF-8", *args, "-"], check=True,
                          capture_output=True, text=True).stdout


def load(tag):
    """The locale's texts: English, then each tag of its fallback chain (docs/locales.md)."""
    texts = {}
    parts = tag.split("-")
    for i in range(len(parts) + 1):
        name = "en" if i == 0 else "-".join(parts[:i])
        path = locales / (name + ".toml")
        if path.exists():
            for key, value in tomllib.loads(path.read_text("utf-8")).items():
                if isinstance(value, dict):
                    texts.setdefault(key, {}).update(value)
                else:
                    texts[key] = value
    return texts


def month(texts, year, number):
    pattern = texts["date_month"]
    for key, value in (("{month_padded}", "%02d" % number), ("{month_name}", texts["months"][number - 1]),
                       ("{month_abbr}", texts["month_abbrs"][number - 1]), ("{month}", str(number)),
                       ("{year}", str(year))):
        pattern = pattern.replace(key, value)
    return pattern


for path in sorted(locales.glob("*.toml")):
    tag = path.stem
    texts = load(tag)
    rtl = any(is_rtl_char(c) for c in texts["present"])
    span = texts["date_range"].replace("{start}", month(texts, 2025, 8)).replace("{end}", month(texts, 2026, 2))
    for template in templates:
        pdf = out / ("cv-%s.pdf" % template if tag == "en" else "cv-%s.%s.pdf" % (template, tag))
        if not pdf.exists():
            check(False, "%s %s: %s was built" % (tag, template, pdf))
            continue
        text = " ".join(fold(pdftotext(str(pdf))).split())
        for word in (texts["headings"]["education"], texts["headings"]["experience"], texts["present"]):
            check(word.casefold() in text.casefold(), "%s %s has «%s»" % (tag, template, word))
        if rtl:
            raw = [" ".join(raw_visual(line).split()) for line in pdftotext("-raw", str(pdf)).splitlines()]
            want = visual(span, True)
            check(any(want in line for line in raw), "%s %s has «%s» in bidi order" % (tag, template, span),
                  "want «%s»" % want)
        else:
            check(span in text, "%s %s has «%s»" % (tag, template, span))
finish()
