#!/usr/bin/env bash
# The weekly sync (docs/ci.md opens a pull request when the list changed) must find nothing
# to change when nothing changed: every recorded answer in tests/data/sync, alone and all
# together, synced twice gives the same publications.sync.bib byte for byte, and the second
# run says it is up to date. The answers are also synced with titles, venues and names that
# hold what a BibTeX reader turns into other characters (straight apostrophes, which came
# back as ’ and rewrote the file every week; `--`, backquotes, braces) and with abstracts,
# and with titles that try to close their entry: each stays one paper. A CV whose [sync]
# same_as makes a work its own is synced twice too.
source "$(dirname "$0")/lib.sh"
DATA="$SRC/tests/data/sync"
ANSWERS=(arxiv.xml crossref.json dblp.bib dblp.xml openalex.json orcid.json scholar.bib
  semantic_scholar.json)

# The answers again, every title, venue and author name with the hard characters added.
mkdir -p "$WORK/hard"
python3 - "$DATA" "$WORK/hard" <<'PY'
import json, os, re, sys
src, out = sys.argv[1], sys.argv[2]
HARD = " AACR's O'Brien 1--2 `q' \"d\" {b}}} @misc{fake, title={Fake}}"
ABSTRACT = "We show that AACR's O'Brien 1--2 `q' {b}} holds, in   two  lines.\nSecond line."
def walk(node, key=""):
    if isinstance(node, dict):
        out = {k: walk(v, k) for k, v in node.items()}
        if "paperId" in node and "abstract" not in node:  # Semantic Scholar
            out["abstract"] = ABSTRACT
        if "DOI" in node and "type" in node and "abstract" not in node:  # Crossref, as JATS
            out["abstract"] = "<jats:title>Abstract</jats:title><jats:p>" + ABSTRACT + "</jats:p>"
        return out
    if isinstance(node, list):
        return [walk(v, key) for v in node]
    if isinstance(node, str) and key in ("title", "name", "family", "display_name", "venue",
                                         "container-title", "content"):
        return node + HARD
    return node
for name in os.listdir(src):
    path = os.path.join(src, name)
    if not os.path.isfile(path):
        continue
    text = open(path, encoding="utf-8").read()
    if name.endswith(".json"):
        json.dump(walk(json.loads(text)), open(os.path.join(out, name), "w"), ensure_ascii=False)
    elif name.endswith(".xml"):
        hard = HARD.replace("&", "&amp;").replace("'", "&apos;").replace('"', "&quot;")
        text = re.sub(r"</(title|author|journal|booktitle)>", lambda m: hard + m.group(0), text)
        open(os.path.join(out, name), "w", encoding="utf-8").write(text)
    elif name.endswith(".bib") and name != "own.bib":
        text = re.sub(r"(title=\{[^\n]*)\},", lambda m: m.group(1) + " AACR's 1--2 `q'},", text)
        open(os.path.join(out, name), "w", encoding="utf-8").write(text)
PY

twice() {  # twice LABEL DIR ANSWER...: sync, sync again, compare
  local label="$1" dir="$2" status out
  shift 2
  rm -rf "$WORK/$label"
  mkdir -p "$WORK/$label"
  cp "$DATA/own.bib" "$WORK/$label/"
  cp "${TWICE_CV:-$DATA/cv.toml}" "$WORK/$label/cv.toml"
  local args=()
  for answer in "$@"; do args+=("$dir/$answer"); done
  set +e
  out="$(cd "$WORK/$label" && "$MKCV" sync --offline "${args[@]}" 2>&1)"
  status=$?
  set -e
  expect_status 0 "$status" "$label: the first sync"
  if [[ ! -f "$WORK/$label/publications.sync.bib" ]]; then
    fail "$label: no list written"
    echo "$out"
    return
  fi
  cp "$WORK/$label/publications.sync.bib" "$WORK/$label/first.bib"
  set +e
  out="$(cd "$WORK/$label" && "$MKCV" sync --offline "${args[@]}" 2>&1)"
  status=$?
  set -e
  expect_status 0 "$status" "$label: the second sync"
  contains "$out" "is up to date" "$label: the second sync says the list is up to date"
  if cmp -s "$WORK/$label/first.bib" "$WORK/$label/publications.sync.bib"; then
    pass "$label: the second sync leaves the file as it was"
  else
    fail "$label: the second sync changed the file"
    diff -u "$WORK/$label/first.bib" "$WORK/$label/publications.sync.bib" | head -20 >&2
  fi
}

for answer in "${ANSWERS[@]}"; do
  twice "${answer%.*}" "$DATA" "$answer"
  twice "hard-${answer%.*}" "$WORK/hard" "$answer"
done
twice all "$DATA" "${ANSWERS[@]}"
twice hard-all "$WORK/hard" "${ANSWERS[@]}"
# With [sync] same_as: the work the user said is their own entry stays out, sync after sync.
sed 's/^ignore = .*/&\nsame_as = { "Learned caches for everyone: the extended version" = "doe2020own" }/' \
  "$DATA/cv.toml" > "$WORK/same_as.toml"
TWICE_CV="$WORK/same_as.toml" twice same-as "$DATA" "${ANSWERS[@]}" notices/dblp_extended.bib
lacks "$(cat "$WORK/same-as/publications.sync.bib")" "extended version" \
  "same-as: the work same_as names is not in the list"

# Each hard title is one paper: no entry of the titles' own, and the build reads every one.
list="$(cat "$WORK/hard-crossref/publications.sync.bib")"
entries="$(grep -c '^@' <<< "$list")"
titles="$(grep -c '^  title' <<< "$list")"
[[ "$entries" -gt 0 && "$entries" == "$titles" ]] && pass "one entry per title ($entries)" \
  || fail "entries $entries, titles $titles"
lacks "$list" "@misc{fake" "no title opens an entry of its own"
exported="$(cd "$WORK/hard-crossref" && "$MKCV" export bib 2>&1)"
contains "$exported" "O\\textquotesingle{}Brien" "export bib keeps the straight apostrophe"
contains "$exported" "abstract  = {We show that AACR" "the abstract is kept"
lacks "$exported" "@misc{fake" "export bib writes no entry of a title's"
json="$(cd "$WORK/hard-crossref" && "$MKCV" build -t jsonresume -o out > /dev/null 2>&1 && cat out/cv-jsonresume.json)"
contains "$json" "AACR's O'Brien 1--2 \`q' \\\"d\\\" {b}}} @misc{fake, title={Fake}}" \
  "the build prints the title as the answer wrote it"
finish
