# Thai puts no space between words: a Thai text longer than a line is broken where ICU's
# dictionary finds words (mkcv-base's \mkcvscript sets \XeTeXlinebreaklocale for the run),
# not left overfull, and copies out of the PDF with no space TeX made. The locale joins a Thai degree
# and its field ("ปริญญาตรี สาขาวิศวกรรมคอมพิวเตอร์"). One TeX build, in Thai.
source "$(dirname "$0")/lib.sh"
require_tool pdftotext "build_scripts/test.sh installs poppler-utils"

cd "$WORK"
sentence="พัฒนาระบบจัดตารางงานสำหรับคลัสเตอร์หน่วยประมวลผลกราฟิกขนาดใหญ่เพื่อเพิ่มประสิทธิภาพการฝึกแบบจำลองการเรียนรู้เชิงลึกของมหาวิทยาลัยเชียงใหม่"
cat > cv.toml <<TOML
[person]
name = "สมชาย ใจดี"

[locale]
language = "th"

[[education]]
degree = "ปริญญาตรี"
field = "วิศวกรรมคอมพิวเตอร์"
institution = "มหาวิทยาลัยเชียงใหม่"
start = "2016-06"
end = "2020-03"

[[experience]]
role = "วิศวกรซอฟต์แวร์"
organization = "บริษัทตัวอย่าง"
start = "2020-04"
end = "present"
highlights = ["$sentence"]
TOML
"$MKCV" build cv.toml -t long -o out --builtin-templates-only > build.log 2>&1 &&
  pass "a Thai CV builds" || { cat build.log; fail "build"; }
log="out/.mkcv/cv-long/cv-long.log"
overfull="$(grep -c 'Overfull \\hbox' "$log" || true)"
[[ "$overfull" == 0 ]] && pass "the Thai sentence is broken into lines" || fail "$overfull overfull boxes"
lacks "$(cat "$log")" "Missing character" "no missing glyph"
lines="$(pdftotext -enc UTF-8 out/cv-long.pdf - | grep -P '\p{Thai}' || true)"
# The sentence across its lines: joined without anything between them, as written.
joined="$(pdftotext -enc UTF-8 out/cv-long.pdf - | tr -d '\n\f')"
contains "$joined" "$sentence" "the sentence copies out as written, with no space TeX made"
# And it is on no single line: it was broken, at a word (TeX's overfull box otherwise).
[[ "$(grep -Fc "$sentence" <<< "$lines" || true)" == 0 ]] &&
  pass "the sentence takes more than one line" || fail "the sentence is on one line: $lines"
contains "$(pdf_text out/cv-long.pdf)" "ปริญญาตรี สาขาวิศวกรรมคอมพิวเตอร์" "the degree and its field joined the Thai way"
contains "$(pdf_text out/cv-long.pdf)" "ประสบการณ์ทำงาน" "the Thai heading of experience"
contains "$(pdf_text out/cv-long.pdf)" "ปัจจุบัน" "the Thai word for the present"
finish
