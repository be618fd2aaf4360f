# TeX failures are explained: a failing line that prints a cv.toml value points at that value;
# a missing latexmk, engine, LaTeX package or font gets one line naming what to install.
source "$(dirname "$0")/lib.sh"
# Run by hand with relative paths (build/mkcv .), they must survive the cd below.
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"
cd "$WORK"

# A template of our own: `body` is its document body.
template() {  # template NAME PREAMBLE BODY
  mkdir -p "templates/$1"
  printf 'name = "%s"\ndescription = "test"\nengine = "xelatex"\nmain = "cv.tex.mustache"\n' "$1" \
    > "templates/$1/template.toml"
  printf '\\documentclass{article}\n%s\n\\begin{document}\n%s\n\\end{document}\n' "$2" "$3" \
    > "templates/$1/cv.tex.mustache"
}
build() {  # build TEMPLATE [ENV...]: output in out.txt, status in $status
  set +e
  env "${@:2}" "$MKCV" build cv.toml -t "$1" -o out > out.txt 2>&1
  status=$?
  set -e
}

cat > cv.toml <<'TOML'
[person]
name = "Ada Lovelace"
position = "Analyst \\badmacro"
affiliation = "Analytical Engine Society"
TOML

# The template prints `position` raw (<<& >>), so the value's backslash reaches TeX.
template raw '' '<<person.name>> \\ <<person.affiliation>> \\ <<&person.position>> \\ <<person.affiliation>>'
build raw
expect_status 1 "$status" "TeX error exits 1"
log="$(cat out.txt)"
contains "$log" "out/cv-raw.tex:4: error: Undefined control sequence." "TeX error with .tex line"
contains "$log" "cv.toml:3:12: note: this line prints the value written here
  position = \"Analyst \\\\badmacro\"
             ^" "note points at the value in cv.toml, with its line and caret"
lacks "$log" "cv.toml:4:" "values after the error are not blamed"

# Escaped as usual, the same value is harmless.
template escaped '' '<<person.position>>'
build escaped
expect_status 0 "$status" "escaped value compiles"

# Tools and files that are not installed.
cat > cv.toml <<'TOML'
[person]
name = "Ada Lovelace"
TOML
template plain '' '<<person.name>>'
build plain PATH=/nonexistent
expect_status 1 "$status" "no latexmk exits 1"
contains "$(cat out.txt)" "latexmk is not installed: apt-get install latexmk" "missing latexmk named"

mkdir bin
ln -s "$(command -v latexmk)" bin/latexmk
ln -s "$(command -v perl)" bin/perl
build plain PATH="$WORK/bin"
expect_status 1 "$status" "no engine exits 1"
contains "$(cat out.txt)" "xelatex is not installed: apt-get install texlive-xetex" "missing engine named"

template package '\usepackage{mkcvnosuchpackage}' '<<person.name>>'
build package
expect_status 1 "$status" "missing package exits 1"
contains "$(cat out.txt)" "TeX cannot find mkcvnosuchpackage.sty" "missing package named"

template font '\usepackage{fontspec}\setmainfont{Mkcv No Such Font}' '<<person.name>>'
build font
expect_status 1 "$status" "missing font exits 1"
contains "$(cat out.txt)" "TeX cannot find Mkcv No Such Font" "missing font named"
finish
