# One cv.toml, several languages (docs/cv-format.md#several-languages), without TeX: the
# Markdown and JSON Resume templates built with --lang en,zh,de. The default language keeps
# its names, the others carry their tag; each text is the language's, each fallback a
# warning at its place (a summary line past five, each with --verbose); every language is
# incremental and checked apart; a bad table is an error at its place.
source "$(dirname "$0")/lib.sh"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

cat > cv.toml <<'EOF'
[person]
name = { en = "Yihao Zhao", zh = "赵怡浩" }
position = { en = "Ph.D. Candidate", zh = "博士研究生" }
email = "a@example.org"

[[experience]]
role = { en = "Research Intern", zh = "研究实习生" }
organization = { en = "ByteDance", zh = "字节跳动" }
location = { en = "Beijing" }
start = "2021-01"
highlights = [{ en = "Built  the scheduler", zh = "构建了 调度器" }, "GPU"]

[[education]]
degree = { en = "Ph.D.", zh = "博士" }
institution = { en = "Peking University", zh = "北京大学" }
end = "present"
EOF

"$MKCV" build -t markdown -t jsonresume --lang en,zh,de -o out > build.log 2>&1 && status=0 || status=$?
expect_status 0 "$status" "build in three languages"
for f in cv-markdown.md cv-markdown.zh.md cv-markdown.de.md cv-jsonresume.json cv-jsonresume.zh.json cv-jsonresume.de.json; do
  [[ -f "out/$f" ]] && pass "out/$f written" || fail "out/$f missing"
done
[[ ! -e out/cv-markdown.en.md ]] && pass "the default language has no tag" || fail "out/cv-markdown.en.md written"
en="$(cat out/cv-markdown.md)" zh="$(cat out/cv-markdown.zh.md)" de="$(cat out/cv-markdown.de.md)"
contains "$en" "Research Intern" "en has its role"
lacks "$en" "研究实习生" "en has no Chinese"
for s in "赵怡浩" "博士研究生" "研究实习生" "字节跳动" "构建了 调度器" "北京大学" "博士" "GPU" "a@example.org"; do
  contains "$zh" "$s" "zh has «$s» exactly"
done
contains "$zh" "Beijing" "zh falls back to en where it has no text"
contains "$de" "Yihao Zhao" "de falls back to en"
contains "$(cat out/cv-jsonresume.zh.json)" '"name": "赵怡浩"' "JSON Resume in zh"
contains "$(cat out/cv-jsonresume.json)" '"name": "Yihao Zhao"' "JSON Resume in en"

log="$(cat build.log)"
contains "$log" "cv.toml:9:12: warning: no zh text for \`location\`; the en text is printed" \
  "the zh fallback is a warning at its table"
contains "$log" "hint: add zh = \"...\" to the table" "with a hint"
contains "$log" "cv.toml:2:8: warning: 8 texts have no de text and print in the default language; the first is here" \
  "eight de fallbacks are one summary line"
lacks "$log" "no de text for" "not listed one by one"
contains "$log" "markdown.zh: " "progress names the language"

"$MKCV" build -t markdown --lang de -o verbose-out -v > verbose.log 2>&1 || fail "verbose build"
[[ "$(grep -c "warning: no de text for" verbose.log)" == 8 ]] && pass "--verbose lists each fallback" \
  || fail "--verbose: $(grep -c "warning: no de text for" verbose.log) fallbacks listed"
"$MKCV" build -t markdown --lang de -o json-out --diagnostics=json > diagnostics.json 2> /dev/null \
  || fail "json build"
[[ "$(grep -o '"code":"language-fallback"' diagnostics.json | wc -l)" == 8 ]] \
  && pass "--diagnostics=json gives each fallback" || fail "json fallbacks: $(cat diagnostics.json)"

# Incremental and checked per language; a change in one language rebuilds only it.
"$MKCV" build -t markdown -t jsonresume --lang en,zh,de -o out > again.log 2>&1 || fail "build again"
[[ "$(grep -c ": up to date" again.log)" == 6 ]] && pass "every language is up to date" \
  || fail "not all up to date: $(cat again.log)"
"$MKCV" check -t markdown -t jsonresume --lang en,zh,de -o out > /dev/null 2>&1 && status=0 || status=$?
expect_status 0 "$status" "check in three languages"
sed -i 's/zh = "字节跳动"/zh = "字节跳动公司"/' cv.toml
"$MKCV" check -t markdown --lang en,zh -o out > stale.log 2>&1 && status=0 || status=$?
expect_status 3 "$status" "an edit of the zh text makes zh stale"
contains "$(cat stale.log)" "markdown: up to date" "en is still up to date"
contains "$(cat stale.log)" "markdown.zh: stale" "zh is stale"

# Without --lang: the default language only. With [locale] language = "zh", zh keeps the name.
"$MKCV" build -t markdown -o plain > /dev/null 2>&1 || fail "build without --lang"
[[ "$(ls plain)" == "cv-markdown.md" ]] && pass "no --lang: the default language only" || fail "$(ls plain)"
cp cv.toml zh.toml
sed -i 's/^location = { en = "Beijing" }/location = { en = "Beijing", zh = "北京" }/' zh.toml
printf '\n[locale]\nlanguage = "zh"\n' >> zh.toml
"$MKCV" build zh.toml -t markdown --lang zh,en -o zh-out > zh.log 2>&1 || { cat zh.log; fail "zh default"; }
[[ -f zh-out/zh-markdown.md && -f zh-out/zh-markdown.en.md ]] && pass "[locale] language keeps the plain name" \
  || fail "zh default: $(ls zh-out)"
contains "$(cat zh-out/zh-markdown.md)" "研究实习生" "the default language is zh"
lacks "$(cat zh.log)" "warning" "en has every text: no fallback"

# render and context take one language; --lang is checked.
"$MKCV" render -t markdown --lang en,zh > /dev/null 2> render.log && status=0 || status=$?
expect_status 2 "$status" "render takes one language"
"$MKCV" render -t markdown --lang zh > render.md 2> /dev/null || fail "render --lang zh"
contains "$(cat render.md)" "研究实习生" "render --lang zh renders zh"
"$MKCV" context -t markdown --lang zh > context.json 2> /dev/null || fail "context --lang zh"
contains "$(cat context.json)" '"language": "zh"' "context --lang zh: meta.language"
contains "$(cat context.json)" "研究实习生" "context --lang zh: the zh texts"
"$MKCV" context -t markdown -t jsonresume --lang zh > documents.json 2> /dev/null || fail "context of two"
contains "$(cat documents.json)" '"file": "cv-jsonresume.zh.json"' "documents[] names the outputs of its language"
"$MKCV" build -t markdown --lang en,zh_CN -o bad > /dev/null 2> lang.log && status=0 || status=$?
expect_status 2 "$status" "a bad tag in --lang"
contains "$(cat lang.log)" '"zh_CN" is not a BCP 47 language tag' "--lang says which"

# A bad table: an error at its place, exit 2, nothing written.
cat > bad.toml <<'EOF'
[person]
name = { en = "Ada", zh = 3 }
position = { zh = "博士" }
EOF
"$MKCV" build bad.toml -t markdown --lang en,zh -o bad-out > bad.log 2>&1 && status=0 || status=$?
expect_status 2 "$status" "a bad language table is invalid input"
contains "$(cat bad.log)" "bad.toml:2:27: error: \`name.zh\` must be a string, found a number" "a value that is not text"
contains "$(cat bad.log)" "bad.toml:3:12: error: \`position\` has no text in the default language, en" "no default text"
[[ "$(grep -c "must be a string, found a number" bad.log)" == 1 ]] && pass "said once, not once per language" \
  || fail "said $(grep -c "must be a string, found a number" bad.log) times"
[[ ! -e bad-out/bad-markdown.md ]] && pass "nothing written" || fail "bad-out written"
finish
