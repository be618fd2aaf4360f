# `cmake --install` puts the binary and the built-in templates where the binary finds them.
source "$(dirname "$0")/lib.sh"

build_dir="$(dirname "$MKCV")"
cd "$WORK"
cmake --install "$build_dir" --prefix "$WORK/prefix" > install.log 2>&1 || { cat install.log; fail "install"; finish; }
installed="$WORK/prefix/bin/mkcv"
[[ -x "$installed" ]] && pass "binary installed" || fail "no binary"
listing="$("$installed" templates)"
contains "$listing" "$WORK/prefix/share/mkcv/builtin_templates/long" "installed binary finds installed templates"
cp "$SRC/cv.toml" "$WORK/cv.toml"
"$installed" render "$WORK/cv.toml" -t short > "$WORK/short.tex" && contains "$(cat "$WORK/short.tex")" "Selected Publications" "installed binary renders"
finish
