#!/usr/bin/env bash
# Gets mkcv for the GitHub Action (action.yml): `key` writes the cache key of this checkout
# of the action to $GITHUB_OUTPUT; `build` installs the Debian packages and builds mkcv in
# the action's own folder (build_scripts/setup.sh, without the tests), then puts it on
# $GITHUB_PATH. With the build folder and apt's archives restored from the cache, `build`
# downloads nothing and compiles nothing.
#
# TODO: when a release has the .deb of this version attached, install that with
# `apt-get install ./mkcv_VERSION_amd64.deb` instead of building (no release exists yet).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${MKCV_BUILD_DIR:-$root/build}"

case "${1:-}" in
  key)
    # The action's checkout has no .git, so its commit is named by its content: every file
    # the build reads, hashed in a stable order.
    digest="$(cd "$root" && find CMakeLists.txt src latex_templates schema packaging build_scripts \
      -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
    echo "key=mkcv-${RUNNER_OS:-$(uname -s)}-$digest" >> "${GITHUB_OUTPUT:-/dev/stdout}"
    ;;
  build)
    # Debian's container images delete downloaded packages after each install; keep them,
    # so that the cache has something to save.
    if ((EUID == 0)) && [[ -f /etc/apt/apt.conf.d/docker-clean ]]; then
      rm -f /etc/apt/apt.conf.d/docker-clean
    fi
    # The action's sources are unpacked afresh on each run, newer than a build folder the
    # cache restored, so make would compile everything again. The cache key is the sources'
    # content: on a hit they are the very files that build was made from, and may be dated
    # back to before it.
    if [[ "${MKCV_CACHE_HIT:-}" == true && -d "$build_dir" ]]; then
      find "$root" -path "$build_dir" -prune -o -type f -exec touch -h -d @1 {} +
    fi
    MKCV_BUILD_DIR="$build_dir" MKCV_CMAKE_ARGS="-DMKCV_BUILD_TESTS=OFF ${MKCV_CMAKE_ARGS:-}" \
      "$root/build_scripts/setup.sh"
    "$build_dir/mkcv" --version
    echo "$build_dir" >> "${GITHUB_PATH:-/dev/null}"
    ;;
  *)
    echo "usage: action/install.sh key|build" >&2
    exit 2
    ;;
esac
