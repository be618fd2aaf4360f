# The README's first code block, the two-minute path, run as a recipe: in an empty folder,
# with this build's mkcv on PATH, it must leave out/cv-long.pdf and out/cv-short.pdf with the
# name it gave `mkcv new`, and open the long one. Its package install is checked by
# package_install_test (a stand-in sudo records it here); it must not pull in Recommends.
# Every relative link of the README must name a file of the repository.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"
require_tool pdftotext "poppler-utils; setup.sh installs it"
cd "$WORK"

block="$(awk '/^```sh$/ {on = 1; next} on && /^```$/ {exit} on {print}' "$SRC/README.md")"
[[ -n "$block" ]] && pass "the README has a first sh block" || { fail "no sh block in README.md"; finish; }
contains "$block" "apt-get install --no-install-recommends ./mkcv_" "it installs the package without Recommends"
contains "$block" "mkcv new " "it makes a starter cv.toml"

mkdir bin home
ln -s "$MKCV" bin/mkcv
cat > bin/sudo <<'SH'
#!/usr/bin/env bash
printf '%s\n' "$*" >> "$WORK/sudo.calls"
SH
cat > bin/xdg-open <<'SH'
#!/usr/bin/env bash
printf '%s\n' "$*" >> "$WORK/opened"
SH
chmod +x bin/sudo bin/xdg-open
touch home/mkcv_1.0.0_amd64.deb
export WORK
(cd home && PATH="$WORK/bin:$PATH" bash -euo pipefail -c "$block") > recipe.log 2>&1 ||
  { cat recipe.log; fail "the README's first block failed"; }
contains "$(cat sudo.calls 2>/dev/null)" "apt-get install --no-install-recommends ./mkcv_1.0.0_amd64.deb" \
  "the install line names the downloaded package"
name="$(sed -nE 's/^mkcv new "([^"]+)".*/\1/p' <<< "$block")"
for pdf in cv-long cv-short; do
  if [[ -s "home/out/$pdf.pdf" ]]; then
    contains "$(pdf_text "home/out/$pdf.pdf")" "$name" "out/$pdf.pdf holds «$name»"
  else
    fail "no out/$pdf.pdf"
  fi
done
contains "$(cat opened 2>/dev/null)" "out/cv-long.pdf" "the long PDF is opened"

# Relative links: [text](path) and ![alt](path), less any #anchor.
missing=()
while IFS= read -r target; do
  [[ -e "$SRC/${target%%#*}" ]] || missing+=("$target")
done < <(grep -oE '\]\([^)#: ]+(#[^)]*)?\)' "$SRC/README.md" | sed -E 's/^\]\(//; s/\)$//' | sort -u)
((${#missing[@]} == 0)) && pass "every relative link of the README names a file" ||
  fail "README links to missing files: ${missing[*]}"
finish
