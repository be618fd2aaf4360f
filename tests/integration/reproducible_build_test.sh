# Two clean builds of the same inputs give byte-identical PDFs, dated by [build] date,
# SOURCE_DATE_EPOCH or cv.toml's last git commit, never by the clock.
source "$(dirname "$0")/lib.sh"

for dir in a b; do
  mkdir -p "$WORK/$dir"
  cp "$SRC/cv.toml" "$WORK/$dir/cv.toml"
done
(cd "$WORK/a" && SOURCE_DATE_EPOCH=1700000000 "$MKCV" build -q) || fail "build in a"
sleep 1  # a clock-dated PDF would now differ
(cd "$WORK/b" && SOURCE_DATE_EPOCH=1700000000 "$MKCV" build -q) || fail "build in b"
for name in long short; do
  cmp -s "$WORK/a/out/cv-$name.pdf" "$WORK/b/out/cv-$name.pdf" &&
    pass "$name: byte-identical in two folders" || fail "$name: PDFs differ"
done
# An edit rebuilt in a kept build folder (fewer TeX passes) gives the bytes of a clean build.
mkdir -p "$WORK/c"
sed -i 's/^position = .*/position = "Edited"/' "$WORK/b/cv.toml"
cp "$WORK/b/cv.toml" "$WORK/c/cv.toml"
(cd "$WORK/b" && SOURCE_DATE_EPOCH=1700000000 "$MKCV" build -q -t short) || fail "rebuild in b"
(cd "$WORK/c" && SOURCE_DATE_EPOCH=1700000000 "$MKCV" build -q -t short) || fail "clean build in c"
cmp -s "$WORK/b/out/cv-short.pdf" "$WORK/c/out/cv-short.pdf" &&
  pass "incremental rebuild equals a clean build" || fail "incremental rebuild differs"
contains "$(pdfinfo "$WORK/a/out/cv-long.pdf")" "Nov 14" "PDF dated by SOURCE_DATE_EPOCH"
contains "$(pdf_text "$WORK/a/out/cv-long.pdf")" "Last updated: 14 Nov. 2023" "CV dated by SOURCE_DATE_EPOCH"

# No date given: the last commit of cv.toml in git.
mkdir -p "$WORK/repo"
cp "$SRC/cv.toml" "$WORK/repo/cv.toml"
cd "$WORK/repo"
git init -q .
git add cv.toml
GIT_AUTHOR_DATE="2024-03-05T12:00:00Z" GIT_COMMITTER_DATE="2024-03-05T12:00:00Z" \
  git -c user.name=t -c user.email=t@example.org commit -qm cv
unset SOURCE_DATE_EPOCH
"$MKCV" build -q -t long || fail "build in git"
contains "$(pdf_text out/cv-long.pdf)" "Last updated: 5 Mar. 2024" "CV dated by the commit of cv.toml"
contains "$(pdfinfo out/cv-long.pdf)" "Mar  5 12:00:00 2024" "PDF dated by the commit"

# [build] date wins over both.
printf '\n[build]\ndate = "2025-08-01"\n' >> cv.toml
SOURCE_DATE_EPOCH=1700000000 "$MKCV" build -q -t long || fail "build with [build] date"
contains "$(pdf_text out/cv-long.pdf)" "Last updated: 1 Aug. 2025" "CV dated by [build] date"
contains "$(pdfinfo out/cv-long.pdf)" "Aug  1 00:00:00 2025" "PDF dated by [build] date"
finish
