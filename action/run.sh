#!/usr/bin/env bash
# The GitHub Action's work (action.yml only calls this): `mkcv build` or, with check, `mkcv
# check`, then the paths of the files as step outputs. Inputs come from the environment, as
# action.yml passes them, so it runs the same way on a laptop:
#
#   INPUT_CV=cv.toml INPUT_TEMPLATES="long short" INPUT_OUTPUT=out INPUT_LANGUAGES=en,zh \
#   INPUT_SITE=_site INPUT_CHECK=false INPUT_DIAGNOSTICS=github GITHUB_OUTPUT=outputs.txt \
#   action/run.sh
#
# With INPUT_SITE, a successful build is followed by `mkcv site` into that folder (the PDFs
# just built copied in), and the pages of site/ beside cv.toml are copied beside it.
#
# MKCV names the binary (default: mkcv on PATH). tests/integration/action_test.sh runs it.
set -euo pipefail

cv="${INPUT_CV:-cv.toml}"
templates="${INPUT_TEMPLATES:-}"
output="${INPUT_OUTPUT:-out}"
languages="${INPUT_LANGUAGES:-}"
site="${INPUT_SITE:-}"
check="${INPUT_CHECK:-false}"
diagnostics="${INPUT_DIAGNOSTICS:-github}"
mkcv="${MKCV:-mkcv}"

# Each input goes on one line of $GITHUB_OUTPUT or of the command line's meaning.
if [[ "$output" == *$'\n'* || "$output" == *$'\r'* ]]; then
  echo "mkcv action: output must be one line" >&2
  exit 2
fi

error() {
  echo "::error title=mkcv action::$1"
  echo "mkcv action: $1" >&2
}
if [[ "$site" == *$'\n'* || "$site" == *$'\r'* || "$site" == -* ]]; then
  error "site must be one line naming a folder"
  exit 2
fi
# Tags only (en,zh): the value becomes one argument, but a stray character is a mistake.
if [[ "$languages" =~ [^A-Za-z0-9,-] ]]; then
  error "languages must be language tags separated by commas (en,zh), not «$languages»"
  exit 2
fi

case "$check" in
  true | false) ;;
  *) echo "mkcv action: check must be true or false, not «$check»" >&2; exit 2 ;;
esac

arguments=("$cv" --out "$output" --diagnostics "$diagnostics")
language_arguments=()
[[ -n "$languages" ]] && language_arguments=(--lang "$languages")
arguments+=("${language_arguments[@]}")
read -r -a names <<< "$templates"
for name in "${names[@]}"; do
  arguments+=(--template "$name")
done

# check: the committed outputs must already be up to date; nothing is built (exit 3 when
# one is stale, and the log says which and why).
command=build
[[ "$check" == true ]] && command=check
# The files built are read from mkcv's report (--report, JSON), never from the lines it
# prints for people: a title in cv.toml may hold anything, a line end included. The report
# goes in a fresh folder, so an earlier run's can never be read.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
report="$scratch/report.json"
set +e
"$mkcv" "$command" "${arguments[@]}" --report "$report"
status=$?
if [[ "$command" == build && -n "$site" && $status == 0 ]]; then
  # The PDFs are up to date in $output: mkcv site copies them rather than building again.
  "$mkcv" site "$cv" -o "$site" --build-dir "$output" "${language_arguments[@]}"
  status=$?
  own_pages="$(dirname -- "$cv")/site"
  if ((status == 0)) && [[ -d "$own_pages" && ! -L "$own_pages" &&
    "$(realpath -- "$own_pages")" != "$(realpath -m -- "$site")" ]]; then
    cp -R -- "$own_pages/." "$site/"
  fi
  ((status == 0)) || error "mkcv site failed (exit $status): see the log above"
fi
set -e

# list [--pdfs]: the outputs the report names as built or up to date, each checked again:
# a regular file (not a symlink) inside the output folder. `mkcv report` prints one a line
# and refuses a path that is not one line.
output_dir="$(realpath -m -- "$output")"
list() {
  [[ -f "$report" ]] || return 0
  local path resolved
  if ! "$mkcv" report "$report" "$@" > "$scratch/list"; then
    echo "mkcv action: the report names no files that can be listed" >&2
    return 0
  fi
  while IFS= read -r path; do
    resolved="$(realpath -m -- "$path")"
    if [[ -f "$path" && ! -L "$path" && "$resolved" == "$output_dir"/* ]]; then
      printf '%s\n' "$path"
    else
      echo "mkcv action: not listing «$path»: not a file mkcv built in $output" >&2
    fi
  done < "$scratch/list"
}
files="$(list)"
pdfs="$(list --pdfs)"
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
  # Multi-line values use GitHub's heredoc form, with a delimiter no path can contain.
  delimiter="mkcv_$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
  {
    echo "files<<$delimiter"
    [[ -n "$files" ]] && printf '%s\n' "$files"
    echo "$delimiter"
    echo "pdfs<<$delimiter"
    [[ -n "$pdfs" ]] && printf '%s\n' "$pdfs"
    echo "$delimiter"
    echo "output=$output"
  } >> "$GITHUB_OUTPUT"
fi
exit "$status"
