# No input makes mkcv crash, hang or exit 70 (issue 10, item 12): every cv.toml of
# tests/bad_inputs/ and tests/data/, the hostile .bib reproducers, the bad templates, and
# nasty inputs made here (empty, binary garbage, huge lines, 40,000-segment keys, 20,000
# nested tables and arrays, 13,000 nested braces in a .bib title, an @string bomb, invalid
# UTF-8, a folder, FIFO, /dev/zero or symlink loop as cv.toml or .bib, partials that
# include themselves) go through validate, render, context, export bib and check. Every
# exit status must be 0–3: not 70 (an internal error), not a signal, not a timeout; and
# after exit 2, render and export bib must have written nothing.
source "$(dirname "$0")/lib.sh"

SECONDS_EACH=20
CASES="$WORK/cases"
mkdir -p "$CASES"
cd "$CASES"

# The big inputs are made here, not committed.
python3 - <<'PY'
import os, random
random.seed(10)
def write(name, data):
    os.makedirs(os.path.dirname(name) or ".", exist_ok=True)
    open(name, "wb").write(data if isinstance(data, bytes) else data.encode())
person = '[person]\nname = "Ann Lee"\n'
write("empty.toml", "")
write("garbage.toml", bytes(random.getrandbits(8) for _ in range(65536)))
write("garbage-after-person.toml", person.encode() + bytes(random.getrandbits(8) for _ in range(4096)))
write("huge-value.toml", person + 'research_interests = "' + "word " * 60000 + '"\n')
write("huge-line-no-newline.toml", person + 'research_interests = "' + "x" * 300000 + '"')
write("huge-unknown-key.toml", person + "k" * 10_000_000 + " = 1\n")
deep = ".".join(["a"] * 40000)
write("deep-dotted-key.toml", person + deep + " = 1\n")
write("deep-table-header.toml", person + "[" + deep + "]\nb = 1\n")
write("deep-array-of-tables.toml", person + "[[" + deep + "]]\nb = 1\n")
write("deep-inline-table.toml", person + "x = " + "{a = " * 20000 + "1" + " }" * 20000 + "\n")
write("deep-array.toml", person + "x = " + "[" * 20000 + "]" * 20000 + "\n")
write("many-errors.toml", person + "".join("unknown%d = 1\n" % i for i in range(20000)))
write("invalid-utf8-key.toml", person.encode() + b'"\xff\xfe" = 1\nposition = "\xc3("\n')
write("nul-in-key.toml", person.encode() + b'"a\x00b" = 1\n')
write("raw-latex-mark.toml", person + 'position = "\\u001alatex:\\\\input{/etc/hostname}"\n'
      '[[publications]]\ntitle = "T"\nauthors = ["Ann Lee"]\nyear = 2020\nkind = "conference"\n'
      'links = { "\\u001alatex:\\\\input{/etc/hostname}" = "https://example.org" }\n'
      '[templates.long.filters.publications]\ntitle = "\\u001alatex:\\\\input{/etc/hostname}"\n')
write("max-pages.toml", person + "[templates.short]\nmax_pages = 100000\n[templates.typo]\nmax_pages = 0\n")

def bib_case(name, bib, extra=""):
    write(name + "/cv.toml", 'bibliography = ["x.bib"]\n' + extra + person)
    write(name + "/x.bib", bib)
entry = "@article{k,\n  author = {Ann Lee},\n  title = {%s},\n  journal = {J}, year = 2020}\n"
bib_case("bib-empty", "")
bib_case("bib-garbage", bytes(random.getrandbits(8) for _ in range(65536)))
bib_case("bib-deep-braces", entry % ("{" * 13000 + "x" + "}" * 13000))
bib_case("bib-deep-braces-unbalanced", entry % ("{" * 13000 + "x"))
bib_case("bib-deep-math", entry % ("$" + "{" * 13000 + "x" + "}" * 13000 + "$"))
bib_case("bib-deep-commands", entry % ("\\emph{" * 13000 + "x" + "}" * 13000))
bib_case("bib-undefined-macro-concat", '@string{a = zz}\n@string{b = a # "x"}\n' + entry % "b")
bomb = '@string{s0 = "' + "x" * 100 + '"}\n' + "".join(
    "@string{s%d = s%d # s%d}\n" % (i, i - 1, i - 1) for i in range(1, 26))
bib_case("bib-string-bomb", bomb + "@article{k, author = {Ann Lee}, title = s25, journal = {J}, year = 2020}\n")
bib_case("bib-invalid-utf8", (entry % "Bad \udcff here").encode("utf-8", "surrogateescape"))
bib_case("bib-huge-title", entry % ("word " * 60000))
bib_case("bib-huge-line", "@comment{" + "x" * 1_000_000 + "}\n" + entry % "T")
bib_case("bib-many-entries-one-key", "".join(entry % ("T%d" % i) for i in range(2000)))
bib_case("bib-bad-numbers", "@article{k, author = {Ann Lee}, title = {T}, journal = {J},\n"
         "  year = 99999999999999999999999, month = {13}, date = {2020-13-45}}\n")
bib_case("bib-caret-math", entry % "Read $^^5cinput^^7b/etc/hostname^^7d$ and $a^^25$ rest")
bib_case("bib-nul", (entry % "a\0b"))
for name, path in [("bib-is-dot", "."), ("bib-is-folder", "/etc"), ("bib-is-dev-zero", "/dev/zero"),
                   ("bib-is-fifo", "fifo.bib"), ("bib-is-loop", "loop.bib"), ("bib-missing", "missing.bib"),
                   ("bib-is-dev-stdin", "/dev/stdin")]:
    write(name + "/cv.toml", 'bibliography = ["%s"]\n' % path + person)

# Templates whose partials include themselves, directly, through another, or very deeply.
def template(name, main, partials):
    write(name + "/template.toml", 'name = "%s"\nengine = "xelatex"\nmain = "cv.tex.mustache"\n' % name)
    write(name + "/cv.tex.mustache", main)
    for p, text in partials.items():
        write(name + "/" + p + ".tex.mustache", text)
template("tpl-self", "<<>self>>", {"self": "x <<>self>>"})
template("tpl-cycle", "<<>a>>", {"a": "a <<>b>>", "b": "b <<#person>><<>a>><</person>>"})
template("tpl-self-delimiters", "<<>self>>", {"self": "<<={{ }}=>>{{>self}}"})
template("tpl-deep-chain", "<<>p0>>", {"p%d" % i: "<<>p%d>>" % (i + 1) for i in range(200)})
template("tpl-deep-sections", "<<#person>>" * 20000 + "x" + "<</person>>" * 20000, {})
PY
mkfifo fifo.toml bib-is-fifo/fifo.bib
ln -s loop.toml loop.toml
ln -s loop.bib bib-is-loop/loop.bib
mkdir -p folder.toml

# Every case: a cv.toml path and the template it is rendered with.
cases=()
for f in "$SRC"/tests/bad_inputs/*.toml "$SRC"/tests/data/*.toml "$CASES"/*.toml; do cases+=("$f long"); done
cases+=("/dev/zero long" "/dev/null long" "$CASES/missing.toml long")
for d in "$CASES"/bib-*/; do cases+=("${d}cv.toml long"); done
cp -r "$SRC/tests/data/bibtex" "$CASES/data-bibtex"
cases+=("$CASES/data-bibtex/cv.toml long")
# The hostile .bib reproducers of issue 10, when present.
for bib in "$SRC"/tests/data/bibtex/hostile/*.bib; do
  [[ -f "$bib" ]] || continue
  name="hostile-$(basename "$bib" .bib)"
  mkdir -p "$CASES/$name"
  cp "$bib" "$CASES/$name/x.bib"
  printf 'bibliography = ["x.bib"]\n[person]\nname = "Ann Lee"\n' > "$CASES/$name/cv.toml"
  cases+=("$CASES/$name/cv.toml long")
done
for t in "$CASES"/tpl-*/ "$SRC"/tests/bad_inputs/templates/*/; do
  cases+=("$SRC/cv.toml ${t%/}")
done

# Bound memory, so a runaway input (an @string bomb, /dev/zero) fails fast instead of
# starving the machine: ulimit for a plain binary, ASan's own limit for a sanitized one.
if grep -qa __asan_init "$MKCV"; then
  export ASAN_OPTIONS="hard_rss_limit_mb=3072${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
  memory_limit=unlimited
  # A hang is still a hang at 40 s; a sanitized run of a 10 MB input, three at a time beside
  # another test, must not pass for one.
  SECONDS_EACH=40
else
  memory_limit=$((3 * 1024 * 1024))  # KiB
fi

# Inputs run three at a time, each in a job of its own that writes its verdicts to a file:
# under ASan most of a run's time is LeakSanitizer's stop at exit, when the core idles, and
# one input after another took 236 s of the sanitizer suite's 391.
JOBS=3
# run_case CV LABEL ARGS...: one run; false when it timed out. $written names the file
# the command writes with -o, if any; $id names the job's files.
run_case() {
  local cv="$1" label="$2"; shift 2
  local status=0 started=$SECONDS
  # The outer 2> silences bash's own "Segmentation fault" line: the crash is reported below.
  { (ulimit -v "$memory_limit"; cd "${cv%/*}" && exec timeout -k 5 "$SECONDS_EACH" "$MKCV" "$@") \
      < /dev/null > "$WORK/logs/$id.out" 2> "$WORK/logs/$id.err"; } 2> /dev/null || status=$?
  echo "run"
  local why=""
  if ((status == 124 || status == 137)); then why="timed out after ${SECONDS_EACH} s (a hang)"
  elif ((status == 70)); then why="exit 70 (internal error): $(grep -v '^\s*$' "$WORK/logs/$id.err" | tail -1 | cut -c1-200)"
  elif ((status >= 128)); then why="killed by signal $((status - 128))"
  elif ((status > 3)); then why="exit $status"
  fi
  # Invalid input writes nothing: no -o file after exit 2.
  if [[ -z "$why" && "$status" == 2 && -n "$written" && -e "$written" ]]; then
    why="exit 2, yet wrote ${written##*/}"
  fi
  if [[ -n "$why" ]]; then
    echo "FAIL: $label: $why"
  elif ((SECONDS - started > 2)); then
    echo "note: $label took $((SECONDS - started)) s"
  fi
  ((status != 124 && status != 137))
}

# check_input ID CASE: the five commands over one input, in order; its lines go to
# $WORK/logs/ID.verdicts.
check_input() {
  local id="$1" cv="${2% *}" tmpl="${2##* }"
  local dir="${cv%/*}"
  local label="${dir##*/}/${cv##*/}"
  [[ "$tmpl" == long ]] || label="$label -t ${tmpl##*/}"
  local out="$WORK/out/$id"
  mkdir -p "$out"
  # An input that hangs one command hangs the others too: one timeout per input is enough.
  written=""
  {
    run_case "$cv" "validate $label" validate "$cv" &&
      written="$out/render.tex" run_case "$cv" "render $label" render "$cv" -t "$tmpl" -o "$out/render.tex" &&
      run_case "$cv" "context $label" context "$cv" -t "$tmpl" &&
      written="$out/export.bib" run_case "$cv" "export bib $label" export bib "$cv" -o "$out/export.bib" &&
      run_case "$cv" "check $label" check "$cv" -t "$tmpl" -o "$out/check" ||
      echo "FAIL: $label: the commands after the one that hung were not run"
  } > "$WORK/logs/$id.verdicts"
}

running=0
for i in "${!cases[@]}"; do
  if ((running == JOBS)); then wait -n || true; running=$((running - 1)); fi
  check_input "case-$i" "${cases[$i]}" &
  running=$((running + 1))
done
wait
runs=0
bad=0
for i in "${!cases[@]}"; do
  while IFS= read -r line; do
    case "$line" in
      run) runs=$((runs + 1)) ;;
      "FAIL: "*) bad=$((bad + 1)); fail "${line#FAIL: }" ;;
      *) echo "$line" ;;
    esac
  done < "$WORK/logs/case-$i.verdicts"
done
((runs > 0)) || fail "no run"
if ((bad == 0)); then pass "$runs runs over ${#cases[@]} inputs: every exit status within 0-3"; fi
finish
