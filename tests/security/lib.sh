# Shared by the security tests: each is `bash X_test.sh MKCV SOURCE_DIR`. On top of the
# integration helpers (tests/integration/lib.sh: $MKCV, $SRC, $WORK, pass, fail, contains,
# lacks, pdf_text, finish) this gives every test a sandbox:
#
#   $WORK/secret/SECRET   a file outside the CV folder holding a random $TOKEN, the file a
#                         payload tries to read; $ENV_TOKEN is in mkcv's environment, for
#                         payloads that read /proc/self/environ
#   $WORK/home            HOME, XDG_* folders: nothing of the real user is read or written
#   $WORK/tmp             TMPDIR, watched like the rest of $WORK
#   $CV                   the CV folder ($WORK/cv); builds go to $CV/out
#
# run_mkcv then runs mkcv and checks what must hold for any input: the exit status is one
# of those allowed, never a signal; the secret is in no output (stdout, stderr, a file of
# the output folder, a PDF's text); and no file outside the output folder appeared or
# changed. Logs go to $WORK/logs, which the check leaves out.
source "$(dirname "${BASH_SOURCE[0]}")/../integration/lib.sh"
# Absolute, since mkcv runs in the CV folder.
MKCV="$(realpath "$MKCV")"
SRC="$(realpath "$SRC")"

random_hex() { od -An -N"$1" -tx1 /dev/urandom | tr -d ' \n'; }

# Letters and digits only: TeX prints them as they are and never hyphenates inside them.
TOKEN="tok$(random_hex 12)"
ENV_TOKEN="env$(random_hex 12)"
SECRET="$WORK/secret/SECRET"
CV="$WORK/cv"
mkdir -p "$WORK/secret" "$WORK/home" "$WORK/logs" "$CV"
printf '%s\n' "$TOKEN" > "$SECRET"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/.local/share" XDG_CONFIG_HOME="$WORK/home/.config"
export XDG_CACHE_HOME="$WORK/home/.cache" MKCV_TEST_SECRET="$ENV_TOKEN"
# Temporary files count as written outside the output folder unless mkcv removes them.
export TMPDIR="$WORK/tmp"
mkdir -p "$TMPDIR"
# A careless caller: kpathsea takes these from the environment, so mkcv must set its own
# (issue 10: openin_any=p and openout_any=p "set by mkcv and not inherited from the caller").
export openin_any=a openout_any=a shell_escape=t
STATUS=0

# Every file under WORK but the output and the logs, with size and modification time;
# folders by name only (making the output folder changes its parent's time).
snapshot() {  # snapshot OUTPUT_PATH
  find "$WORK" \( -path "$1" -o -path "$WORK/logs" \) -prune -o -type d -printf '%p/\n' \
    -o -printf '%p %s %T@\n' | sort
}

# no_secret_in LABEL PATH...: neither token in the files (PDFs through pdftotext, so text in
# compressed streams counts) nor under the folders given.
no_secret_in() {
  local label="$1" file found=""; shift
  while IFS= read -r -d '' file; do
    local text
    if [[ "$file" == *.pdf ]]; then text="$(pdftotext -enc UTF-8 "$file" - 2> /dev/null | tr -d ' \n\f-' || true)"
    else text="$(tr -d '\0' < "$file")"; fi
    if [[ "$text" == *"$TOKEN"* || "$text" == *"$ENV_TOKEN"* ]]; then found+=" ${file#"$WORK/"}"; fi
  done < <(find "$@" -type f -print0 2> /dev/null)
  if [[ -z "$found" ]]; then pass "$label: the secret is in no output"
  else fail "$label: the secret leaked into$found"; fi
}

# run_mkcv LABEL "ALLOWED STATUSES" OUTPUT_PATH ARGS...: runs mkcv in $CV (at most 120 s)
# and checks it; $STATUS is its exit status, $WORK/logs/LABEL.{out,err} its output.
run_mkcv() {
  local label="$1" allowed="$2" output="$3"; shift 3
  local before after
  before="$(snapshot "$output")"
  STATUS=0
  (cd "$CV" && timeout 120 "$MKCV" "$@") > "$WORK/logs/$label.out" 2> "$WORK/logs/$label.err" || STATUS=$?
  if [[ " $allowed " == *" $STATUS "* ]]; then pass "$label: exit status $STATUS"
  else
    fail "$label: exit status $STATUS, allowed: $allowed"
    tail -15 "$WORK/logs/$label.err" >&2
  fi
  after="$(snapshot "$output")"
  local changed
  changed="$(comm -13 <(echo "$before") <(echo "$after"))"
  if [[ -z "$changed" ]]; then pass "$label: nothing written outside ${output#"$WORK/"}"
  else fail "$label: written outside ${output#"$WORK/"}: $(echo "$changed" | cut -d' ' -f1 | head -5 | tr '\n' ' ')"; fi
  no_secret_in "$label" "$WORK/logs/$label.out" "$WORK/logs/$label.err" "$output"
}

# Text for comparing what was written with what pdftotext gives: no white space, no
# control characters, no hyphen a line break may add or remove.
normalize() {
  python3 -c 'import sys, unicodedata
s = sys.stdin.read()
print("".join(c for c in s if not c.isspace() and unicodedata.category(c)[0] != "C" and c != "-"))'
}
