# TeX's own sandbox, whatever a template does (a template is code, but TeX must still not
# reach outside its build folder): kpathsea's paranoid mode set by mkcv over the caller's
# environment, no shell escape, and a build folder that keeps nothing
# it did not make (a planted hyperref.cfg is removed before TeX runs). LuaLaTeX's own sandbox
# is tex_sandbox_lua_test.sh.
# Each payload is checked three ways: the secret never reaches the PDF, nothing is written
# outside the build folder, and the planted file is gone.
source "$(dirname "$0")/../integration/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

cd "$WORK"
cp "$SRC/cv.toml" cv.toml
secret="mkcv-secret-$RANDOM$RANDOM"
echo "$secret" > secret.txt
# The caller's environment must not loosen the sandbox.
export openin_any=a openout_any=a shell_escape=t TEXMFOUTPUT=/
export SOURCE_DATE_EPOCH=1700000000

# template NAME ENGINE BODY: a template folder whose document body is BODY.
template() {
  mkdir -p "$1"
  printf 'name = "%s"\nengine = "%s"\n' "$1" "$2" > "$1/template.toml"
  printf '%s\n' '\documentclass{article}' '\usepackage{hyperref}' '\begin{document}' \
    'NAME:<<person.name>>' "$3" '\end{document}' > "$1/cv.tex.mustache"
}

# Reads: an absolute path, a parent folder, a dot file, through \input and \openin; a shell
# command. None is fatal, so the PDF shows what TeX got.
read_body='\makeatletter
\IfFileExists{/etc/hostname}{HOST:\input{/etc/hostname}}{NOHOST}
\newread\mkcvr
\def\tryread#1#2{\openin\mkcvr=#1 \ifeof\mkcvr #2:NO \else\read\mkcvr to\mkcvx #2:\mkcvx\closein\mkcvr\fi}
\tryread{'"$WORK"'/secret.txt}{ABS}
\tryread{../../../secret.txt}{UP}
\tryread{/proc/self/environ}{ENV}
\immediate\write18{touch '"$WORK"'/shell-escaped}
\ifdefined\mkcvplanted PLANTED\fi
DONE'
template reader xelatex "$read_body"
status=0
"$MKCV" build -t ./reader -o out > reader.log 2>&1 || status=$?
expect_status 0 "$status" "a template that only tries to read builds"
text="$(pdf_text out/cv-reader.pdf 2>/dev/null || true)"
contains "$text" "DONE" "the reader's PDF is made"
lacks "$text" "$secret" "no secret through an absolute path or .."
contains "$text" "NOHOST" "\\IfFileExists{/etc/hostname} is false"
contains "$text" "ABS:NO" "\\openin of an absolute path fails"
contains "$text" "UP:NO" "\\openin of ../ fails"
contains "$text" "ENV:NO" "/proc/self/environ is not read"
host="$(cat /etc/hostname 2>/dev/null || true)"
if ((${#host} >= 6)); then lacks "$text" "$host" "the hostname is not in the PDF"; fi
[[ ! -e shell-escaped ]] && pass "no shell escape" || fail "\\write18 ran a command"

# A hyperref.cfg left in the build folder (by an earlier, hostile build) must not be read by
# the next one.
mkdir -p out/.mkcv/cv-reader
printf '\\def\\mkcvplanted{}\n' > out/.mkcv/cv-reader/hyperref.cfg
echo "% changed" >> reader/cv.tex.mustache
"$MKCV" build -t ./reader -o out > planted.log 2>&1 || fail "rebuild with a planted file: $(cat planted.log)"
lacks "$(pdf_text out/cv-reader.pdf)" "PLANTED" "the planted hyperref.cfg is not read"
[[ ! -e out/.mkcv/cv-reader/hyperref.cfg ]] && pass "the planted file is removed" ||
  fail "hyperref.cfg still in the build folder"

# Writes outside the build folder: TeX refuses (a fatal error, so exit 1), nothing appears.
template writer xelatex '\newwrite\mkcvw
\immediate\openout\mkcvw=../../../written-up.tex \immediate\write\mkcvw{x}\immediate\closeout\mkcvw
WROTE'
status=0
"$MKCV" build -t ./writer -o out > writer.log 2>&1 || status=$?
expect_status 1 "$status" "a template writing to ../ fails to compile"
[[ ! -e written-up.tex && -z "$(find "$WORK" -name 'written-up*' -not -path '*/.mkcv/*')" ]] &&
  pass "nothing written outside the build folder" || fail "a file was written outside"
contains "$(cat writer.log)" "can't write on file" "the log's reason is shown"
[[ ! -e out/cv-writer.pdf ]] && pass "no PDF from the writer" || fail "writer made a PDF"

finish
