# Text in every script: scripts the main fonts lack (Arabic, Hebrew, Indic, Thai, Georgian,
# Ethiopic ...) in fonts that have the glyphs, symbols the main font lacks in a fallback font
# (™ № ℃ ℓ stay in the main font, which has them), the spaces between Korean, Japanese and
# Chinese words kept, and a character no font has reported at its cv.toml value. One TeX
# build: --strict afterwards reads the same log without TeX.
source "$(dirname "$0")/lib.sh"

cp "$SRC/tests/data/scripts.toml" "$WORK/scripts.toml"
cd "$WORK"
"$MKCV" build scripts.toml -t long -o out --lang ko > build.log 2>&1 || { cat build.log; fail "build"; finish; }
# --lang ko is not the fixture's [locale] language (ja): the outputs carry its tag.
log=out/.mkcv/scripts-long.ko/scripts-long.ko.log

# The one character no font has is the Unicode 13 emoji, reported where cv.toml has it.
missing="$(grep "^Missing character" "$log" | sort -u)"
if [[ "$missing" == "Missing character: There is no 🥲 (U+1F972) in font "* && "$(wc -l <<< "$missing")" == 1 ]]; then
  pass "only the unprintable emoji is missing"
else fail "missing glyphs: $(head -5 <<< "$missing")"; fi
line="$(grep -n '^text = "Smile' scripts.toml | cut -d: -f1)"
contains "$(cat build.log)" "scripts.toml:$line:8: warning: U+1F972 \"🥲\" is not in the font" \
  "the missing glyph is a warning at its value"
"$MKCV" build scripts.toml -t long -o out --lang ko --strict --diagnostics=json > strict.json 2> strict.log \
  && status=0 || status=$?
expect_status 1 "$status" "--strict fails on a missing glyph"
contains "$(cat strict.json)" "\"line\":$line,\"column\":8,\"severity\":\"error\",\"code\":\"missing-glyph\"" \
  "--strict makes it an error diagnostic"
contains "$(cat strict.log)" "out/scripts-long.ko.pdf was left as it was" "--strict keeps the PDF"

raw="$(pdftotext -enc UTF-8 out/scripts-long.ko.pdf -)"
# Word spaces between CJK words, compared with the whitespace as it is, not folded.
for s in "한국어: 내부 딜러들이 코딩 없이 개발" "日本語: 佐藤 健一" "中文: 北京大学 计算机学院"; do
  contains "$raw" "• $s"$'\n' "PDF has «$s» with its spaces"
done
lacks "$raw" "내부딜러들이" "Korean words are not joined"
contains "$raw" "Marks: Product™, № 5, 21 ℃, 2 ℓ, step ①, emoji 😀 👍"$'\n' \
  "symbols and emoji print (main font, then fallbacks)"
contains "$raw" "Ελληνικά: Γειά σου κόσμε; Русский: Привет, мир"$'\n' "Greek and Cyrillic print"
fonts="$(pdffonts out/scripts-long.ko.pdf)"
for f in NotoSansSymbols-Regular DejaVuSans NotoSansMath-Regular; do
  contains "$fonts" "$f" "fallback font $f is used"
done

# pdftotext returns Arabic as presentation forms and wraps right-to-left runs in embedding
# marks; fold both before comparing. Indic scripts come back in visual order, so they are
# checked by the glyph test above only.
text="$(python3 -c '
import sys, unicodedata
t = "".join(unicodedata.normalize("NFKC", c) if 0xFB50 <= ord(c) <= 0xFEFF else c for c in sys.stdin.read())
print(" ".join(t.translate({0x202A: None, 0x202B: None, 0x202C: None}).split()))' <<< "$raw")"
for s in "ანა მიულერი" "Researcher — მკვლევარი" "مرحبا بالعالم" "שלום עולם" "ไทย: สวัสดีชาวโลก" \
         "Հայերեն: Բարեւ աշխարհ" "ქართული: გამარჯობა" "አማርኛ: ሰላም" "Symbols: ∑ ∫ ∀x ∈ ℝ → ∞, ★ ☎ ✓"; do
  contains "$text" "$s" "PDF has «$s»"
done
# The CJK font of the language: --lang ko over the fixture's [locale] language = "ja".
# pdffonts cannot tell: every region of the Noto CJK collection embeds as NotoSerifCJKjp
# (one CFF table, regional glyphs chosen by the face), so the log's font family is read.
contains "$(cat "$log")" "Font family 'NotoSerifCJKKR(0)' created" "--lang ko sets CJK in Noto CJK KR"
"$MKCV" render scripts.toml -t long --lang ko_KR > /dev/null 2> lang.log && status=0 || status=$?
expect_status 2 "$status" "--lang takes only a BCP 47 tag"
contains "$(cat lang.log)" '"ko_KR" is not a BCP 47 language tag' "--lang says why"
"$MKCV" render scripts.toml -t long > ja.tex
contains "$(cat ja.tex)" '\def\mkcvcjkregion{JP}' "[locale] language = \"ja\" chooses Noto CJK JP"
finish
