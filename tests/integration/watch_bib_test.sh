# mkcv watch also rebuilds when a BibTeX file the CV lists changes. Every wait is bounded.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000
cat > cv.toml <<'TOML'
bibliography = ["pubs.bib"]
[person]
name = "Ada Lovelace"
TOML
cat > pubs.bib <<'BIB'
@article{lovelace1843notes,
  title = {Notes on the Analytical Engine},
  author = {Lovelace, Ada},
  journal = {Scientific Memoirs},
  year = 1843
}
BIB

"$MKCV" watch -t long > watch.log 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true; remove_work' EXIT

wait_for 60 watching 1 && pass "first build" || { cat watch.log; fail "no first build"; }
contains "$(pdf_text out/cv-long.pdf)" "Notes on the Analytical Engine" "the paper from the .bib"

sleep 1  # a file written within the first build's second counts as changed during it
sed -i 's/Notes on the Analytical Engine/Sketch of the Analytical Engine/' pubs.bib
wait_for 60 grep -q "pubs.bib changed, building" watch.log && pass "rebuilds when the .bib changes" ||
  { cat watch.log; fail "the .bib change went unseen"; }
has_new_title() { pdf_text out/cv-long.pdf | grep -q "Sketch of the Analytical Engine"; }
wait_for 60 has_new_title && pass "the PDF has the new title" || fail "the PDF kept the old title"

kill -INT "$pid"
wait_for 10 bash -c "! kill -0 $pid" && pass "stops on SIGINT" || fail "did not stop"
finish
