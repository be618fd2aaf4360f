#!/usr/bin/env bash
# `mkcv sync` reads responses someone else wrote: titles and names holding TeX code
# (\input of a secret file, ^^5c spellings, \catcode, math), HTML (<script>, entities) and a
# huge title go through an offline sync into the synced list and one real XeLaTeX build of
# `long`. The secret never reaches the PDF, nothing is written outside the list and the
# output folder, and pdftotext shows every title as the text it is (tags dropped, entities
# decoded, the huge one cut), never run as TeX.
source "$(dirname "$0")/lib.sh"
require_tool xelatex "build_scripts/setup.sh installs TeX Live"
require_tool pdftotext "build_scripts/setup.sh installs poppler-utils"

cat > "$CV/cv.toml" <<'TOML'
[person]
name = "Jane Q. Doe"

[sync]
orcid = "0000-0002-1825-0097"
TOML
# Crossref works JSON, written by Python so every backslash is escaped as JSON wants.
python3 - "$CV/hostile.json" "$SECRET" <<'PY'
import json, sys
out, secret = sys.argv[1], sys.argv[2]
titles = [
    "Plain \\input{" + secret + "}",
    "Caret ^^5cinput^^7b" + secret + "^^7d",
    "Math $\\input{" + secret + "}$",
    "Catcode \\catcode`\\~=0 ~input{" + secret + "}",
    "Tags <script>alert(1)</script> <i>Italic</i> &lt;b&gt; &amp; 50%",
    "Huge " + "A" * 20000,
]
items = []
for i, title in enumerate(titles):
    items.append({"DOI": "10.5555/hostile.%d" % i, "type": "journal-article", "title": [title],
                  "container-title": ["Journal \\write18{rm -rf /}"],
                  "author": [{"given": "Jane Q.", "family": "Doe", "ORCID": "https://orcid.org/0000-0002-1825-0097"},
                             {"given": "\\input{" + secret + "}", "family": "Evil"}],
                  "issued": {"date-parts": [[2020 + i]]}})
json.dump({"message-type": "work-list", "message": {"items": items}}, open(out, "w"))
PY

run_mkcv sync "0" "$CV/publications.sync.bib" sync --offline hostile.json
[[ -f "$CV/publications.sync.bib" ]] && pass "the synced list is written" || fail "no synced list"
run_mkcv build "0" "$CV/out" build -t long
pdf="$CV/out/cv-long.pdf"
if [[ -f "$pdf" ]]; then
  text="$(pdftotext -enc UTF-8 "$pdf" - | normalize)"
  for title in "Plain \\input{$SECRET}" "Caret ^^5cinput^^7b$SECRET^^7d" "Math \$\\input{$SECRET}\$" \
    "Catcode \\catcode\`\\~=0 ~input{$SECRET}" "Tags alert(1) Italic <b> & 50%" \
    "Journal \\write18{rm -rf /}" "\\input{$SECRET} Evil"; do
    want="$(printf '%s' "$title" | normalize)"
    contains "$text" "$want" "printed as text: ${title:0:40}"
  done
  huge="$(printf 'Huge %s' "$(printf 'A%.0s' $(seq 1 40))" | normalize)"
  contains "$text" "$huge" "the huge title prints (cut)"
  lacks "$text" "$(printf 'A%.0s' $(seq 1 4200))" "the huge title is cut to 4 KiB"
else
  fail "no PDF"
fi
finish
