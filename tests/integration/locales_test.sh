# Locales: the seed CV built in Chinese has every heading and date in Chinese in the PDF; the
# seed CV rendered in every built-in locale keeps no English word where the locale has its
# own, and every locale file loads without a diagnostic.
source "$(dirname "$0")/lib.sh"

cp "$SRC/cv.toml" "$WORK/cv.toml"
cd "$WORK"

# One TeX build: long in Simplified Chinese.
"$MKCV" build cv.toml --lang zh -t long -o out > build.log 2>&1 || { cat build.log; fail "build --lang zh"; finish; }
# CJK text comes out of pdftotext without the spaces the PDF has between glyph runs.
long="$(pdf_text out/cv-long.zh.pdf)"
# The headings the context gives long in Chinese, each in the PDF.
"$MKCV" context cv.toml --lang zh -t long > context.json
mapfile -t headings < <(python3 -c '
import json, sys
c = json.load(open(sys.argv[1], encoding="utf-8"))
for s in c["sections_order"]:
    if s["title"]: print(s["title"])
for g in c["publications"]["groups"]: print(g["heading"])' context.json)
((${#headings[@]} >= 6)) && pass "${#headings[@]} Chinese headings" || fail "too few headings: ${headings[*]}"
for h in "${headings[@]}"; do contains "$long" "$h" "the PDF has the heading «$h»"; done
for word in 教育经历 工作经历 发表论文 研究兴趣 荣誉奖项 "2025年8月 – 2026年2月" 至今 年 月 同等贡献 导师; do
  contains "$long" "$word" "the PDF has «$word»"
done
for english in Present Education Experience Publications "Aug. 2025" "Equal contribution" "Advisors:"; do
  lacks "$long" "$english" "no English «$english» in the Chinese PDF"
done
contains "$(pdfinfo out/cv-long.zh.pdf)" "个人简历" "the PDF's subject and title are Chinese"

# Every built-in locale, rendered (no TeX) in the LaTeX, Markdown and HTML templates: no
# diagnostic, and none of the English words the locale has its own word for.
# ("Advisor" alone is in cv.toml: an author is written "Xuanzhe Liu (Advisor)".)
english_words=(Present Education Experience "Equal contribution" "Last updated" "Advisors:" "Mentor:"
  "Curriculum Vitae" "Research Interests" "Selected Publications" "Journal Articles" "Thesis:"
  "Now:" Reviewing Committees "Other Service" "(invited)")
# The checks read each file once, with bash's own matching: 200 renders times 30 greps were
# most of this test's time on a machine where starting a process costs 10 ms.
allowed_diagnostic='warning: ([0-9]+ texts have no [^ ]+ text and print in the default language|no [^ ]+ text for)'
for file in "$SRC"/builtin_templates/locales/*.toml; do
  tag="${file##*/}"; tag="${tag%.toml}"
  [[ "$tag" == en ]] && continue
  locale_text="$(< "$file")"
  for t in long short modern ats classic banking sidebar awesome markdown homepage; do
    if ! "$MKCV" render cv.toml --lang "$tag" -t "$t" -o "$tag-$t.out" 2> "$tag-$t.err"; then
      cat "$tag-$t.err"; fail "render $t in $tag"; continue
    fi
    # The seed's texts, in English and Chinese alone, say where a translation is missing;
    # nothing else.
    while IFS= read -r line; do
      [[ "$line" =~ (error|warning): && ! "$line" =~ $allowed_diagnostic ]] || continue
      cat "$tag-$t.err"; fail "$tag $t: diagnostics"; break
    done < "$tag-$t.err"
    out_text="$(< "$tag-$t.out")"
    for word in "${english_words[@]}"; do
      # A locale whose word is the English one (Portuguese and Turkish "Mentor") keeps it.
      [[ "$locale_text" == *"= \"${word%:}\""* ]] && continue
      if [[ "$out_text" == *"$word"* ]]; then fail "$tag $t: English «$word» left"; fi
    done
  done
  # Its first word: LaTeX wraps each word of a script the main font lacks on its own.
  present="$(sed -nE 's/^present = "([^ ]*).*"$/\1/p' "$file")"
  contains "$(< "$tag-long.out")" "$present" "$tag: long says «$present» for the present"
done
pass "rendered the seed CV in $(ls "$SRC"/builtin_templates/locales/*.toml | wc -l) locales"

# JSON Resume keeps the ISO dates its schema wants, whatever the language.
"$MKCV" render cv.toml --lang zh -t jsonresume -o zh.json
python3 - zh.json <<'PY' && pass "JSON Resume's dates stay ISO 8601 in Chinese" || fail "JSON Resume dates"
import json, sys
work = json.load(open(sys.argv[1], encoding="utf-8"))["work"]
assert work[0]["startDate"] == "2025-08" and work[0]["endDate"] == "2026-02", work[0]
PY
contains "$(cat zh-homepage.out)" '<html lang="zh" dir="ltr">' "the homepage says its language and direction"

# A profile's network name before its iD is followed by the locale's colon, not ": ".
printf '[person]\nname = "Ada"\nprofiles = [{ network = "ORCID", username = "0000-0002-1825-0097" }]\n' > orcid.toml
# (In LaTeX, as the escaper writes a run of CJK characters: \mkcvcjk{：}.)
for t in long short ats classic banking sidebar awesome markdown; do
  colon="ORCID\\mkcvcjk{：}"; [[ "$t" == markdown ]] && colon="ORCID："
  contains "$("$MKCV" render orcid.toml --lang zh -t "$t" 2>&1)" "$colon" "$t: the network name takes zh's colon"
done
contains "$("$MKCV" render orcid.toml --lang fr -t long 2>&1)" "ORCID : " "and fr's"

# A locale beside cv.toml: found, merged over the built-in one, checked with positions.
mkdir -p templates/locales
printf 'present = "现在"\n' > templates/locales/zh.toml
"$MKCV" render cv.toml --lang zh-CN -t long -o zh-local.tex 2> zh-local.err
contains "$(cat zh-local.tex)" "现在" "a zh.toml beside cv.toml changes «present»"
contains "$(cat zh-local.tex)" "教育经历" "and keeps the built-in zh headings"
printf '[headings]\neducaton = "x"\n' > templates/locales/zh.toml
"$MKCV" render cv.toml --lang zh -t long -o /dev/null 2> bad.err && fail "a bad locale file builds"
contains "$(cat bad.err)" "zh.toml:2:1: error: unknown key \`educaton\` in [headings]" "a bad locale file is reported at its place"
contains "$(cat bad.err)" "did you mean \`education\`?" "with a did-you-mean"
"$MKCV" render cv.toml --lang zh -t long --builtin-templates-only -o builtin.tex 2> builtin.err &&
  pass "--builtin-templates-only leaves the local locale out" || { cat builtin.err; fail "builtin only"; }
contains "$(cat builtin.tex)" "至今" "and uses the built-in one"
finish
