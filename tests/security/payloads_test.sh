# Hostile text in every place data enters a CV cannot read a file into the PDF, write a
# file, or slip past mkcv: each payload class of issue 10 (\input, ^^5c / ^^5C / ^^X /
# ^^^^005c notation, \csname, \openin/\readline of a secret and of /proc/self/environ,
# \openout and \write18, \catcode, \def, %, unbalanced braces and groups, $, active
# characters, U+001A "latex:" marks) in .bib titles (as text and in $…$) and other fields,
# in cv.toml values, names, links keys, filter titles and template-name keys, and in a
# template itself.
# Checked three ways per build: the secret never reaches the PDF (or any output), no file
# appears outside the output folder, and mkcv exits 0 printing the text as written or 2
# naming the line. One XeLaTeX build per source kind (plus one when refusals drop payloads).
source "$(dirname "$0")/lib.sh"

PAYLOADS="$SRC/tests/security/payloads.py"

# build_kind KIND: builds $CV/KIND/cv.toml until mkcv prints a PDF or refuses nothing more.
build_kind() {
  local kind="$1" round line
  python3 "$PAYLOADS" gen "$kind" "$CV/$kind" "$SECRET" "$WORK"
  for round in 1 2 3 4; do
    run_mkcv "$kind-$round" "0 2" "$CV/$kind/out" build "$kind/cv.toml" -t long -o "$kind/out"
    if [[ -f "$CV/$kind/out/cv-long.pdf" ]]; then pdftotext -enc UTF-8 "$CV/$kind/out/cv-long.pdf" "$WORK/logs/$kind.txt"
    else : > "$WORK/logs/$kind.txt"; fi
    local again=0
    while IFS= read -r line; do
      case "$line" in
        ok:*) pass "${line#ok: }" ;;
        FAIL:*) fail "${line#FAIL: }" ;;
        again) again=1 ;;
      esac
    done < <(python3 "$PAYLOADS" check "$kind" "$CV/$kind" "$STATUS" "$WORK/logs/$kind-$round.err" "$WORK/logs/$kind.txt")
    ((again)) || return 0
  done
  fail "$kind: still refusing after 4 rounds"
}

mkdir -p "$CV/bib" "$CV/toml"
build_kind bib
build_kind toml

# A template is code, trusted no further than TeX's own limits: reading or writing outside
# the build folder must fail however it is asked for, whatever openin_any and openout_any
# the caller has set (lib.sh sets them to "a"). Reads come first and are printed and
# logged; the writes at the end may stop TeX (exit 1).
mkdir -p "$CV/template/evil"
printf '[person]\nname = "Ann Lee"\n' > "$CV/template/cv.toml"
printf 'name = "evil"\nengine = "xelatex"\nmain = "cv.tex.mustache"\n' > "$CV/template/evil/template.toml"
cat > "$CV/template/evil/cv.tex.mustache" <<TEX
\documentclass{article}
\begin{document}
<<person.name>>
\def\refused#1{#1-REFUSED\typeout{#1-REFUSED}}
\IfFileExists{$SECRET}{IFE-READ: \input{$SECRET}}{\refused{IFE}}
\newread\secretin
\openin\secretin=$SECRET\relax
\ifeof\secretin\refused{OPENIN}\else\readline\secretin to\x OPENIN-READ: \x\typeout{\x}\fi
\openin\secretin=/proc/self/environ\relax
\ifeof\secretin\refused{ENVIRON}\else\readline\secretin to\y ENVIRON-READ: \y\typeout{\y}\fi
\newpage
\immediate\write18{touch $WORK/pwned-template-write18}
\immediate\openout5=../../../pwned-template-relative.tex \immediate\write5{x}\immediate\closeout5
\immediate\openout6=$WORK/pwned-template-absolute.tex \immediate\write6{x}\immediate\closeout6
\end{document}
TEX
run_mkcv template "0 1" "$CV/template/out" build template/cv.toml -t ./template/evil -o template/out
# A relative write climbs from wherever TeX runs; should it leave $WORK, look beside it.
strays="$(find "$(dirname "$WORK")" -maxdepth 2 -path "$WORK" -prune -o -name 'pwned-template-*' -newer "$SECRET" -print 2> /dev/null || true)"
if [[ -z "$strays" ]]; then pass "template: no write climbed out of the test folder"
else
  fail "template: written outside the test folder: $strays"
  echo "$strays" | xargs rm -f
fi
# Each read was attempted and failed: its mark is in the PDF or, when a write stopped TeX,
# in the log.
for marker in IFE-REFUSED OPENIN-REFUSED ENVIRON-REFUSED; do
  if grep -rqa "$marker" "$CV/template/out" ||
     { [[ -f "$CV/template/out/cv-evil.pdf" ]] && [[ "$(pdf_text "$CV/template/out/cv-evil.pdf")" == *"$marker"* ]]; }; then
    pass "template: $marker (the read was attempted and failed)"
  else fail "template: no $marker: the read was not refused"; fi
done
finish
