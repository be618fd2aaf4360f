# The themes ats, classic, banking and modern with real TeX: each builds the seed cv.toml, a hostile
# CV holding every section of the format (tests/data/hostile.toml with the academic and
# résumé sections and a summary) and the multilingual CV (--lang ko), with no overfull box,
# no missing glyph but the one no font has, every font embedded and every string in the text
# layer. For ats, the text layer an applicant tracking system reads: in reading order, no
# ligature code points, U+2022 bullets, links as /URI annotations. Two builds of four
# templates each, and the seed's shared build (fixtures/seed_themes.sh).
source "$(dirname "$0")/lib.sh"

themes=(ats classic banking modern)
cd "$WORK"
cp "$SRC/cv.toml" cv.toml
cp "$SRC/tests/data/scripts.toml" scripts.toml
# Every section: hostile.toml's person and sections, then the bodies (from their first
# [[table]]) of the academic and résumé fixtures, and a summary.
{
  sed '/^\[person\]$/a summary = "Summary_of 100% & {all} ~ sections #1"' "$SRC/tests/data/hostile.toml"
  sed -n '/^\[\[/,$p' "$SRC/tests/data/academic.toml"
  sed -n '/^\[\[/,$p' "$SRC/tests/data/resume_sections.toml"
  # modern cuts author lists after eight names; here every name must print.
  printf '\n[templates.modern.filters.publications]\nmax_authors = 1000\n'
} > every.toml
templates=()
for t in "${themes[@]}"; do templates+=(-t "$t"); done

for cv in every scripts; do
  lang=()
  [[ "$cv" == scripts ]] && lang=(--lang ko)
  "$MKCV" build "$cv.toml" "${templates[@]}" "${lang[@]}" -o out --builtin-templates-only \
    > "build-$cv.log" 2>&1 || { cat "build-$cv.log"; fail "$cv.toml builds with ${themes[*]}"; }
done
# The seed cv.toml's PDFs, TeX logs and build log are the shared build (fixtures/seed_themes.sh),
# copied in beside the others.
seed="$(fixture seed_themes)"
mkdir -p out/.mkcv
for t in "${themes[@]}"; do
  cp "$seed/out/cv-$t.pdf" out/
  cp -r "$seed/out/.mkcv/cv-$t" out/.mkcv/
done
cp "$seed/build.log" build-cv.log

# Every string of every section, as printed (two prose strings of hostile.toml are Markdown);
# dates, URLs and keys that pick rather than print are left out.
mapfile -t strings < <(toml_strings every.toml kind start end date homepage url links email aliases tags |
  as_printed | as_typeset)
declare -A seed_pages=([ats]=2 [classic]=2 [banking]=2 [modern]=2)
for t in "${themes[@]}"; do
  for cv in cv every scripts; do
    # A --lang build's outputs carry the language: scripts-ats.ko.pdf.
    name="$cv-$t"; [[ "$cv" == scripts ]] && name+=.ko
    pdf="out/$name.pdf" log="out/.mkcv/$name/$name.log"
    [[ -f "$pdf" ]] || { fail "$t: no $pdf"; continue; }
    overfull="$(grep -c "^Overfull" "$log" || true)"
    [[ "$overfull" == 0 ]] && pass "$t $cv: no overfull box" || fail "$t $cv: $overfull overfull boxes"
    missing="$(grep "^Missing character" "$log" | sort -u || true)"
    if [[ "$cv" == scripts ]]; then
      # scripts.toml's Unicode 13 emoji is in no installed font (scripts_test.sh).
      [[ "$missing" == "Missing character: There is no 🥲 (U+1F972)"* && "$(wc -l <<< "$missing")" == 1 ]] &&
        pass "$t $cv: only the unprintable emoji is missing" || fail "$t $cv: missing: $(head -3 <<< "$missing")"
    else
      [[ -z "$missing" ]] && pass "$t $cv: no missing glyph" || fail "$t $cv: missing: $(head -3 <<< "$missing")"
    fi
    unembedded="$(pdffonts "$pdf" | tail -n +3 | awk '$(NF-4) != "yes"')"
    [[ -z "$unembedded" ]] && pass "$t $cv: every font embedded" || fail "$t $cv: not embedded: $unembedded"
  done
  # One TeX pass, as the other built-in templates (no page references to settle).
  contains "$(cat build-cv.log)" "$t: xelatex 1 pass" "$t: one TeX pass"
  pages="$(pdf_pages "out/cv-$t.pdf")"
  [[ "$pages" == "${seed_pages[$t]}" ]] && pass "$t: the seed CV has $pages pages" ||
    fail "$t: the seed CV has $pages pages, expected ${seed_pages[$t]}"
  seed="$(pdf_text "out/cv-$t.pdf")"
  for s in "Yihao Zhao" "赵怡浩" "zhaoyh98@pku.edu.cn" "Ph.D. in Computer Science" "Xiaomi MiMo" \
           "Aug. 2025 – Feb. 2026" "ElasticFlow: An Elastic Serverless Training Platform"; do
    contains "$seed" "$s" "$t prints «$s»"
  done
  text="$(pdf_text "out/every-$t.pdf")"
  for s in "${strings[@]}"; do
    contains "$text" "$(echo "$s" | tr -s ' ')" "$t prints «$s»"
  done
  for s in Summary "Research Interests" Education Experience Publications Teaching "Honors and Awards" \
           Talks Service "Grants and Funding" "Students Mentored" Patents Press Projects Volunteering \
           Certificates Skills Languages Interests References "Languages & Skills"; do
    contains "$text" "$s" "$t has the heading «$s»"
  done
  scripts="$(pdf_text "out/scripts-$t.ko.pdf")"
  for s in "한국어: 내부 딜러들이 코딩 없이 개발" "Ελληνικά: Γειά σου κόσμε; Русский: Привет, мир"; do
    contains "$scripts" "$s" "$t prints «$s»"
  done
done

# ats: the text layer in reading order, line by line: an entry's heading, then its dates,
# then its lines, with U+2022 bullets.
raw="$(pdftotext -enc UTF-8 out/every-ats.pdf -)"
contains "$raw" $'Engineer #42, Smith & Wesson_Labs\nJan. 2020 – Present | São Paulo\nMentors: O’Neil ^ Jr. and Ana~María\n• Cut p99 latency by 35% (from 120ms to 78ms)\n' \
  "ats: heading, dates, lines, bullets in order"
seed_raw="$(pdftotext -enc UTF-8 out/cv-ats.pdf -)"
contains "$seed_raw" $'Research Intern, Xiaomi MiMo\nAug. 2025 – Feb. 2026 | Beijing\nMentor: Fuli Luo\n' \
  "ats: the seed CV's entries in order"
contains "$seed_raw" "Efficient" "ats: words with ligature candidates print"
if grep -q -P '[\x{FB00}-\x{FB06}]' <<< "$seed_raw$raw"; then fail "ats: ligature code points in the text"
else pass "ats: no ligature code points"; fi
if grep -q -P '[\x{E000}-\x{F8FF}]' <<< "$raw"; then fail "ats: private-use characters in the text"
else pass "ats: no private-use characters"; fi
# The fonts are loaded without common ligatures: a font that maps "fi" to U+FB01 cannot add one.
grep -q "language=dflt;-liga;" out/.mkcv/cv-ats/cv-ats.log &&
  pass "ats: ligatures off" || fail "ats: the main font has ligatures on"
pdffonts out/cv-ats.pdf | grep -qi "forkawesome" && fail "ats: an icon font" || pass "ats: no icon font"
uris="$(python3 "$SRC/tests/integration/pdf_uris.py" out/cv-ats.pdf)"
for url in "mailto:zhaoyh98@pku.edu.cn" "https://rivendile.github.io" "https://github.com/Rivendile"; do
  contains "$uris" "$url" "ats: a /URI annotation to $url"
done
# classic and banking set dates on the right, which pdftotext's layout analysis reads as a
# column of its own; in the order of the page's content (what copying from a viewer gives,
# pdftotext -raw) an entry is still its heading, its dates, then its lines.
contains "$(pdftotext -raw -enc UTF-8 out/cv-banking.pdf -)" \
  $'Research Intern, Xiaomi MiMo, Beijing Aug. 2025 – Feb. 2026\nMentor: Fuli Luo\n' "banking: entries in content order"
contains "$(pdftotext -raw -enc UTF-8 out/cv-classic.pdf -)" \
  $'Xiaomi MiMo Aug. 2025 – Feb. 2026\nResearch Intern Beijing\nMentor: Fuli Luo\n' "classic: entries in content order"
# banking's contacts carry Fork Awesome icons; classic sets its headings in small capitals.
pdffonts out/cv-banking.pdf | grep -qi "forkawesome" && pass "banking: icons from Fork Awesome" ||
  fail "banking: no Fork Awesome"
# ... which are no text: a contact copies without an icon's private-use character.
banking_raw="$(pdftotext -enc UTF-8 out/cv-banking.pdf -)"
contains "$banking_raw" $'zhaoyh98@pku.edu.cn\n' "banking: the e-mail address copies alone"
if grep -q -P '[\x{E000}-\x{F8FF}]' <<< "$banking_raw"; then fail "banking: private-use characters in the text"
else pass "banking: no private-use characters"; fi
pdffonts out/cv-classic.pdf | grep -q "EBGaramond" && pass "classic: EB Garamond" || fail "classic: no EB Garamond"
# mkcv-base loads the sans font at the first \sffamily: classic sets no text in it, so TeX
# never loads it (sidebar_awesome_themes_test.sh checks a theme that does).
lacks "$(cat out/.mkcv/cv-classic/cv-classic.log)" "Font family 'NotoSans(" \
  "classic: the sans font it never uses is not loaded"
finish
