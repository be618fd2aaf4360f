#!/usr/bin/env bash
# Renders the first page of every built-in LaTeX template for cv.toml into
# docs/images/NAME.png, and the top of the homepage (headless Chromium, 1280 px wide) into
# docs/images/homepage.png: the previews the README, docs/templates.md and docs/gallery.md
# show; and a cover letter in two themes (docs/images/letter-THEME.png, `mkcv apply` for an
# application added to a copy of cv.toml), which docs/gallery.md and docs/applications.md
# show. A new theme (a folder of builtin_templates/ with a template.toml) is picked up as it is;
# give it a section in docs/gallery.md. Run after changing a template's look:
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
  for dir in builtin_templates/*/; do
    name="$(basename "$dir")"
    # letter, statement and packet are mkcv apply's, not CVs: their images are made below.
    case "$name" in letter | statement | packet) continue ;; esac
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
# A cover letter in two themes: cv.toml with an application in each, built by mkcv apply.
if ((!$#)); then
  mkdir "$out/apply"
  cp cv.toml "$out/apply/cv.toml"
  for theme in modern classic; do
    cat >> "$out/apply/cv.toml" << TOML

[[applications]]
key = "$theme"
organisation = "Example University"
position = "Assistant Professor of Computer Science"
recipient = { name = "Prof. Jane Doe", title = "Chair, Faculty Search Committee", address = ["Department of Computer Science", "1 University Avenue"] }
date = "2027-01-15"
template = "$theme"
tags = ["none"]
letter = """
I am writing to apply for the position of <<position>> at <<organisation>>. My research
builds the schedulers and networks that large *AI clusters* run on.

My work on GPU cluster scheduling has been deployed in production clusters of thousands of
GPUs, and my work on datacenter networks shows how traffic of training jobs can be placed
to avoid congestion.

At <<organisation>> I would build a group on **AI infrastructure**, teach systems and
networking, and work with colleagues across the department.

Thank you for considering my application.
"""
TOML
  done
  "$mkcv" apply "$out/apply/cv.toml" -o "$out/apply/out" -q
  for theme in modern classic; do
    pdftoppm -png -r 70 -f 1 -l 1 -singlefile "$out/apply/out/applications/$theme/$theme-letter.pdf" \
      "docs/images/letter-$theme"
    echo "docs/images/letter-$theme.png"
  done
fi
