"""pdftotext's text of right-to-left and mixed text, and the Unicode bidi algorithm's visual
order to compare it with; shared by scripts_check.py and locales_check.py.

- fold(text): Arabic presentation forms (what the fonts' glyphs map to) back to letters, and
  the embedding marks poppler puts around right-to-left words dropped.
- visual(value, rtl_document): `value` as UAX #9 lays it out on one line, from left to right.
  The oracle is GNU FriBidi's fribidi_log2vis, through ctypes: the order is UAX #9's,
  whatever mkcv did to get there.
- raw_visual(line): a line of `pdftotext -raw` from left to right, as drawn.
"""
import ctypes
import re
import unicodedata


def is_rtl_char(c):
    return unicodedata.bidirectional(c) in ("R", "AL", "AN")


def fold(text):
    text = "".join(unicodedata.normalize("NFKC", c) if 0xFB50 <= ord(c) <= 0xFEFF else c
                   for c in text)
    return text.translate({0x202A: None, 0x202B: None, 0x202C: None})


fribidi = ctypes.CDLL("libfribidi.so.0")
FRIBIDI_PAR_WLTR = 0x00000020  # the direction of the first strong letter (P2, P3), else LTR
FRIBIDI_PAR_WRTL = 0x00000121  # that, or right to left when there is none


def visual(value, rtl_document):
    """As the characters are drawn (brackets mirrored), with pdftotext's folding; ZWNJ,
    which draws nothing, left out."""
    n = len(value)
    logical = (ctypes.c_uint32 * n)(*map(ord, value))
    out = (ctypes.c_uint32 * n)()
    base = ctypes.c_uint32(FRIBIDI_PAR_WRTL if rtl_document else FRIBIDI_PAR_WLTR)
    if not fribidi.fribidi_log2vis(logical, n, ctypes.byref(base), out, None, None, None):
        raise RuntimeError("fribidi_log2vis failed")
    # (log2vis also shapes Arabic into presentation forms, which fold() undoes.)
    return fold("".join(map(chr, out))).replace("\u200c", "")


def raw_visual(line):
    """poppler gives each word it takes for right to left in reading order, between U+202B
    and U+202C; turned back."""
    line = re.sub("\u202b([^\u202a\u202b\u202c]*)\u202c", lambda m: m.group(1)[::-1], line)
    return fold(line).replace("\u200c", "")
