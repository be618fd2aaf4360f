# The multilingual test CV (tests/data/scripts.toml) in every script, once per template, each
# build in another language: long in Persian (its [locale]: a right-to-left document), short
# with --lang ja and modern with --lang ko (left to right, CJK in Noto CJK JP and KR). Scripts
# the main fonts lack (Arabic, Hebrew, Indic, Thai, Georgian, Ethiopic ...) are set in fonts
# that have the glyphs, symbols the main font lacks in a fallback font (™ № ℃ ℓ stay in the
# main font, which has them), the spaces between Korean, Japanese and Chinese words kept,
# right-to-left and mixed text in the bidi algorithm's order (scripts_check.py), and a
# character no font has reported at its cv.toml value. Devanagari, Bengali, Tamil and Thai
# copy out of the text layer as written (/ActualText), a symbol right after Japanese text
# prints, and emoji with a variation selector, a skin tone and joiners print (Symbola) and
# copy out with every code point. Three TeX builds: --strict afterwards reads the same log
# without TeX.
source "$(dirname "$0")/lib.sh"

cp "$SRC/tests/data/scripts.toml" "$WORK/scripts.toml"
# A span in a language of its own, [text](lang:ja): Japanese glyph shapes in a Korean build.
printf '\n[[sections]]\ntitle = "Spans"\ntext = "Kanji as in Japan: [直 刃 骨 次](lang:ja)."\n' >> "$WORK/scripts.toml"
cd "$WORK"
build() {  # build TEMPLATE [ARGS...]
  local name="$1"; shift
  "$MKCV" build scripts.toml -t "$name" -o out "$@" > "build-$name.log" 2>&1 \
    || { cat "build-$name.log"; fail "build $name"; finish; }
}
build long
build short --lang ja
build modern --lang ko
# A --lang that is not the fixture's [locale] language (fa) puts its tag in the names.
declare -A job=([long]=scripts-long [short]=scripts-short.ja [modern]=scripts-modern.ko)
log=out/.mkcv/scripts-long/scripts-long.log

# The one character no font has is the Unicode 13 emoji, reported where cv.toml has it; short
# does not print custom sections and misses nothing.
for t in long modern short; do
  missing="$(grep "^Missing character" "out/.mkcv/${job[$t]}/${job[$t]}.log" | sort -u || true)"
  if [[ "$t" == short && -z "$missing" ]] || [[ "$t" != short &&
        "$missing" == "Missing character: There is no 🥲 (U+1F972) in font "* && "$(wc -l <<< "$missing")" == 1 ]]; then
    pass "$t: no missing character but the unprintable emoji"
  else fail "$t: missing glyphs: $(head -5 <<< "$missing")"; fi
done
# Every \beginR has its \endR, and none is extra (e-TeX says so in the log).
for t in long modern short; do
  lacks "$(cat "out/.mkcv/${job[$t]}/${job[$t]}.log")" '\endL or \endR problem' \
    "$t: right-to-left and left-to-right runs are balanced"
done
line="$(grep -n '^text = "Smile' scripts.toml | cut -d: -f1)"
contains "$(cat build-long.log)" "scripts.toml:$line:8: warning: U+1F972 \"🥲\" is not in the font" \
  "the missing glyph is a warning at its value"
"$MKCV" build scripts.toml -t long -o out --strict --diagnostics=json > strict.json 2> strict.log \
  && status=0 || status=$?
expect_status 1 "$status" "--strict fails on a missing glyph"
contains "$(cat strict.json)" "\"line\":$line,\"column\":8,\"severity\":\"error\",\"code\":\"missing-glyph\"" \
  "--strict makes it an error diagnostic"
contains "$(cat strict.log)" "out/scripts-long.pdf was left as it was" "--strict keeps the PDF"

# Every value of [[experience]] in each PDF: left-to-right ones exactly, with their spaces;
# right-to-left and mixed ones in the order of the bidi algorithm; the bullet of a
# right-to-left paragraph on the right, and the dates of an entry at its line's end.
python3 "$SRC/tests/integration/scripts_check.py" out/scripts-long.pdf rtl bullets dates > check-long.txt || true
python3 "$SRC/tests/integration/scripts_check.py" out/scripts-short.ja.pdf ltr dates > check-short.txt || true
python3 "$SRC/tests/integration/scripts_check.py" out/scripts-modern.ko.pdf ltr bullets > check-modern.txt || true
for t in long short modern; do
  sed "s/^ok: /ok: $t: /" "check-$t.txt" | grep '^ok: ' || true
  while IFS= read -r bad; do fail "$t: ${bad#FAIL: }"; done < <(grep '^FAIL: ' "check-$t.txt" || true)
  grep -q '^failures: ' "check-$t.txt" || fail "$t: scripts_check.py did not finish: $(tail -3 "check-$t.txt")"
done

raw="$(pdftotext -enc UTF-8 out/scripts-modern.ko.pdf -)"
# Word spaces between CJK words, compared with the whitespace as it is, not folded.
for s in "한국어: 내부 딜러들이 코딩 없이 개발" "日本語: 佐藤 健一" "中文: 北京大学 计算机学院"; do
  contains "$raw" "• $s"$'\n' "PDF has «$s» with its spaces"
done
lacks "$raw" "내부딜러들이" "Korean words are not joined"
contains "$raw" "Marks: Product™, № 5, 21 ℃, 2 ℓ, step ①, emoji 😀 👍"$'\n' \
  "symbols and emoji print (main font, then fallbacks)"
contains "$raw" "Ελληνικά: Γειά σου κόσμε; Русский: Привет, мир"$'\n' "Greek and Cyrillic print"
fonts="$(pdffonts out/scripts-modern.ko.pdf)"
for f in NotoSansSymbols-Regular DejaVuSans NotoSansMath-Regular; do
  contains "$fonts" "$f" "fallback font $f is used"
done
fonts="$(pdffonts out/scripts-long.pdf)"
for f in NotoSansArabic NotoSerifHebrew NotoSerifDevanagari NotoSerifThai NotoSerifCJK; do
  contains "$fonts" "$f" "long: the font of a script, $f, is used"
done

# Scripts whose vowel signs are drawn before their consonant, and Thai, copy out as written
# (/ActualText), the values of [[experience]] in each PDF exactly (scripts_check.py above),
# and the languages list here: हिन्दी, never िहन्दी.
for s in "हिन्दी: नमस्ते दुनिया" "বাংলা: ওহে বিশ্ব" "ไทย: สวัสดีชาวโลก"; do
  contains "$raw" "• $s"$'\n' "modern: PDF has «$s» exactly"
done
# (Tamil: poppler puts a space after a word that ends in the virama ் when punctuation follows
# it, "தமிழ் :"; the letters are in order.)
if [[ "$raw" == *"• தமிழ்"?(" ")": வணக்கம்"$'\n'* ]]; then pass "modern: PDF has «தமிழ்: வணக்கம்» in order"
else fail "modern: PDF lacks «தமிழ்: வணக்கம்»"; fi
lacks "$raw" "िह" "no Devanagari vowel sign I before its consonant"
# A symbol right after Japanese text, and emoji with a variation selector, a skin tone and
# joiners: printed in a fallback font (no missing character but the fixture's 🥲 above),
# and copied out with every code point.
for t in long short modern; do
  text_t="$(pdftotext -enc UTF-8 "out/${job[$t]}.pdf" -)"
  contains "$text_t" "LINEグループ→HubSpot" "$t: the arrow after Japanese prints and copies"
  contains "$text_t" "Capybara = ♥️ 👍🏽 👨‍👩‍👧" "$t: emoji copy out with U+FE0F, the skin tone and ZWJs"
done
contains "$(pdffonts out/scripts-modern.ko.pdf)" "Symbola" "the emoji fall back to Symbola"
# pdftotext returns Arabic as presentation forms and wraps right-to-left runs in embedding
# marks; fold both before comparing.
text="$(python3 -c '
import sys, unicodedata
t = "".join(unicodedata.normalize("NFKC", c) if 0xFB50 <= ord(c) <= 0xFEFF else c for c in sys.stdin.read())
print(" ".join(t.translate({0x202A: None, 0x202B: None, 0x202C: None}).split()))' <<< "$raw")"
for s in "ანა მიულერი" "Researcher — მკვლევარი" "مرحبا بالعالم" "שלום עולם" "ไทย: สวัสดีชาวโลก" \
         "Հայերեն: Բարեւ աշխարհ" "ქართული: გამარჯობა" "አማርኛ: ሰላም" "Symbols: ∑ ∫ ∀x ∈ ℝ → ∞, ★ ☎ ✓"; do
  contains "$text" "$s" "PDF has «$s»"
done
# The CJK font of the language: --lang over the fixture's [locale] language = "fa".
# pdffonts cannot tell: every region of the Noto CJK collection embeds as NotoSerifCJKjp
# (one CFF table, regional glyphs chosen by the face), so the log's font family is read.
contains "$(cat out/.mkcv/scripts-short.ja/scripts-short.ja.log)" "Font family 'NotoSerifCJKJP(0)' created" \
  "--lang ja sets CJK in Noto CJK JP"
contains "$(cat out/.mkcv/scripts-modern.ko/scripts-modern.ko.log)" "Font family 'NotoSansCJKKR(0)' created" \
  "--lang ko sets CJK in Noto CJK KR"
contains "$(cat out/.mkcv/scripts-modern.ko/scripts-modern.ko.log)" "Font family 'NotoSansCJKJP(0)' created" \
  "[text](lang:ja) sets its text in Noto CJK JP in a Korean build"
contains "$raw" "Kanji as in Japan: 直 刃 骨 次." "and prints it as written"
"$MKCV" render scripts.toml -t long --lang ko_KR > /dev/null 2> lang.log && status=0 || status=$?
expect_status 2 "$status" "--lang takes only a BCP 47 tag"
contains "$(cat lang.log)" '"ko_KR" is not a BCP 47 language tag' "--lang says why"
"$MKCV" render scripts.toml -t long --lang zh-Hant > tc.tex
contains "$(cat tc.tex)" '\def\mkcvcjkregion{TC}' "--lang zh-Hant chooses Noto CJK TC"
lacks "$(cat tc.tex)" '\AddToHook{para/begin}{\beginR}' "a zh-Hant document runs left to right"
# The homepage of a right-to-left CV says so; each paragraph takes its own direction (CSS).
page="$("$MKCV" render scripts.toml -t homepage)"
contains "$page" '<html lang="fa" dir="rtl">' "the homepage of a Persian CV is right to left"
contains "$page" 'p, li, h1, h2, h3, dt, dd { unicode-bidi: plaintext; }' \
  "the homepage's paragraphs take the direction of their text"
contains "$("$MKCV" render scripts.toml -t homepage --lang ko)" '<html lang="ko" dir="ltr">' \
  "the homepage of a Korean CV is left to right"
finish
