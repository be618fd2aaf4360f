# mkcv doctor: exit 0 on this machine (which setup.sh equipped), exit 1 naming the Debian
# package when PATH hides latexmk or a template needs a font or LaTeX package that is not
# installed; mkcv build points at mkcv doctor when a tool is missing. Runs no TeX.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
cd "$WORK"

run() {  # run ARGS...: output in out.txt, status in $status
  set +e
  "$@" > out.txt 2>&1
  status=$?
  set -e
}

# No cv.toml needed: the built-in long and short templates.
run "$MKCV" doctor
expect_status 0 "$status" "doctor on this machine"
contains "$(cat out.txt)" "all is well" "says all is well"
contains "$(cat out.txt)" "ok       latexmk" "latexmk found"
contains "$(cat out.txt)" "ok       xelatex" "xelatex found"
contains "$(cat out.txt)" "LaTeX packages" "LaTeX packages checked"
contains "$(cat out.txt)" "fonts" "fonts checked"
run "$MKCV" doctor -t homepage -t markdown
expect_status 0 "$status" "HTML and Markdown templates need no TeX"
lacks "$(cat out.txt)" "latexmk" "no TeX checked for them"

# Installed without the package's Recommends: no xeCJK (texlive-lang-cjk) and no ctexhook
# (texlive-lang-chinese), here hidden from kpsewhich. The default templates need neither for
# a CV without CJK text: all is well, and doctor names what a CJK CV would add.
mkdir nocjk
cat > nocjk/kpsewhich <<'SH'
#!/bin/sh
"$MKCV_REAL_KPSEWHICH" "$@" | grep -v -e '/xeCJK\.sty$' -e '/ctexhook\.sty$'
exit 1
SH
chmod +x nocjk/kpsewhich
run env MKCV_REAL_KPSEWHICH="$(command -v kpsewhich)" PATH="$WORK/nocjk:$PATH" "$MKCV" doctor
expect_status 0 "$status" "doctor without xeCJK: the default templates need it only for CJK text"
contains "$(cat out.txt)" "all is well" "all is well without the Recommends"
contains "$(cat out.txt)" "for CJK  LaTeX package xeCJK (xeCJK.sty): texlive-lang-cjk" "xeCJK named"
contains "$(cat out.txt)" "for CJK  LaTeX package ctexhook (ctexhook.sty): texlive-lang-chinese" \
  "ctexhook, which xeCJK loads, named"
contains "$(cat out.txt)" "sudo apt-get install texlive-lang-chinese texlive-lang-cjk" \
  "the install line for CJK CVs"
run "$MKCV" doctor
lacks "$(cat out.txt)" "for CJK  " "with the Recommends installed, nothing to add"
contains "$(cat out.txt)" "LaTeX packages for CJK text" "and they are checked"
contains "$(cat out.txt)" "2 fonts for CJK text" "the Noto CJK fonts too"

# Nor fonts-noto-cjk (a Recommends too), here hidden from fc-list: a CV without CJK text
# never loads Noto CJK, so all is well, and the line for CJK CVs names the package.
cat > nocjk/fc-list <<'SH'
#!/bin/sh
case "$*" in *CJK*) exit 1 ;; esac
exec "$MKCV_REAL_FC_LIST" "$@"
SH
chmod +x nocjk/fc-list
run env MKCV_REAL_KPSEWHICH="$(command -v kpsewhich)" MKCV_REAL_FC_LIST="$(command -v fc-list)" \
  PATH="$WORK/nocjk:$PATH" "$MKCV" doctor
expect_status 0 "$status" "doctor without Noto CJK: the default templates need it only for CJK text"
contains "$(cat out.txt)" "all is well" "all is well without fonts-noto-cjk"
contains "$(cat out.txt)" 'for CJK  font "Noto Serif CJK SC": fonts-noto-cjk' "Noto CJK named"
contains "$(cat out.txt)" "sudo apt-get install fonts-noto-cjk texlive-lang-chinese texlive-lang-cjk" \
  "the install line for CJK CVs has the fonts"
lacks "$(cat out.txt)" "missing  " "nothing else missing"

# PATH without latexmk: the TeX tools doctor asks are still there.
mkdir bin
for tool in xelatex kpsewhich fc-list; do ln -s "$(command -v "$tool")" "bin/$tool"; done
run env PATH="$WORK/bin" "$MKCV" doctor
expect_status 1 "$status" "doctor without latexmk"
contains "$(cat out.txt)" "missing  latexmk (not on PATH): latexmk" "latexmk named missing"
contains "$(cat out.txt)" "sudo apt-get install latexmk" "the package to install"
lacks "$(cat out.txt)" "texlive-xetex" "xelatex is not blamed"

# mkcv build says the same way out.
cp "$SRC/cv.toml" cv.toml
run env PATH="$WORK/bin" "$MKCV" build -q -t short
expect_status 1 "$status" "build without latexmk"
contains "$(cat out.txt)" "mkcv doctor" "build points at mkcv doctor"

# A template that needs a font and a LaTeX package this machine lacks, beside cv.toml.
mkdir -p templates/needy
printf 'name = "needy"\ndescription = "test"\nengine = "lualatex"\nmain = "cv.tex.mustache"\n' \
  > templates/needy/template.toml
cat > templates/needy/cv.tex.mustache <<'TEX'
\documentclass{article}
\usepackage{fontspec,mkcvnosuchpackage}
\setmainfont{Mkcv No Such Font}[Ligatures=TeXOff]
\newfontfamily\cjk{Noto Serif CJK SC}
% \usepackage{commentedout}
\begin{document}<<person.name>>\end{document}
TEX
run env PATH="$WORK/bin" "$MKCV" doctor -t needy
expect_status 1 "$status" "doctor for a needy template"
out="$(cat out.txt)"
contains "$out" "missing  font \"Mkcv No Such Font\"" "the missing font named"
contains "$out" "missing  LaTeX package mkcvnosuchpackage" "the missing package named"
contains "$out" "apt-file search mkcvnosuchpackage.sty" "how to find its Debian package"
contains "$out" "missing  lualatex (not on PATH): texlive-luatex" "the template's engine checked"
contains "$out" "sudo apt-get install latexmk texlive-luatex" "one install line of packages"
lacks "$out" "Noto Serif CJK SC" "an installed font is not reported"
lacks "$out" "commentedout" "comments are not read"

# The output folder must be writable. Root writes anywhere, so as root the check runs as
# nobody (setpriv), in a copy of the folder nobody can enter.
as_user=()
if ((EUID == 0)); then
  as_user=(setpriv --reuid=65534 --regid=65534 --clear-groups)
  chmod 755 "$WORK"
  "${as_user[@]}" test -x "$MKCV" || skip "nobody cannot run $MKCV (a folder on its path is closed)"
fi
mkdir locked && chmod 555 locked
run "${as_user[@]}" "$MKCV" doctor -o locked/out
expect_status 1 "$status" "doctor with a read-only output folder"
contains "$(cat out.txt)" "write access to the output folder locked/out" "the folder named"
run "$MKCV" doctor -t nosuchtemplate
expect_status 2 "$status" "an unknown template is bad input"
finish
