# The command line that users and CI scripts rely on.
source "$(dirname "$0")/lib.sh"

cd "$WORK"
contains "$("$MKCV" --version)" "mkcv " "--version"
for command in build check watch render validate templates context schema; do
  "$MKCV" "$command" --help > help.txt && contains "$(cat help.txt)" "Usage" "$command --help"
done
set +e
"$MKCV" frobnicate > /dev/null 2>&1; status=$?
"$MKCV" build -j 0 > /dev/null 2>&1; jobs_status=$?
set -e
expect_status 2 "$status" "unknown command exits 2"
expect_status 2 "$jobs_status" "bad option exits 2"

listing="$("$MKCV" templates)"
contains "$listing" "long" "templates lists long"
contains "$listing" "short" "templates lists short"
contains "$listing" "built-in" "templates says where"

cp "$SRC/cv.toml" cv.toml
"$MKCV" render > stdout.tex
contains "$(head -c 300 stdout.tex)" "\\documentclass" "render writes .tex to standard output"
"$MKCV" render -t short -o short.tex && contains "$(cat short.tex)" "Selected Publications" "render -t short -o"
set +e
"$MKCV" render -t ../../etc > /dev/null 2> err.txt; status=$?
"$MKCV" render -t 'no/such' > /dev/null 2>&1; path_status=$?
set -e
expect_status 2 "$status" "a template name cannot be a path outside"
expect_status 2 "$path_status" "a missing template folder is an error"

"$MKCV" context -t short > context.json
contains "$(cat context.json)" '"template": "short"' "context prints the template's data"
"$MKCV" schema > schema.json
python3 -c 'import json,sys; json.load(open("schema.json"))' && pass "schema is JSON"
cmp -s schema.json "$SRC/schema/cv.schema.json" && pass "committed schema is current" || fail "schema/cv.schema.json differs from mkcv schema"

# `mkcv` alone is `mkcv build`, reading ./cv.toml into ./out.
"$MKCV" > build.log 2>&1 || { cat build.log; fail "mkcv alone"; }
[[ -f out/cv-long.pdf && -f out/cv-short.pdf ]] && pass "mkcv alone builds both PDFs" || fail "no PDFs"
# Options before any command are build's: `mkcv -t markdown` is `mkcv build -t markdown`.
"$MKCV" -t markdown -o md-out > md.log 2>&1 || { cat md.log; fail "mkcv -t markdown"; }
[[ -f md-out/cv-markdown.md ]] && pass "mkcv -t markdown builds" || fail "mkcv -t markdown built nothing"
finish
