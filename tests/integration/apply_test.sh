# mkcv apply: two applications (one English, one Chinese) built into their folders, read back
# from the real PDFs: every fixture string in the letter, the packet's pages, bookmarks and
# page labels, the enclosure list, a hostile letter printed exactly, a letter over one page
# reported at its file's line with the previous PDF kept, and an edit to one letter that
# rebuilds that application only. One build of each, reused for every check.
source "$(dirname "$0")/lib.sh"
require_tool pdftohtml "install poppler-utils"
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000

cat > cv.toml << 'TOML'
[person]
name = "Ada Lovelace"
native_name = "艾达"
email = "ada@example.org"
phone = "+44 20 7946 0001"
location = "12 Marylebone Lane, London"

[[education]]
degree = "PhD"
institution = "University of London"
end = "1840"

[[experience]]
role = "Analyst of Engines"
organization = "Babbage Works"
start = "1842"
tags = ["engines"]

[[experience]]
role = "Court Poet"
organization = "Verse Limited"
start = "1835"
tags = ["poetry"]

[[applications]]
key = "mit"
organisation = "Massachusetts Institute of Technology"
position = "Assistant Professor of Computing"
date = "2027-01-15"
recipient = { name = "Prof. Grace Hopper", title = "Chair, Search Committee", address = ["77 Massachusetts Avenue", "Cambridge, MA 02139"] }
letter_file = "mit-letter.md"
closing = "With best regards,"
tags = ["engines"]
omit_phone = true

[[applications.statements]]
kind = "research"
file = "research.md"

[[applications.statements]]
kind = "teaching"
file = "teaching.md"

[[applications]]
key = "tsinghua"
language = "zh"
organisation = "清华大学"
position = "计算机系助理教授"
date = "2027-02-01"
template = "short"
letter = """
我申请<<organisation>>的<<position>>职位。

我的研究关注分析机。
"""

[[applications.statements]]
kind = "research"
file = "research-zh.md"
TOML

# A letter in every other PDF theme (mit and tsinghua are in short): the theme's letterhead
# and looks. ats's letter is a language table (--lang below); banking's is signed; classic's
# has a statement, whose running header follows the theme.
themes="long modern classic banking awesome sidebar ats"
for t in $themes; do
  cat >> cv.toml << TOML

[[applications]]
key = "in-$t"
organisation = "University of ${t^}"
position = "Lecturer in ${t^} Computing"
date = "2027-03-01"
template = "$t"
tags = ["none"]
TOML
  case $t in
    ats) echo 'letter = { en = "I apply to <<organisation>> as <<position>>.", de = "Ich bewerbe mich bei der <<organisation>>." }' >> cv.toml ;;
    *) echo 'letter = "I apply to <<organisation>> as <<position>>."' >> cv.toml ;;
  esac
  [[ $t == banking ]] && echo 'signature = "sig.png"' >> cv.toml
  [[ $t == classic ]] && printf '\n[[applications.statements]]\nkind = "research"\nfile = "research.md"\n' >> cv.toml
done
# A 1×1 PNG.
python3 -c "import base64,sys; sys.stdout.buffer.write(base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='))" > sig.png

cat > mit-letter.md << 'MD'
I am writing to apply for the position of <<position>> at <<organisation>>.

My work on the *Analytical Engine* shows that machines can compose music.

Hostile text stays text: \input{/etc/passwd} $x$ & # % _ ~ ^^5c {braces} } { \\ end.
MD
printf 'My research concerns engines of number.\n\nIt goes on at length.\n' > research.md
printf 'I teach by example.\n' > teaching.md
printf '我的研究是关于分析机的。\n' > research-zh.md

"$MKCV" apply > apply.log 2>&1 || { cat apply.log; fail "mkcv apply"; finish; }
pass "mkcv apply builds two applications"
mit=out/applications/mit
zh=out/applications/tsinghua
for f in $mit/mit-letter.pdf $mit/mit-cv.pdf $mit/mit-statement-research.pdf \
  $mit/mit-statement-teaching.pdf $mit/mit-packet.pdf $zh/tsinghua-letter.pdf \
  $zh/tsinghua-cv.pdf $zh/tsinghua-statement-research.pdf $zh/tsinghua-packet.pdf; do
  [[ -s "$f" ]] && pass "made $f" || fail "no $f"
done

# The letter: every string of the application and the letterhead, exactly.
letter="$(pdf_text $mit/mit-letter.pdf)"
for s in "Ada Lovelace" "ada@example.org" "Massachusetts Institute of Technology" \
  "Assistant Professor of Computing" "Prof. Grace Hopper" "Chair, Search Committee" \
  "77 Massachusetts Avenue" "Cambridge, MA 02139" "Dear Prof. Grace Hopper," \
  "I am writing to apply for the position of Assistant Professor of Computing at Massachusetts Institute of Technology." \
  "Analytical Engine" "With best regards," "15 Jan. 2027" \
  'Hostile text stays text: \input{/etc/passwd} $x$ & # % _ ~ ^^5c {braces} } { \ end.' \
  "Enclosures: Curriculum Vitae, Research statement, Teaching statement"; do
  contains "$letter" "$s" "letter: $s"
done
lacks "$letter" "7946" "omit_phone: no phone in the letter"
lacks "$(pdf_text $mit/mit-cv.pdf)" "7946" "omit_phone: no phone in the tailored CV"
[[ "$(pdf_pages $mit/mit-letter.pdf)" == 1 ]] && pass "the letter is one page" || fail "letter pages"
cvtext="$(pdf_text $mit/mit-cv.pdf)"
contains "$cvtext" "Babbage Works" "tailored CV keeps the tagged entry"
lacks "$cvtext" "Verse Limited" "tailored CV leaves out the other tags"
contains "$(pdf_text $mit/mit-statement-research.pdf)" "Ada Lovelace Research statement" \
  "statement: running header with name and title"

# The packet: letter, CV, statements, in that order, with a bookmark and page labels each.
pages=0
for f in mit-letter mit-cv mit-statement-research mit-statement-teaching; do
  pages=$((pages + $(pdf_pages $mit/$f.pdf)))
done
[[ "$(pdf_pages $mit/mit-packet.pdf)" == "$pages" ]] && pass "packet holds every page ($pages)" ||
  fail "packet pages $(pdf_pages $mit/mit-packet.pdf), want $pages"
outline="$(pdftohtml -xml -i -stdout $mit/mit-packet.pdf | tr -d '\n' | grep -o '<outline>.*</outline>')"
contains "$outline" '<item page="1">Cover letter</item>' "bookmark: the letter"
contains "$outline" '<item page="2">Curriculum Vitae</item>' "bookmark: the CV"
contains "$outline" '>Research statement</item>' "bookmark: research statement"
contains "$outline" '>Teaching statement</item>' "bookmark: teaching statement"
labels="$(python3 - "$mit/mit-packet.pdf" << 'PY'
import re, sys, zlib
data = open(sys.argv[1], "rb").read()
texts = [data]
for m in re.finditer(rb"stream\r?\n", data):
    try:
        texts.append(zlib.decompressobj().decompress(data[m.end():m.end() + 2000000]))
    except zlib.error:
        pass
found = set()
for t in texts:
    for n in re.finditer(rb"/PageLabels\s*<<\s*/Nums\s*\[(.*?)\]", t, re.S):
        for h in re.findall(rb"/P\s*<([0-9a-fA-F]+)>", n.group(1)):
            found.add(bytes.fromhex(h.decode()).decode("utf-16"))
        for p in re.findall(rb"/P\s*\((.*?)\)", n.group(1)):
            found.add(p.decode("latin-1"))
print(" ".join(sorted(x.lstrip("\ufeff") for x in found)))
PY
)"
for p in letter- cv- statement-research- statement-teaching-; do
  contains " $labels " " $p " "page label prefix $p"
done
packet_text="$(pdf_text $mit/mit-packet.pdf)"
contains "$packet_text" "I teach by example." "the packet holds the last statement"

# The Chinese application: its language's words and fonts.
zhletter="$(pdf_text $zh/tsinghua-letter.pdf)"
for s in "我申请清华大学的计算机系助理教授职位。" "我的研究关注分析机。" "尊敬的招聘委员会：" \
  "附件" "研究陈述" "清华大学" "+44 20 7946 0001"; do
  contains "$zhletter" "$s" "zh letter: $s"
done
contains "$(pdftohtml -xml -i -stdout $zh/tsinghua-packet.pdf | tr -d '\n')" '>求职信</item>' \
  "zh packet: bookmark in Chinese"

# Every PDF theme builds a one-page letter with its own letterhead, from one apply above.
for t in $themes; do
  pdf=out/applications/in-$t/in-$t-letter.pdf
  text="$(pdf_text $pdf)"
  for s in "Ada Lovelace" "Lecturer in ${t^} Computing" "University of ${t^}"; do
    contains "$text" "$s" "$t letter: $s"
  done
  [[ "$(pdf_pages $pdf)" == 1 ]] && pass "$t letter is one page" || fail "$t letter pages: $(pdf_pages $pdf)"
done
# The letterheads differ as the themes' headers do: modern's banner is the accent colour, not
# the shared letterhead's rule; ats has its contacts apart by " | ".
contains "$(cat out/applications/in-modern/.mkcv/*letter*/*.tex 2> /dev/null || cat out/applications/in-modern/*.tex 2> /dev/null)" \
  '\colorbox{accent}' "modern letter: the theme's banner"
contains "$(pdf_text out/applications/in-ats/in-ats-letter.pdf)" "ada@example.org | +44 20 7946 0001" \
  "ats letter: the contacts as ats prints them"
contains "$(pdf_text out/applications/in-classic/in-classic-statement-research.pdf)" \
  "Ada Lovelace Research statement" "classic statement: the running header"
pdffonts out/applications/in-modern/in-modern-letter.pdf > fonts.txt
contains "$(cat fonts.txt)" "NotoSans-" "modern letter: the theme's sans-serif type"
lacks "$(cat fonts.txt)" "NotoSerif-" "modern letter: not the default serif"
# banking's signature is the picture, in the letter.
[[ "$(pdfimages -list out/applications/in-banking/in-banking-letter.pdf | tail -n +3 | wc -l)" -ge 1 ]] &&
  pass "the signature picture is in the letter" || fail "no signature picture"

# --lang: a language table in the letter, one application in two languages.
"$MKCV" apply in-ats --lang en,de > lang.log 2>&1 || { cat lang.log; fail "apply --lang en,de"; }
[[ -s out/applications/in-ats/in-ats-letter.de.pdf ]] && pass "--lang en,de: the German letter" ||
  fail "--lang en,de: no in-ats-letter.de.pdf"
de="$(pdf_text out/applications/in-ats/in-ats-letter.de.pdf 2> /dev/null || true)"
contains "$de" "Ich bewerbe mich bei der University of Ats." "--lang de: the letter's German text"
lacks "$de" "I apply to" "--lang de: not the English text"
contains "$(pdf_text out/applications/in-ats/in-ats-letter.pdf)" "I apply to University of Ats" \
  "--lang en: the English letter keeps its name"

# mkcv check covers the applications.
set +e
"$MKCV" check > check.log 2>&1
set -e
contains "$(cat check.log)" "letter: up to date ($mit/mit-letter.pdf)" "check: the letter is up to date"
contains "$(cat check.log)" "packet: up to date ($zh/tsinghua-packet.pdf)" "check: the zh packet"

# An edit to one letter rebuilds that application only.
zh_before="$(stat -c %Y.%N $zh/tsinghua-packet.pdf)"
cv_before="$(md5sum < $mit/mit-cv.pdf)"
sleep 1
echo "A new closing paragraph." >> mit-letter.md
set +e
"$MKCV" check > stale.log 2>&1
status=$?
set -e
expect_status 3 "$status" "check after an edit exits 3"
contains "$(cat stale.log)" "letter: stale" "check names the edited letter stale"
"$MKCV" apply > edit.log 2>&1 || { cat edit.log; fail "apply after an edit"; }
edit="$(cat edit.log)"
contains "$edit" "letter: xelatex" "the edited letter is compiled again"
contains "$edit" "packet: xelatex" "its packet is compiled again"
contains "$edit" "cv: up to date ($mit/mit-cv.pdf)" "the tailored CV is not"
contains "$edit" "letter: up to date ($zh/tsinghua-letter.pdf)" "the other application's letter is not"
contains "$edit" "packet: up to date ($zh/tsinghua-packet.pdf)" "nor its packet"
for t in $themes; do
  contains "$edit" "packet: up to date (out/applications/in-$t/in-$t-packet.pdf)" "nor $t's packet"
done
[[ "$(stat -c %Y.%N $zh/tsinghua-packet.pdf)" == "$zh_before" ]] && pass "other packet untouched" ||
  fail "the other packet was rewritten"
contains "$(pdf_text $mit/mit-letter.pdf)" "A new closing paragraph." "the edit reaches the PDF"

# A letter over one page: the budget's error at the letter file's line; the old PDF stays.
good="$(md5sum < $mit/mit-letter.pdf)"
for i in $(seq 1 30); do
  printf '\nParagraph %s of a letter that goes on and on about engines, numbers, music and the poetry of science, far past one page.\n' "$i" >> mit-letter.md
done
set +e
"$MKCV" apply mit > long.log 2>&1
status=$?
set -e
expect_status 1 "$status" "a letter over one page fails the application"
last_line="$(grep -n 'Paragraph 30 ' mit-letter.md | cut -d: -f1)"
contains "$(cat long.log)" "mit-letter.md:$last_line:1: error: letter: 2 pages; over the budget of 1 page by 1 page" \
  "the budget's error points at the letter's last paragraph"
[[ "$(md5sum < $mit/mit-letter.pdf)" == "$good" ]] && pass "the previous letter PDF is kept" ||
  fail "the letter PDF changed"

# A signature that is missing, or reached through a symbolic link, is refused (exit 2).
ln -s sig.png linked-sig.png
for case in missing:nosig.png link:linked-sig.png; do
  sed "s/^signature = \"sig.png\"$/signature = \"${case#*:}\"/" cv.toml > sig-${case%%:*}.toml
  set +e
  "$MKCV" apply sig-${case%%:*}.toml in-banking > sig.log 2>&1
  status=$?
  set -e
  expect_status 2 "$status" "a ${case%%:*} signature exits 2"
  contains "$(cat sig.log)" "${case#*:}" "the ${case%%:*} signature is named"
done

# An out/applications that is a symbolic link is never written through.
mkdir -p linked/out elsewhere
ln -s ../../elsewhere linked/out/applications
set +e
"$MKCV" apply in-long -o linked/out > linked.log 2>&1
status=$?
set -e
expect_status 2 "$status" "a linked out/applications exits 2"
contains "$(cat linked.log)" "is not a folder mkcv made" "the linked folder is named"
[[ -z "$(ls -A elsewhere)" && -L linked/out/applications ]] &&
  pass "nothing written through the link" || fail "written through out/applications"

# letter, statement and packet are no CV templates: listed apart, refused by build.
listing="$("$MKCV" templates)"
cv_part="$(sed '/^Templates of mkcv apply/,$d' <<< "$listing")"
apply_part="$(sed -n '/^Templates of mkcv apply/,$p' <<< "$listing")"
for t in letter statement packet; do
  grep -qx "$t" <<< "$cv_part" && fail "templates offers $t as a CV" || pass "$t is not listed as a CV"
  grep -qx "$t" <<< "$apply_part" && pass "$t listed under mkcv apply" || fail "$t not listed"
done
set +e
"$MKCV" build -t letter > build-letter.log 2>&1
status=$?
set -e
expect_status 2 "$status" "build -t letter exits 2"
contains "$(cat build-letter.log)" '"letter" is a template of mkcv apply, not a CV template' \
  "build -t letter says why"
contains "$(cat build-letter.log)" "mkcv apply builds the letter" "with a hint to use mkcv apply"
[[ ! -e out/cv-letter.pdf ]] && pass "no CV built of the letter" || fail "out/cv-letter.pdf"

# Bad input exits 2 with file:line:col; an unknown key too.
set +e
"$MKCV" apply harvard > unknown.log 2>&1
status=$?
set -e
expect_status 2 "$status" "an unknown key exits 2"
contains "$(cat unknown.log)" 'no application has the key "harvard"' "an unknown key is named"
sed -i 's/^key = "mit"$/key = "..\/mit"/' cv.toml
set +e
"$MKCV" apply > badkey.log 2>&1
status=$?
set -e
expect_status 2 "$status" "a key that is no folder name exits 2"
key_line="$(grep -n '^key = "../mit"' cv.toml | cut -d: -f1)"
contains "$(cat badkey.log)" "cv.toml:$key_line:7: error: application key \"../mit\" is not a name mkcv can give a folder" \
  "the bad key at its line and column"
[[ ! -e out/mit ]] && pass "nothing written outside out/applications" || fail "out/mit exists"
finish
