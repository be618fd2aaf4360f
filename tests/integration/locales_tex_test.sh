# Every locale and every template with real TeX, in three builds:
# 1. the seed cv.toml in all 21 built-in locales (`--lang en,zh,…`), long and short: each PDF
#    builds, has no missing glyph, no overfull box and balanced right-to-left runs, and has the
#    locale's headings, word for the present and date range (locales_check.py), in the bidi
#    algorithm's order in Persian, Arabic and Hebrew;
# 2. the multilingual CV (tests/data/scripts.toml, a Persian, so right-to-left, document) in
#    all eight TeX templates: every value in the text layer, left-to-right ones exactly,
#    right-to-left and mixed ones in the bidi order, the bullets on the right and the dates at
#    the line's end on the left where a template sets them so (scripts_check.py).
# 3. the seed CV in Persian in the themes with contact icons: every contact in the text layer.
# 42, 8 and 4 TeX runs, two at a time.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
cp "$SRC/tests/data/scripts.toml" scripts.toml
locales="$SRC/builtin_templates/locales"
tags="$(ls "$locales" | sed 's/\.toml$//' | sort | paste -sd,)"
[[ "$(tr , '\n' <<< "$tags" | wc -l)" -ge 21 ]] && pass "locales: $tags" || fail "too few locales: $tags"

# no_defects JOB LOG [MISSING]: no overfull box, no unbalanced \beginR/\endR, and no missing
# character but MISSING (the fixture's unprintable emoji).
no_defects() {
  local job="$1" log="$2" allowed="${3:-}"
  [[ -f "$log" ]] || { fail "$job: no TeX log"; return; }
  local overfull missing
  overfull="$(grep -c 'Overfull \\hbox' "$log" || true)"
  [[ "$overfull" == 0 ]] && pass "$job: no overfull box" || fail "$job: $overfull overfull boxes"
  missing="$(grep '^Missing character' "$log" | sort -u || true)"
  if [[ -n "$allowed" ]]; then
    [[ "$missing" == "Missing character: There is no $allowed"* && "$(wc -l <<< "$missing")" == 1 ]] &&
      pass "$job: no missing glyph but $allowed" || fail "$job: missing: $(head -3 <<< "$missing")"
  else
    [[ -z "$missing" ]] && pass "$job: no missing glyph" || fail "$job: missing: $(head -3 <<< "$missing")"
  fi
  lacks "$(cat "$log")" '\endL or \endR problem' "$job: right-to-left runs balanced"
}

# 1. The seed CV in every locale.
if "$MKCV" build cv.toml --lang "$tags" -t long -t short -j 2 -o seed --builtin-templates-only \
    > seed.log 2>&1; then
  pass "the seed CV builds in every locale"
else
  cat seed.log; fail "build --lang $tags"
fi
for tag in $(tr , ' ' <<< "$tags"); do
  for t in long short; do
    job="cv-$t"; [[ "$tag" == en ]] || job+=".$tag"
    no_defects "$job" "seed/.mkcv/$job/$job.log"
  done
done
python3 "$SRC/tests/integration/locales_check.py" "$locales" seed long short > locales.txt || true
grep '^ok: ' locales.txt || true
while IFS= read -r bad; do fail "${bad#FAIL: }"; done < <(grep '^FAIL: ' locales.txt || true)
grep -q '^failures: ' locales.txt || fail "locales_check.py did not finish: $(tail -3 locales.txt)"

# 2. The right-to-left multilingual CV in every TeX template.
declare -A options=([long]="bullets dates" [short]=dates [modern]="bullets datecolumn" [ats]=bullets
  [classic]="bullets flushdates" [banking]="bullets dates" [sidebar]=bullets [awesome]=bullets)
templates=(long short modern ats classic banking sidebar awesome)
args=()
for t in "${templates[@]}"; do args+=(-t "$t"); done
"$MKCV" build scripts.toml "${args[@]}" -j 2 -o rtl --builtin-templates-only > rtl.log 2>&1 &&
  pass "the Persian CV builds in ${templates[*]}" || { cat rtl.log; fail "build scripts.toml"; }
for t in "${templates[@]}"; do
  # short prints no custom sections, so not the unprintable emoji either.
  emoji="🥲 (U+1F972)"; [[ "$t" == short ]] && emoji=""
  no_defects "scripts-$t" "rtl/.mkcv/scripts-$t/scripts-$t.log" "$emoji"
  # Left to right, each template is checked in scripts_test.sh and themes_test.sh.
  # shellcheck disable=SC2086
  python3 "$SRC/tests/integration/scripts_check.py" "rtl/scripts-$t.pdf" rtl ${options[$t]} > "check-$t.txt" || true
  sed "s/^ok: /ok: $t: /" "check-$t.txt" | grep '^ok: ' || true
  while IFS= read -r bad; do fail "$t: ${bad#FAIL: }"; done < <(grep '^FAIL: ' "check-$t.txt" || true)
  grep -q '^failures: ' "check-$t.txt" || fail "$t: scripts_check.py did not finish: $(tail -3 "check-$t.txt")"
done
# 3. The contacts of the themes with icons, right to left: each icon's empty /ActualText
# (marked content, BDC … EMC) in a left-to-right run, else reflected it hides the text after
# it; sidebar's contacts, broken into parts, in their order; the sidebar on the right.
themes=(modern banking sidebar awesome)
args=()
for t in "${themes[@]}"; do args+=(-t "$t"); done
"$MKCV" build cv.toml --lang fa "${args[@]}" -j 2 -o icons --builtin-templates-only > icons.log 2>&1 &&
  pass "the seed CV builds in Persian in ${themes[*]}" || { cat icons.log; fail "build --lang fa ${themes[*]}"; }
for t in "${themes[@]}"; do
  no_defects "cv-$t.fa" "icons/.mkcv/cv-$t.fa/cv-$t.fa.log"
  text="$(pdftotext -enc UTF-8 "icons/cv-$t.fa.pdf" - 2> "pdftotext-$t.err")"
  for contact in zhaoyh98@pku.edu.cn rivendile.github.io github.com/Rivendile; do
    contains "$text" "$contact" "$t in Persian: the text layer has «$contact»"
  done
  lacks "$(cat "pdftotext-$t.err")" "Mismatched EMC" "$t in Persian: marked content balanced"
done
sidebar_words="$(pdftotext -bbox -enc UTF-8 icons/cv-sidebar.fa.pdf - | grep -E '>(zhaoyh98@pku.edu.cn|Yihao)<')"
python3 - "$sidebar_words" <<'PY' && pass "sidebar: right to left, the sidebar is the right column" || fail "sidebar: not on the right: $sidebar_words"
import re, sys
x = {w: float(x0) for x0, w in re.findall(r'xMin="([\d.]+)"[^>]*>([^<]+)<', sys.argv[1])}
assert x["zhaoyh98@pku.edu.cn"] > 300, x  # on an A4 page 595 pt wide
PY

# Arabic script is set in Noto Sans Arabic: Noto Naskh Arabic's lam-alef after a joining
# letter loses its alef in the text layer ("تحصیلات" copies as "تحصیلت").
contains "$(pdffonts rtl/scripts-long.pdf)" "NotoSansArabic" "Arabic script in Noto Sans Arabic"
finish
