#!/usr/bin/env bash
# Gets mkcv for the GitHub Action (action.yml):
#   key      writes the cache key of this checkout of the action to $GITHUB_OUTPUT;
#   release  installs the .deb of this version from the action's GitHub release, checked
#            against the release's .sha256 file; exit 3 when the release has no .deb;
#   build    does `release`, and when there is none installs the Debian packages and builds
#            mkcv in the action's own folder (build_scripts/setup.sh, without the tests),
#            then puts it on $GITHUB_PATH. With the build folder and apt's archives restored
#            from the cache, that downloads nothing and compiles nothing.
# The release is found at https://github.com/$GITHUB_ACTION_REPOSITORY/releases/download/
# v<version>/ (GitHub sets GITHUB_ACTION_REPOSITORY to the action's own repository);
# MKCV_RELEASE_URL names another folder (any URL curl reads, file:// included).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${MKCV_BUILD_DIR:-$root/build}"

version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$root/CMakeLists.txt")"

# install_release: 0 when this version's .deb is installed, 3 when there is no release to
# install from, 1 when the download is not what the release says it is.
install_release() {
  local base="${MKCV_RELEASE_URL:-}"
  if [[ -z "$base" && -n "${GITHUB_ACTION_REPOSITORY:-}" ]]; then
    base="https://github.com/$GITHUB_ACTION_REPOSITORY/releases/download/v$version"
  fi
  local deb="mkcv_${version}_amd64.deb"
  if [[ -z "$base" || "$(dpkg --print-architecture 2>/dev/null)" != amd64 ]]; then
    echo "mkcv: no release .deb to install here; building mkcv $version" >&2
    return 3
  fi
  local sudo=()
  ((EUID == 0)) || sudo=(sudo)
  # Debian's container images have no curl.
  if ! command -v curl > /dev/null &&
    ! { DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
        curl ca-certificates > /dev/null; }; then
    echo "mkcv: cannot install curl to download the release; building mkcv $version" >&2
    return 3
  fi
  local dir
  dir="$(mktemp -d)" || return 1
  # -f: a missing asset (404) is a failure, not an HTML page saved as the .deb.
  if ! curl -fsSL --retry 2 -o "$dir/$deb" "$base/$deb" ||
    ! curl -fsSL --retry 2 -o "$dir/$deb.sha256" "$base/$deb.sha256"; then
    echo "mkcv: $base has no $deb (and its .sha256); building mkcv $version" >&2
    rm -rf "$dir"
    return 3
  fi
  local want got
  want="$(awk '{print $1; exit}' "$dir/$deb.sha256")"
  got="$(sha256sum "$dir/$deb" | awk '{print $1}')"
  if [[ "$want" != "$got" ]]; then
    echo "mkcv: $base/$deb does not match its .sha256 ($got, not $want); refusing it" >&2
    rm -rf "$dir"
    return 1
  fi
  # The package is made for Debian 12; where its Depends cannot be met (another release,
  # Ubuntu), apt-get installs nothing and mkcv is built from source instead. fonts-noto-cjk
  # is only a Recommends of the package, but the action builds CVs it has not seen, and a CJK
  # name in an English CV needs it (89 MB, as before it left the Depends).
  if ! DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq ||
    ! DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
      "$dir/$deb" fonts-noto-cjk; then
    echo "mkcv: $deb cannot be installed here (it is made for Debian 12); building mkcv $version" >&2
    rm -rf "$dir"
    return 3
  fi
  rm -rf "$dir"
  mkcv --version || return 1
}

case "${1:-}" in
  key)
    # The action's checkout has no .git, so its commit is named by its content: every file
    # the build reads, hashed in a stable order.
    digest="$(cd "$root" && find CMakeLists.txt src latex_templates schema packaging build_scripts \
      -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum | sha256sum | cut -c1-16)"
    echo "key=mkcv-${RUNNER_OS:-$(uname -s)}-$digest" >> "${GITHUB_OUTPUT:-/dev/stdout}"
    ;;
  release)
    install_release
    ;;
  build)
    if install_release; then
      exit 0
    elif (($? != 3)); then
      exit 1
    fi
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
    echo "usage: action/install.sh key|release|build" >&2
    exit 2
    ;;
esac
