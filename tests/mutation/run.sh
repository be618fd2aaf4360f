#!/usr/bin/env bash
# Applies each one-line bug of tests/mutation/mutations.txt in turn, rebuilds incrementally,
# runs the tests that should notice, and prints a table: caught or NOT CAUGHT. The source is
# restored after each mutation (and on Ctrl-C), then rebuilt. Not part of CI: about a minute
# a mutation on 2 cores.
#
#   tests/mutation/run.sh                 every mutation, in build/ (MKCV_BUILD_DIR to change)
#   tests/mutation/run.sh owner-bold ...  only those
#   tests/mutation/run.sh --list          the mutations, without running them
# Exit status: 0 when every mutation was caught, 1 when one was not, 2 on a bad list.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${MKCV_BUILD_DIR:-$root/build}"
[[ -f "$build/CMakeCache.txt" ]] || "$root/build_scripts/setup.sh"
exec python3 "$root/tests/mutation/mutate.py" "$root" "$build" "$@"
