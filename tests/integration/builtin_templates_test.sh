# A template beside cv.toml (or in the user's folder) with a built-in's name replaces it: a
# notice says so on every build, render and check, naming the folder used. With
# --builtin-templates-only or MKCV_BUILTIN_TEMPLATES_ONLY=1 (CI of untrusted changes) only
# the built-in templates are used and a template folder given as a path is refused.
source "$(dirname "$0")/lib.sh"
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

cd "$WORK"
export XDG_DATA_HOME="$WORK/data" SOURCE_DATE_EPOCH=1700000000 NO_COLOR=1
unset MKCV_BUILTIN_TEMPLATES_ONLY
cp "$SRC/cv.toml" cv.toml
"$MKCV" render cv.toml -t long -o builtin-long.tex 2> plain.err || fail "render the built-in long"
lacks "$(cat plain.err)" "notice:" "no notice when nothing is hidden"

# A contributor's templates/long/ beside cv.toml.
mkdir -p templates/long
printf 'name = "long"\n' > templates/long/template.toml
printf '\\documentclass{article}\\begin{document}CONTRIBUTED <<person.name>>\\end{document}\n' \
  > templates/long/cv.tex.mustache
notice='notice: template "long" is templates/long (beside cv.toml), not the built-in one'
"$MKCV" render cv.toml -t long -o shadow.tex 2> render.err || fail "render the shadowing long"
contains "$(cat render.err)" "$notice" "render names the template that hides the built-in"
contains "$(cat shadow.tex)" "CONTRIBUTED" "and uses it"
status=0
"$MKCV" check cv.toml -t long 2> check.err || status=$?
contains "$(cat check.err)" "$notice" "check says so too"
"$MKCV" build cv.toml -t long -o out > build.log 2>&1 || fail "build: $(cat build.log)"
contains "$(cat build.log)" "$notice" "build says so"
"$MKCV" context cv.toml -t long > /dev/null 2> context.err
contains "$(cat context.err)" "$notice" "context says so"

# The same in the user's folder: named by its own path.
mkdir -p data/mkcv/templates
cp -r templates/long data/mkcv/templates/short
printf 'name = "short"\n' > data/mkcv/templates/short/template.toml
"$MKCV" render cv.toml -t short -o user-short.tex 2> user.err || fail "render the user's short"
contains "$(cat user.err)" "notice: template \"short\" is $WORK/data/mkcv/templates/short (user)" \
  "a user template hiding a built-in is named"

# Only the built-in templates, by flag or by environment.
"$MKCV" render cv.toml -t long -o only.tex --builtin-templates-only 2> only.err ||
  fail "render --builtin-templates-only"
cmp -s only.tex builtin-long.tex && pass "--builtin-templates-only renders the built-in long" ||
  fail "--builtin-templates-only used another template"
lacks "$(cat only.err)" "notice:" "nothing hidden then"
MKCV_BUILTIN_TEMPLATES_ONLY=1 "$MKCV" render cv.toml -t short -o env.tex 2> env.err ||
  fail "render with MKCV_BUILTIN_TEMPLATES_ONLY=1"
lacks "$(cat env.tex)" "CONTRIBUTED" "MKCV_BUILTIN_TEMPLATES_ONLY=1 ignores the user's short"
MKCV_BUILTIN_TEMPLATES_ONLY=0 "$MKCV" render cv.toml -t long -o zero.tex 2> /dev/null
contains "$(cat zero.tex)" "CONTRIBUTED" "MKCV_BUILTIN_TEMPLATES_ONLY=0 changes nothing"
listing="$(MKCV_BUILTIN_TEMPLATES_ONLY=1 "$MKCV" templates cv.toml)"
lacks "$listing" "beside cv.toml" "templates lists only the built-in ones"
lacks "$listing" "hidden by" "and hides none"

# A template folder given as a path is refused, with exit 2, and nothing is written.
for form in "--builtin-templates-only" "env"; do
  status=0
  rm -f path.tex
  if [[ "$form" == env ]]; then
    MKCV_BUILTIN_TEMPLATES_ONLY=1 "$MKCV" render cv.toml -t ./templates/long -o path.tex 2> path.err || status=$?
  else
    "$MKCV" render cv.toml -t ./templates/long -o path.tex --builtin-templates-only 2> path.err || status=$?
  fi
  expect_status 2 "$status" "-t ./path refused ($form)"
  contains "$(cat path.err)" "./templates/long: error: only built-in templates may be used" \
    "the refusal says why ($form)"
  [[ ! -e path.tex ]] && pass "nothing written ($form)" || fail "wrote path.tex ($form)"
done
status=0
MKCV_BUILTIN_TEMPLATES_ONLY=1 "$MKCV" build cv.toml -t ./templates/long -o refused > refused.log 2>&1 ||
  status=$?
expect_status 2 "$status" "build refuses a path template too"
[[ ! -e refused ]] && pass "build wrote nothing" || fail "build wrote refused/"

# The academic sections (talks, service, grants, students, patents, press): the built-in
# long PDF prints every string of tests/data/academic.toml (tags aside), its dates and the
# service groups. In a folder of its own: no templates/long beside it.
mkdir -p "$WORK/academic"
cp "$SRC/tests/data/academic.toml" "$WORK/academic/academic.toml"
mapfile -t strings < <(toml_strings "$WORK/academic/academic.toml" kind start end date url links aliases tags | as_typeset)
if "$MKCV" build "$WORK/academic/academic.toml" -t long -o "$WORK/academic/out" --builtin-templates-only \
    > "$WORK/academic/build.log" 2>&1; then
  text="$(pdf_text "$WORK/academic/out/academic-long.pdf")"
  for s in "${strings[@]}"; do
    contains "$text" "$s" "long prints «$s»"
  done
  for s in "May 2024" "7 Nov. 2023" "2022 – Present" "Sept. 2023 – Aug. 2026" "16 Jan. 2024" \
           "2 Mar. 2024" "(invited)" "Reviewing" "Committees" "Organising" "Other Service" \
           "Talks" "Grants and Funding" "Students Mentored" "Patents" "Press" "[slides]" "[patent]"; do
    contains "$text" "$s" "long prints «$s»"
  done
else
  cat "$WORK/academic/build.log"
  fail "academic.toml builds with long"
fi

# Hostile values in the academic sections print literally (escaping is the renderer's).
cat > "$WORK/academic/hostile.toml" <<'TOML'
[person]
name = "Zoë O'Brien & Co"
[[talks]]
title = "100% of $x_1$ & #2 {braces} ~tilde^ \\textbf{no}"
event = "<script>alert(1)</script> & \\input{/etc/passwd}"
date = "2024"
[[service]]
role = "50% \\relax"
organization = "A_B & C #1"
kind = "committee"
[[grants]]
title = "$$ {}} ^^5c"
funder = "Fund & Co_"
amount = "€ 1,000 & $2"
[[students]]
name = "Ann_B #3"
topic = "~/x ^ y"
[[patents]]
title = "Patent % comment"
inventors = ["Zoë O'Brien & Co", "X_{Y}"]
number = "#42_a"
[[press]]
title = "News & {views}"
outlet = "The \\LaTeX{} Times %"
url = "https://example.org/a_b%20c#x~y"
TOML
mapfile -t strings < <(toml_strings "$WORK/academic/hostile.toml" kind date url | as_typeset)
if "$MKCV" build "$WORK/academic/hostile.toml" -t long -o "$WORK/academic/out" --builtin-templates-only \
    > "$WORK/academic/hostile.log" 2>&1; then
  text="$(pdf_text "$WORK/academic/out/hostile-long.pdf")"
  for s in "${strings[@]}"; do
    contains "$text" "$(echo "$s" | tr -s ' ')" "long prints hostile «$s» literally"
  done
else
  cat "$WORK/academic/hostile.log"
  fail "hostile academic sections build with long"
fi

# The résumé sections (projects, volunteer, certificates, skills, languages, interests,
# references): the built-in long PDF prints every string of tests/data/resume_sections.toml,
# hostile ones literally (runs of spaces as pdftotext gives them), its dates and headings.
# One build for all of them.
mkdir -p "$WORK/resume"
cp "$SRC/tests/data/resume_sections.toml" "$WORK/resume/resume_sections.toml"
mapfile -t strings < <(toml_strings "$WORK/resume/resume_sections.toml" start end date url tags | as_typeset)
if "$MKCV" build "$WORK/resume/resume_sections.toml" -t long -o "$WORK/resume/out" \
    --builtin-templates-only > "$WORK/resume/build.log" 2>&1; then
  text="$(pdf_text "$WORK/resume/out/resume_sections-long.pdf")"
  for s in "${strings[@]}"; do
    contains "$text" "$(echo "$s" | tr -s ' ')" "long prints «$s»"
  done
  for s in "Mar. 2021 – Present" "2019 – June 2020" "Sept. 2018 – July 2019" "3 Nov. 2022" \
           "Projects" "Volunteering" "Certificates" "Skills" "Languages" "Interests" "References" \
           "Programming ^^5c: C++20, Python, \\LaTeX{}, <i>HTML</i> (Expert level)" \
           "English (Full professional & C1), Deutsch_{DE}"; do
    contains "$text" "$s" "long prints «$s»"
  done
else
  cat "$WORK/resume/build.log"
  fail "resume_sections.toml builds with long"
fi

# Every built-in PDF template renders the academic and résumé sections with no warning (a
# variable the context lacks would be one), found with only the built-in templates; their
# PDFs are themes_test.sh's and the long ones above.
for t in long short modern ats classic banking; do
  for cv in academic/academic.toml resume/resume_sections.toml; do
    "$MKCV" render "$WORK/$cv" -t "$t" -o "$WORK/render-$t.tex" --builtin-templates-only \
      2> "$WORK/render-$t.err" || fail "$t renders $cv"
    [[ ! -s "$WORK/render-$t.err" ]] && pass "$t renders $cv without a warning" ||
      fail "$t: $(cat "$WORK/render-$t.err")"
  done
done
finish
