"""The text-layer checks of scripts_test.sh on one PDF of tests/data/scripts.toml:
  scripts_check.py PDF ltr|rtl [bullets] [dates|flushdates|datecolumn]
Prints `ok:` or `FAIL:` per check and exits 1 on any failure.

- Each left-to-right value is in `pdftotext` exactly, its spaces as written (not folded).
- Each right-to-left or mixed value (Persian with Latin words and digits, Arabic, Hebrew) is
  in `pdftotext -raw` (the order TeX drew the words in, left to right) in the visual order
  the Unicode bidi algorithm gives it. The oracle is GNU FriBidi's fribidi_log2vis, through
  ctypes: the order is UAX #9's, whatever mkcv did to get there.
- With `bullets` (a template that prints highlights): the paragraph direction, by where
  the bullet of the mixed Persian highlight is (pdftotext -bbox): left of its text in a
  left-to-right document, right of it in a right-to-left one.
- With `dates` (a template with "what \\hfill when" lines): the first entry's dates right of
  its title left to right, left of it right to left, and every date range flush with the
  others at the line's end; `flushdates` the latter alone (classic, whose dates stand on the
  organisation's line); `datecolumn` (modern) the dates before the title.
"""
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from bidi_text import is_rtl_char, raw_visual, visual
from check_report import check, finish

pdf, direction = sys.argv[1], sys.argv[2]
data = tomllib.loads((Path(__file__).parents[1] / "data" / "scripts.toml").read_text("utf-8"))


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


# 1. Left-to-right values, exactly, with their spaces.
text = run("pdftotext", "-enc", "UTF-8", pdf, "-")
ltr_values, rtl_values = [], []
for entry in data["experience"]:
    for key in ("role", "organization"):
        (rtl_values if any(is_rtl_char(c) for c in entry[key]) else ltr_values).append(entry[key])
    if len(sys.argv) > 3 and sys.argv[3] == "bullets":  # templates that print highlights
        rtl_values.extend(entry.get("highlights", []))


# Exactly as written: Devanagari, Bengali and Tamil too, whose vowel signs are drawn before
# their consonant (mkcv-base sets them with /ActualText), and emoji with their variation
# selectors and joiners.
for value in ltr_values:
    check(value in text, "pdftotext has «%s» with its spaces" % value)

# 2. Right-to-left and mixed values, in UAX #9's order, compared as drawn (ZWNJ, which draws
# nothing, left out).
raw = [raw_visual(line) for line in run("pdftotext", "-raw", "-enc", "UTF-8", pdf, "-").splitlines()]
for value in rtl_values:
    want = visual(value, direction == "rtl")
    check(any(want in line for line in raw), "pdftotext -raw has «%s» in bidi order" % value,
          "want «%s»" % want)

# 3. The direction of the paragraph: where the bullet of the mixed Persian highlight is
# (templates that print highlights).
bbox = run("pdftotext", "-bbox", "-enc", "UTF-8", pdf, "-")
# Each word with its page: a line is on one page (a CV of two pages has words at the same
# height on both).
boxes = [(float(x0), float(y0), float(x1), w, page)
         for page, text in enumerate(bbox.split("<page ")[1:])
         for x0, y0, x1, w in re.findall(
             r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', text)]
if "bullets" in sys.argv[3:]:
    # The highlight's line: the second with "Django" (the first is the entry's title).
    django = [b for b in boxes if b[3] == "Django"]
    line = [b for b in boxes
            if len(django) > 1 and b[4] == django[1][4] and abs(b[1] - django[1][1]) < 3]
    bullets = [b for b in line if b[3] == "•"]
    others = [b for b in line if b[3] != "•"]
    if not bullets or not others:
        check(False, "the mixed Persian highlight has a bullet", line)
    elif direction == "rtl":
        check(bullets[0][0] > max(b[2] for b in others),
              "right to left: the bullet is right of its text", line)
    else:
        check(bullets[0][2] < min(b[0] for b in others),
              "left to right: the bullet is left of its text", line)
# 4. With `dates` (a template that prints "what \\hfill when"): the first entry's dates at the
# end of its line, right of its title left to right, left of it right to left; with
# `datecolumn` (modern), in a column before the title: left of it left to right, right of it
# right to left.
options = sys.argv[3:]
if "dates" in options or "datecolumn" in options:
    django = [b for b in boxes if b[3] == "Django"][:1]
    # "2023", or "2023年1月" in a Japanese build (the locale writes the dates).
    year = [b for b in boxes if django and b[3].startswith("2023") and b[4] == django[0][4]
            and abs(b[1] - django[0][1]) < 3]
    after = "dates" in options
    if not django or not year:
        check(False, "the first entry has its dates on its line", django)
    elif (direction == "rtl") == after:
        check(year[0][2] < django[0][0], "%s: the dates are left of the title" % direction)
    else:
        check(year[0][0] > django[0][2], "%s: the dates are right of the title" % direction)
# 5. With `dates` or `flushdates` (the dates on the line of the title or of the organisation):
# every line with a date range (an en dash) ends flush with the others, at the right margin
# left to right, at the left one right to left, whatever the width of the title before it.
if "dates" in options or "flushdates" in options:
    edges = []
    for page in bbox.split("<page ")[1:]:
        lines = {}
        for x0, y0, x1, w in re.findall(
                r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', page):
            lines.setdefault(round(float(y0)), []).append((float(x0), float(x1), w))
        for words in lines.values():
            if any(w == "\u2013" for _, _, w in words):
                edges.append(min(x0 for x0, _, _ in words) if direction == "rtl"
                             else max(x1 for _, x1, _ in words))
    check(len(edges) >= 5 and max(edges) - min(edges) < 1,
          "%d date ranges flush at the %s margin" % (len(edges), "left" if direction == "rtl" else "right"),
          ["%.1f" % e for e in edges])
finish()
