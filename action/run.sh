#!/usr/bin/env bash
# The GitHub Action's work (action.yml only calls this): `mkcv build` or, with check, `mkcv
# check`, then the paths of the files as step outputs. Inputs come from the environment, as
# action.yml passes them, so it runs the same way on a laptop:
#
#   INPUT_CV=cv.toml INPUT_TEMPLATES="long short" INPUT_OUTPUT=out INPUT_CHECK=false \
#   INPUT_DIAGNOSTICS=github GITHUB_OUTPUT=outputs.txt action/run.sh
#
# MKCV names the binary (default: mkcv on PATH). tests/integration/action_test.sh runs it.
set -euo pipefail

cv="${INPUT_CV:-cv.toml}"
templates="${INPUT_TEMPLATES:-}"
output="${INPUT_OUTPUT:-out}"
check="${INPUT_CHECK:-false}"
diagnostics="${INPUT_DIAGNOSTICS:-github}"
mkcv="${MKCV:-mkcv}"

case "$check" in
  true | false) ;;
  *) echo "mkcv action: check must be true or false, not «$check»" >&2; exit 2 ;;
esac

arguments=("$cv" --out "$output" --diagnostics "$diagnostics")
read -r -a names <<< "$templates"
for name in "${names[@]}"; do
  arguments+=(--template "$name")
done

# check: the committed outputs must already be up to date; nothing is built (exit 3 when
# one is stale, and the log says which and why).
command=build
[[ "$check" == true ]] && command=check
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
set +e
"$mkcv" "$command" "${arguments[@]}" 2>&1 | tee "$log"
status="${PIPESTATUS[0]}"
set -e

# Each output's line ends in "→ PATH" (built) or "up to date (PATH)".
files="$(sed -nE -e 's/^[^ ]+: .* → (.+)$/\1/p' -e 's/^[^ ]+: up to date \((.+)\)$/\1/p' "$log")"
if [[ -n "${GITHUB_OUTPUT:-}" ]]; then
  # Multi-line values use GitHub's heredoc form, with a delimiter no path can contain.
  delimiter="mkcv_$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')"
  {
    echo "files<<$delimiter"
    [[ -n "$files" ]] && printf '%s\n' "$files"
    echo "$delimiter"
    echo "pdfs<<$delimiter"
    grep '\.pdf$' <<< "$files" || true
    echo "$delimiter"
    echo "output=$output"
  } >> "$GITHUB_OUTPUT"
fi
exit "$status"
