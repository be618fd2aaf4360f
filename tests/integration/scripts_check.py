"""The text-layer checks of scripts_test.sh on one PDF of tests/data/scripts.toml:
  scripts_check.py PDF ltr|rtl [bullets] [dates]
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
  its title left to right, left of it right to left.
"""
import ctypes
import re
import subprocess
import sys
import tomllib
import unicodedata
from pathlib import Path

pdf, direction = sys.argv[1], sys.argv[2]
data = tomllib.loads((Path(__file__).parents[1] / "data" / "scripts.toml").read_text("utf-8"))
failures = 0


def check(condition, label, detail=""):
    global failures
    if condition:
        print("ok: " + label)
    else:
        failures += 1
        print("FAIL: " + label + (": " + str(detail) if detail else ""))


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def is_rtl_char(c):
    return unicodedata.bidirectional(c) in ("R", "AL", "AN")


def fold(text):
    """pdftotext's text as written: Arabic presentation forms (what the font's glyphs map
    to) back to letters, and the embedding marks poppler puts around right-to-left words
    dropped."""
    text = "".join(unicodedata.normalize("NFKC", c) if 0xFB50 <= ord(c) <= 0xFEFF else c
                   for c in text)
    return text.translate({0x202A: None, 0x202B: None, 0x202C: None})


fribidi = ctypes.CDLL("libfribidi.so.0")
FRIBIDI_PAR_WLTR = 0x00000020  # the direction of the first strong letter (P2, P3), else LTR
FRIBIDI_PAR_WRTL = 0x00000121  # that, or right to left when there is none


def visual(value, rtl_document):
    """`value` as UAX #9 lays it out on one line, from left to right (brackets mirrored),
    as the characters drawn, with pdftotext's folding."""
    n = len(value)
    logical = (ctypes.c_uint32 * n)(*map(ord, value))
    out = (ctypes.c_uint32 * n)()
    base = ctypes.c_uint32(FRIBIDI_PAR_WRTL if rtl_document else FRIBIDI_PAR_WLTR)
    if not fribidi.fribidi_log2vis(logical, n, ctypes.byref(base), out, None, None, None):
        raise RuntimeError("fribidi_log2vis failed")
    # (log2vis also shapes Arabic into presentation forms, which fold() undoes.)
    return fold("".join(map(chr, out))).replace("\u200c", "")


def raw_visual(line):
    """A line of pdftotext -raw from left to right as drawn: poppler gives each word it
    takes for right to left in reading order, between U+202B and U+202C; turned back."""
    line = re.sub("\u202b([^\u202a\u202b\u202c]*)\u202c", lambda m: m.group(1)[::-1], line)
    return fold(line).replace("\u200c", "")


# 1. Left-to-right values, exactly, with their spaces.
text = run("pdftotext", "-enc", "UTF-8", pdf, "-")
ltr_values, rtl_values = [], []
for entry in data["experience"]:
    for key in ("role", "organization"):
        (rtl_values if any(is_rtl_char(c) for c in entry[key]) else ltr_values).append(entry[key])
    if len(sys.argv) > 3 and sys.argv[3] == "bullets":  # templates that print highlights
        rtl_values.extend(entry.get("highlights", []))


def indic_order(s):
    """Devanagari's vowel sign I is drawn before its consonant, and pdftotext gives the
    glyphs in drawing order: put it back after the consonant (and its nukta) it follows."""
    return re.sub("\u093f([\u0915-\u0939\u0958-\u095f]\u093c?)", "\\1\u093f", s)


for value in ltr_values:
    check(value in indic_order(text), "pdftotext has «%s» with its spaces" % value)

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
boxes = [(float(x0), float(y0), float(x1), w) for x0, y0, x1, w in re.findall(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)</word>', bbox)]
if "bullets" in sys.argv[3:]:
    # The highlight's line: the second with "Django" (the first is the entry's title).
    django = [b for b in boxes if b[3] == "Django"]
    line = [b for b in boxes if len(django) > 1 and abs(b[1] - django[1][1]) < 3]
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
# end of its line, right of its title left to right, left of it right to left.
if "dates" in sys.argv[3:]:
    django = [b for b in boxes if b[3] == "Django"][:1]
    # "2023", or "2023年1月" in a Japanese build (the locale writes the dates).
    year = [b for b in boxes if django and b[3].startswith("2023") and abs(b[1] - django[0][1]) < 3]
    if not django or not year:
        check(False, "the first entry has its dates on its line", django)
    elif direction == "rtl":
        check(year[0][2] < django[0][0], "right to left: the dates are left of the title")
    else:
        check(year[0][0] > django[0][2], "left to right: the dates are right of the title")
print("failures: %d" % failures)
sys.exit(1 if failures else 0)
