# Typography of the built-in TeX templates on every test CV: no overfull box in any TeX log
# (the seed cv.toml, the hostile, script and résumé fixtures, and typography.toml's long
# headings, URLs and words), a date range never broken inside itself (in long's headings and
# modern's date column), long URLs, DOIs, e-mail addresses and words printed exactly even
# where they break, and no full stop added after a title ending in "?" or "!".
# One mkcv process per CV builds long, short and modern one after the other (-j 1); the
# themes ats, classic, banking, sidebar and awesome get the same checks on the seed cv.toml
# and typography.toml alone, to keep the TeX builds few. The seed cv.toml's PDFs are the
# shared build of fixtures/seed_themes.sh. typography.toml's long name is the
# PDF's title and author in all eight, and in one more build with --lang zh.
source "$(dirname "$0")/lib.sh"

# no_overfull OUT JOB: TeX's log of JOB in the output folder OUT has no overfull box.
no_overfull() {
  local log="$1/.mkcv/$2/$2.log"
  if [[ ! -f "$log" ]]; then fail "no TeX log for $2"; return; fi
  local overfull
  overfull="$(grep -c 'Overfull \\hbox' "$log" || true)"
  if [[ "$overfull" == 0 ]]; then pass "$2: no overfull box"
  else
    grep -A2 'Overfull \\hbox' "$log" | head -20 >&2
    fail "$2: $overfull overfull boxes"
  fi
}
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000 NO_COLOR=1

# The seed cv.toml's PDFs are the shared build of fixtures/seed_themes.sh, in all eight themes.
seed="$(fixture seed_themes)"
for template in long short modern; do
  no_overfull "$seed/out" "cv-$template"
done
cvs=("$SRC/tests/data/hostile.toml" "$SRC/tests/data/scripts.toml"
     "$SRC/tests/data/resume_sections.toml" "$SRC/tests/data/typography.toml")
templates=(long short modern)
for cv in "${cvs[@]}"; do
  name="$(basename "$cv" .toml)"
  mkdir -p "$name"
  cp "$cv" "$name/"
  if ! "$MKCV" build "$name/$name.toml" -t long -t short -t modern -j 1 -o "$name/out" \
      --builtin-templates-only > "$name/build.log" 2>&1; then
    cat "$name/build.log"
    fail "$name.toml builds with ${templates[*]}"
    continue
  fi
  for template in "${templates[@]}"; do
    no_overfull "$name/out" "$name-$template"
  done
done

# lines PDF: the text layer line by line (a date range on one line is on one of them);
# joined PDF: with line ends removed, so a string broken across lines reads as one.
lines() { pdftotext -enc UTF-8 "$1" - | tr '\f' '\n'; }
joined() { pdftotext -enc UTF-8 "$1" - | tr -d '\n\f'; }
on_one_line() {  # on_one_line PDF TEXT LABEL
  # (Not `lines | grep -q`: grep's early exit would fail pdftotext, and so the pipeline.)
  if grep -qF -- "$2" <<< "$(lines "$1")"; then pass "$3"; else fail "$3: «$2» is not on one line"; fi
}

# Date ranges: never broken inside, in long's headings (beside a heading that wraps) and in
# modern's date column, the widest forms the format prints included.
out=typography/out
for range in "1 Feb. 2023 – 30 June 2023" "28 Sept. 2025 – 30 Sept. 2026" \
             "1 Sept. 2021 – 30 Sept. 2021" "1 Sept. 2023 – 30 Sept. 2023"; do
  for template in long modern; do
    on_one_line "$out/typography-$template.pdf" "$range" "$template keeps «$range» on one line"
  done
done
text="$(pdf_text "$out/typography-long.pdf")"
contains "$text" "1 Sept. 2021 – 30 Sept. 2021, 1 Sept. 2022 – 30 Sept. 2022, 1 Sept. 2023 – 30 Sept. 2023" \
  "long prints several periods joined by commas, spaces kept"
contains "$text" "Fall 2021, Spring 2022, Fall 2022, Spring 2023, Fall 2023, Spring 2024, Fall 2024" \
  "long prints teaching terms joined by commas, spaces kept"
on_one_line "$out/typography-short.pdf" "1 Feb. 2023 – 30 June 2023" \
  "short keeps «1 Feb. 2023 – 30 June 2023» on one line"
for range in "Aug. 2025 – Feb. 2026" "June 2024 – Feb. 2025" "July 2019 – Sept. 2020"; do
  on_one_line "$seed/out/cv-modern.pdf" "$range" "modern's date column keeps the seed's «$range» on one line"
done

# Long strings break without a hyphen or a space: with line ends removed, each is whole.
long_strings=("maximiliana.wolkenstein-oberhausen.research-office@infrastructure-lab.example-university.edu"
  "research.example-university.edu/people/maximiliana-wolkenstein-oberhausen/publications-and-software"
  "https://doi.org/10.5281/zenodo.1234567890-supplementary-material-for-the-thesis"
  "Pneumonoultramicroscopicsilicovolcanoconiosisandotherlongwords"
  "https://example.org/a/very/long/path/that/never/has/a/space/in/it/so-it-must-break/index.html"
  "https://data.example.org/traces/2026/accelerator-cluster-scheduling/full-release-v2.tar.gz"
  "Aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeeeeeeeeffffffffff"
  "10.1145/3544548.3581388.extended.supplementary.material.version.two")
for template in long modern; do
  text="$(joined "$out/typography-$template.pdf")"
  for s in "${long_strings[@]}"; do
    contains "$text" "$s" "$template prints «${s:0:40}…» exactly"
  done
done
text="$(joined "$out/typography-long.pdf")"
contains "$text" "github.com/example-organisation/an-accelerator-scheduler-with-a-long-name/tree/main/src" \
  "long prints a project's long URL exactly"

# No full stop after a title, award or note that ends a sentence; one after a name ending
# in "Jr.", in every template that prints them.
for template in long short modern; do
  text="$(pdf_text "$out/typography-$template.pdf")"
  contains "$text" "Is Distributed Training Worth It?" "$template prints the title with its ?"
  lacks "$text" "?." "$template adds no full stop after ?"
  lacks "$text" "!." "$template adds no full stop after !"
done
text="$(pdf_text "$out/typography-long.pdf")"
contains "$text" "Maximiliana Wolkenstein-Oberhausen-Hohenzollern-Sigmaringen Jr. US 11,000,000 B2" \
  "long: one full stop after inventors ending in Jr."
contains "$text" "Best Paper Award!" "long prints the award with its !"

# The themes ats, classic, banking, sidebar and awesome: the seed cv.toml (the shared build)
# and typography.toml only (five TeX builds), with the same checks.
themes=(ats classic banking sidebar awesome)
for template in "${themes[@]}"; do
  no_overfull "$seed/out" "cv-$template"
done
for name in typography; do
  if ! "$MKCV" build "$name/$name.toml" -t ats -t classic -t banking -t sidebar -t awesome -j 1 \
      -o "$name/themes" --builtin-templates-only > "$name/themes.log" 2>&1; then
    cat "$name/themes.log"; fail "$name.toml builds with ${themes[*]}"; continue
  fi
  for template in "${themes[@]}"; do
    no_overfull "$name/themes" "$name-$template"
  done
done
out=typography/themes
for template in "${themes[@]}"; do
  for range in "1 Feb. 2023 – 30 June 2023" "28 Sept. 2025 – 30 Sept. 2026" \
               "1 Sept. 2021 – 30 Sept. 2021" "1 Sept. 2023 – 30 Sept. 2023"; do
    on_one_line "$out/typography-$template.pdf" "$range" "$template keeps «$range» on one line"
  done
  for range in "Aug. 2025 – Feb. 2026" "June 2024 – Feb. 2025" "July 2019 – Sept. 2020"; do
    on_one_line "$seed/out/cv-$template.pdf" "$range" "$template keeps the seed's «$range» on one line"
  done
  text="$(joined "$out/typography-$template.pdf")"
  for s in "${long_strings[@]}"; do
    contains "$text" "$s" "$template prints «${s:0:40}…» exactly"
  done
  text="$(pdf_text "$out/typography-$template.pdf")"
  contains "$text" "Is Distributed Training Worth It?" "$template prints the title with its ?"
  lacks "$text" "?." "$template adds no full stop after ?"
  lacks "$text" "!." "$template adds no full stop after !"
  lacks "$text" "Jr.." "$template adds no full stop after inventors ending in Jr."
done

# A long name (an unbroken run of 30 characters or more gets break points, \mkcvbreak{}) in
# every template: in the body, printed in full, and as the PDF's title and author exactly,
# with no break point, font or direction command in the metadata.
name="Maximiliana Wolkenstein-Oberhausen-Hohenzollern-Sigmaringen"
# metadata_is PDF TITLE LABEL: pdfinfo's Title is TITLE and its Author the name.
metadata_is() {
  local info
  info=$'\n'"$(pdfinfo -enc UTF-8 "$1")"$'\n'
  contains "$info" $'\nTitle:           '"$2"$'\n' "$3: the PDF's title is «$2»"
  contains "$info" $'\nAuthor:          '"$name"$'\n' "$3: the PDF's author is the name"
}
for template in "${templates[@]}" "${themes[@]}"; do
  [[ "$template" == long || "$template" == short || "$template" == modern ]] \
    && pdf="typography/out/typography-$template.pdf" || pdf="typography/themes/typography-$template.pdf"
  contains "$(joined "$pdf")" "$name" "$template prints the long name in full"
  metadata_is "$pdf" "$name – Curriculum Vitae" "$template"
done
# In Chinese (the title is the locale's "{name} – 个人简历"), with a value of 5,000 letters
# and no space (beyond 4,096, a break every 20 characters), in one more build.
mkdir -p zh
python3 - "$SRC/tests/data/typography.toml" zh/long-run.toml <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
run = "".join(chr(ord("a") + i % 26) for i in range(5000))
text = text.replace('research_interests = "', 'research_interests = "' + run + ' ', 1)
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
"$MKCV" build zh/long-run.toml -t long --lang zh -o zh/out --builtin-templates-only > zh/build.log 2>&1 \
  && status=0 || status=$?
expect_status 0 "$status" "--lang zh builds the long name and a 5,000-letter word"
if ((status == 0)); then
  metadata_is zh/out/long-run-long.zh.pdf "$name – 个人简历" "long --lang zh"
  text="$(joined zh/out/long-run-long.zh.pdf)"
  contains "$text" "$name" "long --lang zh prints the long name in full"
  # (It runs over a page break: the page number between is left out.)
  contains "$(tr -d '0-9' <<< "$text")" \
    "$(python3 -c 'print("".join(chr(ord("a") + i % 26) for i in range(5000)))')" \
    "long --lang zh prints the 5,000-letter word exactly"
  no_overfull zh/out long-run-long.zh
else
  cat zh/build.log >&2
fi
finish
