# What a hiring committee sees first (issue 39), on the real PDFs of all eight TeX themes, one
# mkcv build of one CV: the header keeps a space between the native name and the position even
# on a full line, and no contact's label is split from its value (typography_check.py's
# `label` rule on the word boxes); the short CV cites venues by their short names ("ASPLOS
# ’23": an acronym in parentheses, `venue_short`, or a known conference's) while the long CV
# prints them in full; a shortened author list keeps the owner, `keep_authors` and the last
# author, with "…" for each gap.
source "$(dirname "$0")/lib.sh"
require_tool pdftotext
require_tool xelatex
cd "$WORK"
export SOURCE_DATE_EPOCH=1700000000 NO_COLOR=1
themes=(long short classic modern banking sidebar awesome ats)

cat > cv.toml <<'TOML'
[person]
name = "Yihao Zhao"
native_name = "赵怡浩"
position = "Ph.D. Candidate"
# Just long enough that the short CV's header line is full: \hfill alone shrank to nothing.
affiliation = "School of Computer Science, Peking University, Haidian District, Beijing"
email = "zhaoyh98@pku.edu.cn"
homepage = "https://rivendile.github.io"
github = "Rivendile"
keep_authors = ["Xuanzhe Liu"]
# In this order the contacts broke after "Mastodon:" in short, long and classic.
profiles = [
  { network = "Google Scholar", username = "qc6CJjYAAAAJ" },
  { network = "Mastodon", username = "@yihao@mathstodon.xyz" },
  { network = "ORCID", username = "0000-0002-1825-0097" },
  { network = "LinkedIn", username = "yihao-zhao-pku" },
]

[[education]]
institution = "Peking University"
degree = "Ph.D. in Computer Science"
start = "2020-09"

[[publications]]
title = "Scheduling many jobs on few GPUs"
authors = ["Alice Adams", "Bob Brown", "Carol Chen", "Yihao Zhao", "Dan Du", "Eve Egan", "Fay Fu", "Gus Gao", "Hal Hu", "Xuanzhe Liu", "Ivy Ito", "Xin Jin"]
venue = "Proceedings of the 28th ACM International Conference on Architectural Support for Programming Languages and Operating Systems (ASPLOS)"
year = 2023
selected = true

[[publications]]
title = "Networks that schedule themselves"
authors = ["Yihao Zhao", "Xin Jin"]
venue = "Proceedings of the 20th USENIX Symposium on Networked Systems Design and Implementation"
year = 2022
selected = true

[[publications]]
title = "A workshop paper with a given short venue"
authors = ["Yihao Zhao", "Xin Jin"]
venue = "Workshop on Hot Topics in Things"
venue_short = "HotThings"
year = 2024
selected = true

[templates.long.filters.publications]
max_authors = 4
TOML

theme_args=(); for t in "${themes[@]}"; do theme_args+=(-t "$t"); done
if "$MKCV" build cv.toml "${theme_args[@]}" -o out --builtin-templates-only > build.log 2>&1; then
  pass "the CV builds in all eight themes"
else
  cat build.log >&2; fail "the CV builds in all eight themes"
fi

# gap_after PDF WORD NEXT: the space in points between WORD's box and NEXT's on one line, or
# "break" when NEXT starts another line.
gap_after() {
  pdftotext -enc UTF-8 -bbox "$1" - | python3 -c '
import re, sys
words = [(m.group(5), float(m.group(1)), float(m.group(2)), float(m.group(3)))
         for m in re.finditer(r"xMin=\"([\d.]+)\" yMin=\"([\d.]+)\" xMax=\"([\d.]+)\" yMax=\"([\d.]+)\">([^<]*)<", sys.stdin.read())]
for (a, _, ay, ax1), (b, bx0, by, _) in zip(words, words[1:]):
    if a == sys.argv[1] and b.startswith(sys.argv[2]):
        print(f"{bx0 - ax1:.1f}" if abs(by - ay) < 3 else "break")
        break
else:
    print("none")' "$2" "$3"
}

for t in "${themes[@]}"; do
  pdf="out/cv-$t.pdf"
  [[ -f "$pdf" ]] || { fail "$pdf was not built"; continue; }
  text="$(pdf_text "$pdf")"
  lacks "$text" "赵怡浩Ph.D." "$t: the native name and the position are apart"
  gap="$(gap_after "$pdf" "赵怡浩" "Ph.D.")"
  if [[ "$gap" == break || "$gap" == none ]] || python3 -c "import sys; sys.exit(float('$gap') < 5)"; then
    pass "$t: at least a space between the native name and the position ($gap)"
  else
    fail "$t: the native name and the position $gap pt apart"
  fi
  labels="$(python3 "$SRC/tests/tools/typography_check.py" "$pdf" \
    --locale "$SRC/builtin_templates/locales/en.toml" | grep ': label:' || true)"
  [[ -z "$labels" ]] && pass "$t: no contact label split from its value" || fail "$t: $labels"
  for name in "Yihao Zhao" "Xin Jin"; do
    contains "$text" "$name" "$t: $name is printed"
  done
done

short="$(pdf_text out/cv-short.pdf)"
contains "$short" "ASPLOS ’23" "short: the acronym in parentheses, with the year"
contains "$short" "NSDI ’22" "short: a known conference by its short name"
contains "$short" "HotThings ’24" "short: venue_short as given"
lacks "$short" "Architectural Support" "short: no venue in full"
long="$(pdf_text out/cv-long.pdf)"
contains "$(squashed "$long")" "$(squashed "Architectural Support for Programming Languages")" \
  "long: venues in full"
lacks "$long" "ASPLOS ’23" "long: no short venue"
modern="$(pdf_text out/cv-modern.pdf)"
contains "$modern" "Xuanzhe Liu" "modern (max_authors 8): the author of keep_authors is kept"
# The long CV at max_authors = 4: three first authors, the owner, keep_authors, the last.
contains "$long" "Alice Adams, Bob Brown, Carol Chen, Yihao Zhao, …, Xuanzhe Liu, …, Xin Jin" \
  "long (max_authors 4): first authors, the owner, keep_authors and the last author"
lacks "$long" "Dan Du" "long: the authors between are left out"
finish
