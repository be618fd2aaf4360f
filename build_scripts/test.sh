#!/usr/bin/env bash
# From a fresh clone to a green test suite: set up, build, run every test with CTest.
# Arguments go to ctest (e.g. build_scripts/test.sh -R latex_escape).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$root/build_scripts/setup.sh"
cd "${MKCV_BUILD_DIR:-$root/build}"
ctest --output-on-failure -j "$(nproc)" "$@"
