# Build failures reach --diagnostics=json and --diagnostics=github, not only the text on
# standard error: a TeX error (with the cv.toml value its line prints), a page budget that
# cannot be held, and an output that cannot be written. The text on standard error stays
# as it is without the option.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"
cd "$WORK"

template() {  # template NAME BODY
  mkdir -p "templates/$1"
  printf 'name = "%s"\ndescription = "test"\nengine = "xelatex"\nmain = "cv.tex.mustache"\n' "$1" \
    > "templates/$1/template.toml"
  printf '\\documentclass{article}\n\\begin{document}\n%s\n\\end{document}\n' "$2" \
    > "templates/$1/cv.tex.mustache"
}
run() {  # run ARGS...: standard output in out.txt, standard error in err.txt, status in $status
  set +e
  "$MKCV" "$@" > out.txt 2> err.txt
  status=$?
  set -e
}
# json_has CODE FIELD=VALUE...: a line of out.txt is a diagnostic with this code and fields.
json_has() {
  python3 - "$@" <<'PY'
import json, sys
code, wanted = sys.argv[1], dict(a.split("=", 1) for a in sys.argv[2:])
lines = [json.loads(line) for line in open("out.txt") if line.strip()]
for d in lines:
    if d["code"] == code and all(str(d[k]) == v or (k == "message" and v in d[k])
                                 for k, v in wanted.items()):
        sys.exit(0)
print(json.dumps(lines, indent=1), file=sys.stderr)
sys.exit(1)
PY
}

cat > cv.toml <<'TOML'
[person]
name = "Ada Lovelace"
position = "Analyst \\badmacro"
affiliation = "Analytical Engine Society"
TOML
template raw '<<person.name>> \\ <<&person.position>>'

# A TeX error: the error at its .tex line, and a note at the cv.toml value it prints.
run build cv.toml -t raw -o out --diagnostics=json
expect_status 1 "$status" "TeX error: exit 1 with --diagnostics=json"
python3 -c 'import json,sys; [json.loads(l) for l in open("out.txt")]' &&
  pass "TeX error: every line of standard output is JSON" || fail "not JSON: $(cat out.txt)"
json_has tex file=out/cv-raw.tex line=3 severity=error "message=Undefined control sequence" &&
  pass "TeX error: in the JSON, at the .tex line" || fail "TeX error missing from the JSON"
json_has tex-value file=cv.toml line=3 column=12 severity=note &&
  pass "TeX error: the cv.toml value it prints is a note" || fail "tex-value note missing"
contains "$(cat err.txt)" "out/cv-raw.tex:3: error: Undefined control sequence." \
  "TeX error: the build's text report still goes to standard error"

run build cv.toml -t raw -o out
expect_status 1 "$status" "TeX error: exit 1 in text"
[[ ! -s out.txt ]] && pass "text: nothing on standard output" || fail "text wrote to stdout: $(cat out.txt)"

run build cv.toml -t raw -o out --diagnostics=github
contains "$(cat out.txt)" "::error file=out/cv-raw.tex,line=3,title=mkcv tex::Undefined control sequence." \
  "TeX error: a GitHub annotation on the .tex line"

# A page budget that --strict-pages will not hold: about the CV, whose max_pages may change.
python3 "$SRC/tests/data/many_publications.py" 200 > many.toml
run build many.toml -t short -o strict --strict-pages --diagnostics=json
expect_status 1 "$status" "over budget: exit 1"
json_has page-budget file=many.toml severity=error \
  "message=over the budget of 1 page by" &&
  pass "over budget: in the JSON" || fail "page budget failure missing from the JSON"
contains "$(cat err.txt)" "(--strict-pages)" "over budget: still said on standard error"

# An output that cannot be replaced, a folder where the PDF goes, is refused before the
# build like anything else planted in the output folder (util/state_folder.h).
template plain '<<person.name>>'
mkdir -p io/cv-plain.pdf
run build cv.toml -t plain -o io --diagnostics=json
expect_status 2 "$status" "a folder where the PDF goes: exit 2"
json_has unsafe-output file=io/cv-plain.pdf severity=error "message=io/cv-plain.pdf is a folder" &&
  pass "a folder where the PDF goes: an unsafe-output diagnostic" ||
  fail "unsafe-output missing from the JSON"

# render -o into a folder that does not exist.
run render cv.toml -t plain -o no/such/folder/cv.tex --diagnostics=json
expect_status 1 "$status" "render -o: exit 1"
json_has io file=no/such/folder/cv.tex severity=error &&
  pass "render -o: an io diagnostic" || fail "render -o failure missing from the JSON"
finish
