# The `sidebar` and `awesome` themes with real TeX, three builds of both: the seed cv.toml
# (then again after an edit, which makes their precompiled preambles), one CV with every
# section and hostile values in each (tests/data/hostile.toml, academic.toml and
# resume_sections.toml together, and skills enough to fill more than one sidebar), and
# scripts.toml with --lang ko. Each PDF: no overfull box, no missing glyph, every font
# embedded, every string in the text layer, links as /URI annotations, bullets as •, no
# private-use or ligature code points; and the text layer in reading order: the sidebar never
# interleaved with the main column, each entry's heading, then its dates, then its lines.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
themes=(sidebar awesome)

# check_pdf STEM [.LANG]: the log and the PDF of both themes for out/STEM-THEME[.LANG].pdf
# (a --lang build's outputs carry the language).
check_pdf() {
  local stem="$1" lang="${2:-}" t pdf log
  for t in "${themes[@]}"; do
    pdf="out/$stem-$t$lang.pdf" log="out/.mkcv/$stem-$t$lang/$stem-$t$lang.log"
    grep -q "Overfull" "$log" && fail "$stem-$t: $(grep -m3 -A1 Overfull "$log")" ||
      pass "$stem-$t: no overfull box"
    # scripts.toml's Unicode 13 emoji is in no font (scripts_test.sh checks it is reported).
    missing="$(grep "^Missing character" "$log" | grep -v "U+1F972" || true)"
    [[ -z "$missing" ]] && pass "$stem-$t: no missing glyph" || fail "$stem-$t: $(head -3 <<< "$missing")"
    not_embedded="$(pdffonts "$pdf" | tail -n +3 | awk '$(NF-4) != "yes" {print $1}')"
    [[ -z "$not_embedded" && "$(pdffonts "$pdf" | tail -n +3 | wc -l)" -gt 0 ]] &&
      pass "$stem-$t: every font embedded" || fail "$stem-$t: not embedded: $not_embedded"
    # Code points a copy must never give: private use (icons, symbol fonts) and ligatures.
    odd="$(pdftotext -enc UTF-8 "$pdf" - | python3 -c '
import sys
bad = {c for c in sys.stdin.read() if 0xE000 <= ord(c) <= 0xF8FF or 0xF0000 <= ord(c)
       or 0xFB00 <= ord(c) <= 0xFB06}
print(" ".join(f"U+{ord(c):04X}" for c in sorted(bad)))')"
    [[ -z "$odd" ]] && pass "$stem-$t: no private-use or ligature code points" || fail "$stem-$t: $odd"
  done
}

# in_order FILE LINE...: these lines follow one another in the PDF's text layer (blank lines
# aside), each as a whole line.
in_order() {
  local pdf="$1"; shift
  python3 - "$pdf" "$@" <<'PY'
import subprocess, sys
lines = [l.strip() for l in subprocess.run(["pdftotext", "-enc", "UTF-8", sys.argv[1], "-"],
         capture_output=True, text=True, check=True).stdout.splitlines() if l.strip()]
want = sys.argv[2:]
for i in range(len(lines) - len(want) + 1):
    if lines[i:i + len(want)] == want: sys.exit(0)
sys.exit(1)
PY
}

# --- The seed CV -------------------------------------------------------------------------
cp "$SRC/cv.toml" cv.toml
"$MKCV" build -t sidebar -t awesome -o out > seed.log 2>&1 || { cat seed.log; fail "seed build"; finish; }
check_pdf cv
[[ "$(pdf_pages out/cv-sidebar.pdf)" == 2 ]] && pass "sidebar: 2 pages" ||
  fail "sidebar: $(pdf_pages out/cv-sidebar.pdf) pages"
[[ "$(pdf_pages out/cv-awesome.pdf)" == 2 ]] && pass "awesome: 2 pages" ||
  fail "awesome: $(pdf_pages out/cv-awesome.pdf) pages"
for t in "${themes[@]}"; do
  text="$(pdf_text "out/cv-$t.pdf")"
  for s in "Yihao Zhao" "赵怡浩" "Ph.D. Candidate" "zhaoyh98@pku.edu.cn" "github.com/Rivendile" \
           "Research Interests" "Multi-Resource Interleaving for Deep Learning Training" \
           "Joao Ferreira, Xuanzhe Liu" "Co-advised by Prof. Xuanzhe Liu and Prof. Xin Jin"; do
    contains "$text" "$s" "$t prints «$s»"
  done
  pdffonts "out/cv-$t.pdf" | grep -qi "forkawesome" && pass "$t: icons from Fork Awesome" ||
    fail "$t: no Fork Awesome"
done
# sidebar's headings and dates are sans-serif, bold and regular: the font mkcv-base loads at
# the first \sffamily, with its bold series (made global after loading it in a group).
sidebar_fonts="$(pdffonts out/cv-sidebar.pdf)"
contains "$sidebar_fonts" "NotoSans-Bold" "sidebar: bold sans-serif headings in Noto Sans Bold"
contains "$sidebar_fonts" "NotoSans-Regular" "sidebar: sans-serif dates in Noto Sans"
# Reading order: the sidebar's contacts whole, before the main column; each entry's heading,
# then its dates, then its lines.
sidebar="$(pdftotext -enc UTF-8 out/cv-sidebar.pdf -)"
[[ "$sidebar" == *"zhaoyh98@pku.edu.cn"*"rivendile.github.io"*"github.com/Rivendile"*"Research Interests"* ]] &&
  pass "sidebar: the contacts read before the main column" || fail "sidebar: contacts out of order"
in_order out/cv-sidebar.pdf "Research Intern, Xiaomi MiMo" "Aug. 2025 – Feb. 2026" "Beijing" "Mentor: Fuli Luo" &&
  pass "sidebar: heading, dates, place, lines" || fail "sidebar: an entry out of order"
in_order out/cv-sidebar.pdf "Research Intern, ByteDance" "Jan. 2021 – Oct. 2021, May 2022 – Oct. 2023" "Beijing" \
  "Mentors: Yanghua Peng, Xin Liu and Yibo Zhu" && pass "sidebar: an entry of two periods in order" ||
  fail "sidebar: the ByteDance entry out of order"
# (awesome as Awesome-CV: the organisation, the place at its right; the role, the dates at
# its right. pdftotext reads the right-hand column of the two lines after the left one's
# first line, as it reads long's dates after its entry: within the entry, before the next.)
in_order out/cv-awesome.pdf "Xiaomi MiMo" "Beijing" "Aug. 2025 – Feb. 2026" "Research Intern" "Mentor: Fuli Luo" &&
  pass "awesome: organisation, place, dates, role, then lines" || fail "awesome: an entry out of order"

# An edit: the second build asks for each theme's precompiled preamble (paracol and accsupp
# included) and prints the new value; the format itself is made after it
# (tex_format_test.sh).
sed -i 's/^position = .*/position = "Candidate 2 \& Co"/' cv.toml
"$MKCV" build -t sidebar -t awesome -o out > edit.log 2>&1 || { cat edit.log; fail "rebuild"; }
for t in "${themes[@]}"; do
  contains "$(cat edit.log)" "$t: making the preamble format for the next builds" \
    "$t: its preamble is to be precompiled, after the build"
  wait_for 120 bash -c "ls out/.mkcv/cv-$t-*.fmt && grep -q '^file ' out/.mkcv/cv-$t.format" &&
    pass "$t: its preamble is precompiled" || fail "$t: no format made: $(cat out/.mkcv/cv-$t.format)"
  contains "$(pdf_text "out/cv-$t.pdf")" "Candidate 2 & Co" "$t: the edit is in the PDF"
done

# --- Every section, hostile values ---------------------------------------------------------
# A photo and profiles join the hostile [person]: a 2×2 PNG made here, a profile with an
# icon, one without (its network is named), one of an unknown network and one too wide for
# the sidebar, which breaks before a `-`.
python3 - <<'PY'
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
raw = b"".join(b"\x00" + bytes.fromhex("ff0000") * 2 for _ in range(2))
open("me.png", "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
    + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
PY
# hostile.toml with the academic and résumé sections after it (their [person] left out) and
# 40 more skills, which fill the sidebar past its first page.
{
  sed '/^\[person\]$/a photo = "me.png"\nprofiles = [\n  { network = "orcid", username = "0000-0002-1825-0097" },\n  { network = "Bluesky", username = "ada.bsky.social" },\n  { network = "Myspace", url = "https://myspace.example/ada", label = "Ada on Myspace" },\n  { network = "GitLab", username = "a-very-long-user-name-for-the-sidebar" },\n]' \
    "$SRC/tests/data/hostile.toml"
  for f in academic resume_sections; do
    awk '/^\[person\]/ {skip = 1; next} /^\[/ {skip = 0} !skip' "$SRC/tests/data/$f.toml"
  done
  for i in $(seq 1 40); do
    printf '\n[[skills]]\nname = "Skill %02d"\nlevel = "Level %02d"\nkeywords = ["Tool %02d_a", "Tool %02d & b"]\n' \
      "$i" "$i" "$i" "$i"
  done
} > every.toml
mapfile -t strings < <(toml_strings every.toml kind start end date homepage url links email aliases tags photo profiles | as_printed | as_typeset)
"$MKCV" build every.toml -t sidebar -t awesome -o out > every.log 2>&1 || { cat every.log; fail "every build"; finish; }
check_pdf every
for t in "${themes[@]}"; do
  text="$(pdf_text "out/every-$t.pdf")"
  for s in "${strings[@]}"; do
    contains "$text" "$(echo "$s" | tr -s ' ')" "$t prints «$s»"
  done
  for s in Talks Reviewing Committees Organising "Other Service" "Grants and Funding" \
           "Students Mentored" Patents Press Projects Volunteering Certificates Skills Languages \
           Interests References "Honors and Awards" Teaching "Languages & Skills" "(invited)"; do
    contains "$text" "$s" "$t prints the heading «$s»"
  done
  for s in "0000-0002-1825-0097" "Bluesky: ada.bsky.social" "Ada on Myspace"; do
    contains "$text" "$s" "$t prints the profile «$s»"
  done
  contains "$(pdftotext -enc UTF-8 "out/every-$t.pdf" - | tr -d '\n')" \
    "GitLab: a-very-long-user-name-for-the-sidebar" "$t prints a long profile whole"
  [[ "$(pdfimages -list "out/every-$t.pdf" | tail -n +3 | wc -l)" == 1 ]] &&
    pass "$t: the photo is in the PDF" || fail "$t: photo: $(pdfimages -list "out/every-$t.pdf")"
  raw="$(pdftotext -enc UTF-8 "out/every-$t.pdf" -)"
  contains "$raw" "• Cut p99 latency by 35% (from 120ms to 78ms)" "$t: a bullet is •"
  # Links are /URI annotations with the URLs as written.
  uris="$(python3 "$SRC/tests/integration/pdf_uris.py" "out/every-$t.pdf")"
  for url in "mailto:zoe_o'brien+cv@example.org" "https://example.org/~zoe/a_b%20c#top" \
             "https://scholar.example.org/citations?user=a_b&hl=en#x" \
             "https://example.org/paper?id=1&v=2#sec_3" "https://example.org/a_b%20c#x~y" \
             "https://example.org/slides.pdf"; do
    contains "$uris" "$url" "$t: a /URI link to $url"
  done
done
[[ "$(pdf_pages out/every-sidebar.pdf)" -ge 3 ]] && pass "sidebar: every section on $(pdf_pages out/every-sidebar.pdf) pages" ||
  fail "sidebar: only $(pdf_pages out/every-sidebar.pdf) pages"

# The sidebar never interleaves with the main column: on each page, every line of the
# sidebar (contacts, skills, languages) reads before every line of the main column, and the
# skills run on to the second page's sidebar in order.
python3 - out/every-sidebar.pdf > order.txt <<'PY' || true
import subprocess, sys
text = subprocess.run(["pdftotext", "-enc", "UTF-8", sys.argv[1], "-"], capture_output=True,
                      text=True, check=True).stdout
side_marks = ("Skill ", "Tool ", "zoe_o'brien+cv@", "Zürich, Genève", "example.org/~zoe",
              "Scholar $", "0000-0002", "Bluesky:", "Ada on Myspace", "GitLab:", "Programming ^^5c",
              "Kubernetes, Slurm", "English (Full", "Deutsch_{DE}")
main_headings = {"Research Interests", "Education", "Experience", "Publications", "Talks", "Service",
                 "Grants and Funding", "Patents", "Press", "Projects", "Volunteering", "Certificates",
                 "Interests", "References", "Teaching", "Honors and Awards", "Students Mentored",
                 "Languages & Skills"}
skills_seen = []
for number, page in enumerate(text.split("\f"), 1):
    lines = [l.strip() for l in page.splitlines() if l.strip()]
    side = [i for i, l in enumerate(lines) if l.startswith(side_marks)]
    main = [i for i, l in enumerate(lines) if l in main_headings or l.startswith("[C1]")]
    skills_seen += [l for l in lines if l.startswith("Skill ")]
    if side and main and max(side) > min(main):
        print(f"page {number}: sidebar line {lines[max(side)]!r} after main line {lines[min(main)]!r}")
    print(f"page {number}: {len(side)} sidebar lines")
want = [f"Skill {i:02d}" for i in range(1, 41)]
print("skills in order" if [s.split(" (")[0] for s in skills_seen] == want else f"skills: {skills_seen}")
PY
lacks "$(cat order.txt)" "after main line" "sidebar: no page interleaves the columns"
contains "$(cat order.txt)" "skills in order" "sidebar: the skills read in order across pages"
contains "$(cat order.txt)" "page 2: " "sidebar: the skills run on to page 2"
lacks "$(cat order.txt)" "page 2: 0 sidebar lines" "sidebar: page 2 has sidebar lines"

# --- Scripts, with --lang ko ------------------------------------------------------------------
cp "$SRC/tests/data/scripts.toml" scripts.toml
"$MKCV" build scripts.toml -t sidebar -t awesome -o out --lang ko > scripts.log 2>&1 ||
  { cat scripts.log; fail "scripts build"; finish; }
check_pdf scripts .ko
for t in "${themes[@]}"; do
  raw="$(pdftotext -enc UTF-8 "out/scripts-$t.ko.pdf" -)"
  for s in "한국어: 내부 딜러들이 코딩 없이 개발" "日本語: 佐藤 健一" "Ελληνικά: Γειά σου κόσμε; Русский: Привет, мир"; do
    contains "$raw" "$s" "$t prints «$s»"
  done
done
finish
