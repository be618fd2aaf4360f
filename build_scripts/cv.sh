#!/usr/bin/env bash
# From a fresh clone to out/cv-long.pdf and out/cv-short.pdf: set up, then build the CV.
# Arguments go to `mkcv build` (e.g. build_scripts/cv.sh -t short). Only the mkcv binary is
# compiled: a person who wants a PDF never runs the tests (test.sh builds them).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
MKCV_BUILD_TARGETS=mkcv "$root/build_scripts/setup.sh"
cd "$root"
exec "${MKCV_BUILD_DIR:-$root/build}/mkcv" build "$@"
