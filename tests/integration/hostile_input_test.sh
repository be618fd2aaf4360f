# A CV full of LaTeX special characters and non-Latin scripts compiles with every built-in
# template, and every string comes back out of the PDF exactly as it was written.
source "$(dirname "$0")/lib.sh"

cp "$SRC/tests/data/hostile.toml" "$WORK/hostile.toml"
cd "$WORK"
# Two prose strings happen to be Markdown: they print as CommonMark reads them (as_printed);
# apostrophes and paired quotes print typographic (as_typeset).
mapfile -t strings < <(toml_strings hostile.toml kind start end homepage url links email | as_printed | as_typeset)
# Hostile inline Markdown (hostile.toml's prose is checked above): marks print as LaTeX
# marks, everything else literally, and no link but a safe one.
cat >> hostile.toml <<'TOML'

[[sections]]
title = "Markup"
items = [
  "A *marked* note with **strong** and `code_%#~` and [a link](https://example.org/m_a%20rk#up~1)",
  "*<script>alert(1)</script>* and \\*not em\\* and *unclosed and **a*",
  "^^5c *^^5c* `^^5c` [^^5c](https://example.org/^^5c) back\\\\slash",
  "# literal 1. heading &amp; <b>raw</b> ![img](https://example.org/i.png)",
]

# Dates beyond a year (issue 13): a month-dated award, an undated one, and a custom entry
# with a URL, a date range and links.
[[sections]]
title = "Talks & Links"
[[sections.entries]]
title = "Keynote_on Scheduling"
url = "https://example.org/keynote_1"
start = "2023-10"
end = "present"
links = { "slides & notes" = "https://example.org/slides_1.pdf" }

[[awards]]
title = "Medal of October"
date = "2016-10"

[[awards]]
title = "Prize Without Date"
TOML
"$MKCV" build hostile.toml -t long -o out > build.log 2>&1 || { cat build.log; fail "build"; finish; }
text="$(pdf_text out/hostile-long.pdf)"
contains "$text" "A marked note with strong and code_%#~ and a link" "markup prints without its asterisks"
lacks "$text" "*marked*" "no asterisks of a mark"
contains "$text" "<script>alert(1)</script> and *not em* and *unclosed and *a" "escapes and unclosed marks print as text"
contains "$text" "^^5c ^^5c ^^5c ^^5c back\\slash" "^^5c inside marks is text"
contains "$text" "# literal 1. heading &amp; <b>raw</b> ![img](https://example.org/i.png)" "block syntax, entities, HTML and images are text"
contains "$text" "Medal of October Oct. 2016" "a month-dated award prints its month"
contains "$text" "Prize Without Date" "an undated award prints"
contains "$text" "Keynote_on Scheduling Oct. 2023 – Present" "a custom entry prints its date range"
contains "$text" "[slides & notes]" "a custom entry prints its link's text"
pdffonts out/hostile-long.pdf | grep -qi "mono" && pass "\\texttt: a monospaced font" || fail "no monospaced font for code"
for s in "${strings[@]}"; do
  # pdftotext folds runs of spaces; compare with them folded too.
  contains "$text" "$(echo "$s" | tr -s ' ')" "PDF has «$s»"
done
contains "$text" "zoe_o'brien+cv@example.org" "e-mail as written"
contains "$text" "example.org/~zoe/a_b%20c#top" "homepage as written"

# Link targets are the URLs as written, %, _, # and ~ included.
uris="$(python3 "$SRC/tests/integration/pdf_uris.py" out/hostile-long.pdf)"
for url in "https://example.org/~zoe/a_b%20c#top" \
           "https://scholar.example.org/citations?user=a_b&hl=en#x" \
           "https://example.org/paper?id=1&v=2#sec_3" \
           "https://github.com/o_brien/repo~x/tree/main%2Fsrc" \
           "mailto:zoe_o'brien+cv@example.org" \
           "https://example.org/m_a%20rk#up~1" "https://example.org/%5E%5E5c" \
           "https://example.org/keynote_1" "https://example.org/slides_1.pdf"; do
  contains "$uris" "$url" "link target $url"
done

if grep -q "Missing character" out/.mkcv/hostile-long/hostile-long.log; then
  fail "glyphs missing: $(grep "Missing character" out/.mkcv/hostile-long/hostile-long.log | sort -u | head -5)"
else pass "no missing glyphs"; fi

"$MKCV" build hostile.toml -t short -o out > build-short.log 2>&1 && pass "short builds too" || { cat build-short.log; fail "short"; }

# The modern template prints every string as written too, with every glyph.
"$MKCV" build hostile.toml -t modern -o out > build-modern.log 2>&1 || { cat build-modern.log; fail "modern"; finish; }
modern="$(pdf_text out/hostile-modern.pdf)"
for s in "${strings[@]}"; do
  contains "$modern" "$(echo "$s" | tr -s ' ')" "modern PDF has «$s»"
done
if grep -q "Missing character" out/.mkcv/hostile-modern/hostile-modern.log; then
  fail "modern: glyphs missing"
else pass "modern: no missing glyphs"; fi
finish
