# LuaLaTeX's sandbox, whatever a template does: Lua's io and os are limited too (--safer,
# --nosocket, paranoid kpathsea). A template in Lua tries to read a secret, write a file, run
# a command and reach the socket library; the build must succeed and its PDF must say each
# failed. build_scripts/test.sh installs texlive-luatex for it; without lualatex it skips
# (and fails under CI).
source "$(dirname "$0")/../integration/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"
require_tool lualatex "build_scripts/test.sh installs texlive-luatex"
kpsewhich luaotfload.sty > /dev/null || skip "lualatex has no luaotfload (texlive-luatex)"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
echo "mkcv-secret-$RANDOM$RANDOM" > secret.txt
secret="$(cat secret.txt)"
export openin_any=a openout_any=a shell_escape=t TEXMFOUTPUT=/
export SOURCE_DATE_EPOCH=1700000000

template() {  # template NAME ENGINE BODY, as in tex_sandbox_test.sh
  mkdir -p "$1"
  printf 'name = "%s"\nengine = "%s"\n' "$1" "$2" > "$1/template.toml"
  printf '%s\n' '\documentclass{article}' '\begin{document}' \
    'NAME:<<person.name>>' "$3" '\end{document}' > "$1/cv.tex.mustache"
}

# LuaLaTeX: Lua's io and os are sandboxed too (--safer, paranoid kpathsea).
template luareader lualatex '\directlua{
local f = io.open("'"$WORK"'/secret.txt") tex.print(f and ("LREAD:" .. f:read("*l")) or "LREAD:NO")
local g = io.open("'"$WORK"'/lua-wrote", "w") tex.print(g and "LWRITE:YES" or "LWRITE:NO")
if g then g:write("x") g:close() end
local ok = pcall(function() return os.execute("touch '"$WORK"'/lua-executed") end)
tex.print(socket and "SOCKET" or "NOSOCKET")}
LUADONE'
status=0
"$MKCV" build -t ./luareader -o out > lua.log 2>&1 || status=$?
expect_status 0 "$status" "the Lua template builds"
((status == 0)) || cat lua.log
text="$(pdf_text out/cv-luareader.pdf 2>/dev/null || true)"
grep -q "lualatex .*-safer.*-nosocket" out/.mkcv/cv-luareader/tex.out &&
  pass "lualatex runs with --safer --nosocket" || fail "lualatex without --safer --nosocket"
lacks "$text" "$secret" "Lua cannot read outside the build folder"
[[ ! -e lua-wrote && ! -e lua-executed ]] && pass "Lua wrote nothing, ran nothing" ||
  fail "Lua wrote or ran something outside"
contains "$text" "LUADONE" "the Lua code ran to its end"
contains "$text" "LREAD:NO" "io.open of an absolute path fails"
contains "$text" "LWRITE:NO" "io.open for writing fails"
contains "$text" "NOSOCKET" "no socket library"
finish
