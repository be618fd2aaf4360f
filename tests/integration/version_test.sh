# mkcv --version: the version of CMakeLists.txt's project(), the git commit mkcv was configured
# from, and the TeX Live on PATH ("not found" when there is none).
source "$(dirname "$0")/lib.sh"

out="$("$MKCV" --version)"
version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$SRC/CMakeLists.txt")"
[[ -n "$version" ]] || fail "no version in CMakeLists.txt's project()"
[[ "$(sed -n 1p <<< "$out")" == "mkcv $version" ]] && pass "first line is mkcv $version" ||
  fail "first line: $(sed -n 1p <<< "$out")"
contains "$(grep -F "$version" "$SRC/CHANGELOG.md" || true)" "$version" "CHANGELOG.md names the version"

commit="$(sed -nE 's/^commit: //p' <<< "$out")"
if [[ -e "$SRC/.git" ]] && command -v git > /dev/null; then
  # The commit of the last configure, which may be older than HEAD, but is one of this
  # repository's commits.
  [[ "$commit" =~ ^[0-9a-f]{40}$ ]] && git -C "$SRC" cat-file -e "$commit^{commit}" 2> /dev/null &&
    pass "commit $commit is in the repository" || fail "commit: «$commit»"
else
  [[ "$commit" == unknown ]] && pass "commit unknown outside git" || fail "commit: «$commit»"
fi

require_tool xelatex "setup.sh installs TeX Live"
contains "$(sed -n 3p <<< "$out")" "TeX: XeTeX" "the TeX line names XeTeX"
contains "$out" "TeX Live" "the TeX line names the TeX Live release"
# With no TeX on PATH (only the tools the binary needs none of), TeX is "not found".
mkdir "$WORK/empty-path"
out="$(PATH="$WORK/empty-path" "$MKCV" --version)"
contains "$out" "TeX: not found" "no TeX on PATH"
contains "$out" "mkcv $version" "the version without TeX"
finish
