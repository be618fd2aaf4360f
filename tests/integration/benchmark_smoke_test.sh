# The benchmark's generated CVs stay valid cv.toml files that both templates render, so
# benchmarks/run.sh keeps working as the schema changes (the benchmark itself is too slow
# for CI), and tex_breakdown.sh still finds the lines it cuts the .tex after.
source "$(dirname "$0")/lib.sh"

python3 "$SRC/benchmarks/generate_cv.py" 25 "$WORK/cv.toml" --json "$WORK/cv.json" \
  --seed-cv "$SRC/cv.toml" || fail "generator"
[[ "$(grep -c '^\[\[publications\]\]' "$WORK/cv.toml")" == 25 ]] && pass "25 publications" ||
  fail "wrong number of publications"
"$MKCV" validate "$WORK/cv.toml" > /dev/null 2>&1 && pass "generated CV is valid" || fail "invalid CV"
for t in long short; do
  "$MKCV" render "$WORK/cv.toml" -t "$t" > "$WORK/$t.tex" 2> /dev/null &&
    pass "generated CV renders with $t" || fail "render $t"
done
contains "$(cat "$WORK/long.tex")" 'System 24 \& 100\%' "generated titles reach the .tex escaped"
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["publications"]) == 25' \
  "$WORK/cv.json" && pass "pandoc's JSON has the same publications" || fail "JSON"
# tex_breakdown.sh cuts the seed's long .tex after lines of mkcv-base: once each, it must
# still find every one of them (it stops with an error when a template change moved one).
table="$(bash "$SRC/benchmarks/tex_breakdown.sh" "$MKCV" 1 2> "$WORK/breakdown.err")" ||
  { cat "$WORK/breakdown.err"; fail "tex_breakdown.sh"; }
[[ "$(grep -c '^| .* | [0-9]* | [0-9.]* |$' <<< "$table")" == 15 ]] &&
  pass "tex_breakdown.sh times all 15 steps" || fail "tex_breakdown.sh: $table"
finish
