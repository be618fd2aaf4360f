#!/usr/bin/env bash
# cv.toml is data and a template is code: `[site] pdfs` may name a template folder by path
# only inside cv.toml's folder, or inside a folder the user gave with --template-dir. A
# folder in /tmp (or anywhere else a cloned CV points) is refused with exit 2 before any
# template is read, by `site` and so by `serve`.
source "$(dirname "$0")/../integration/lib.sh"

mkdir -p "$WORK/cv/tpl" "$WORK/outside"
cp -r "$SRC/tests/data/templates/notes-md" "$WORK/outside/evil"
cp -r "$SRC/tests/data/templates/notes-md" "$WORK/cv/tpl/mine"
ln -s "$WORK/outside/evil" "$WORK/cv/tpl/linked"
cd "$WORK/cv"

site() {  # site PDFS [ARGS...]: status in $status, output in $out
  local pdfs="$1"; shift
  printf '[person]\nname = "Jane Doe"\n[site]\npdfs = [%s]\n' "$pdfs" > cv.toml
  status=0
  out="$("$MKCV" site -o _site "$@" 2>&1)" || status=$?
}

for path in "$WORK/outside/evil" "../outside/evil" "tpl/linked"; do
  site "\"$path\""
  expect_status 2 "$status" "[site] pdfs = $path"
  contains "$out" "outside the folder of cv.toml" "$path: refused as outside cv.toml's folder"
  contains "$out" "--template-dir" "$path: the hint says how to allow it"
done

# Inside the folder, or below a --template-dir: allowed (then refused only because these
# test templates are Markdown, not PDF templates; no TeX is run).
site "\"tpl/mine\""
expect_status 2 "$status" "a template folder inside cv.toml's folder"
lacks "$out" "outside the folder" "a template folder inside cv.toml's folder is allowed"
contains "$out" "is not a PDF template" "a template folder inside cv.toml's folder is read"
site "\"$WORK/outside/evil\"" --template-dir "$WORK/outside"
lacks "$out" "outside the folder" "a folder below --template-dir is allowed"
contains "$out" "is not a PDF template" "a folder below --template-dir is read"
finish
