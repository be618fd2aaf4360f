#!/usr/bin/env bash
# Renders the first page of every built-in LaTeX template for cv.toml into
# docs/images/NAME.png, and the top of the homepage (headless Chromium, 1280 px wide) into
# docs/images/homepage.png: the previews the README shows. Run after changing a template's look:
#
#   build_scripts/previews.sh            (uses build/mkcv; run build_scripts/setup.sh first)
#   build_scripts/previews.sh ats classic   only these templates (the gallery's, docs/gallery.md)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkcv="${MKCV:-$root/build/mkcv}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

cd "$root"
templates=()
if (($#)); then
  for name in "$@"; do templates+=(-t "$name"); done
else
  for dir in latex_templates/*/; do
    name="$(basename "$dir")"
    [[ -f "$dir/template.toml" ]] && templates+=(-t "$name")
  done
fi
"$mkcv" build cv.toml "${templates[@]}" -o "$out" -q
for pdf in "$out"/cv-*.pdf; do
  name="$(basename "$pdf" .pdf)"
  name="${name#cv-}"
  # 70 dpi: an A4 page is 579 × 819 pixels, readable on GitHub and small in the repository.
  pdftoppm -png -r 70 -f 1 -l 1 -singlefile "$pdf" "docs/images/$name"
  echo "docs/images/$name.png"
done
# The homepage as a browser shows it: 1280 × 1500 pixels, light colour scheme, from file://.
if [[ -f "$out/cv-homepage.html" ]]; then
  chromium --headless --no-sandbox --disable-gpu --no-first-run --hide-scrollbars \
    --proxy-server=127.0.0.1:9 --host-resolver-rules="MAP * ~NOTFOUND" \
    --user-data-dir="$out/chrome" --window-size=1280,1500 \
    --screenshot="$root/docs/images/homepage.png" "file://$out/cv-homepage.html" 2>/dev/null
  echo "docs/images/homepage.png"
fi
