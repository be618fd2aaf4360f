#!/usr/bin/env bash
# Gets mkcv for the GitHub Action (action.yml):
#   key      writes the cache key of this checkout of the action to $GITHUB_OUTPUT;
#   release  installs the .deb of this version from the action's GitHub release, checked
#            against the release's .sha256 file; exit 3 when the release has no .deb;
#   build    does `release`, and when there is none installs the Debian packages and builds
#            mkcv in the action's own folder (build_scripts/setup.sh, without the tests),
#            then puts it on $GITHUB_PATH. With the build folder and apt's archives restored
#            from the cache, that downloads nothing and compiles nothing;
#   languages  installs what the CV's languages need beyond the package's Depends: for a
#            CJK language asked for ($INPUT_LANGUAGES: zh, ja, ko …) or CJK text in the CV
#            ($INPUT_CV), texlive-lang-cjk, texlive-lang-chinese and fonts-noto-cjk (the
#            package's Recommends, which a --no-install-recommends install leaves out; `mkcv
#            doctor` names the same packages), then checks that xeCJK and the fonts are found.
# Whatever cannot be installed fails the step with a GitHub ::error:: annotation saying what.
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

# error MESSAGE: an annotation on the run (GitHub reads ::error:: lines on standard output),
# and the same line for people.
error() {
  echo "::error title=mkcv action::$1"
  echo "mkcv action: error: $1" >&2
}

# A tag of Chinese, Japanese or Korean: its language subtag, without regard to case.
is_cjk_tag() {
  local primary="${1%%-*}"
  case "${primary,,}" in
    zh | ja | ko | yue | cmn | lzh | wuu | hak | nan | gan | hsn) return 0 ;;
    *) return 1 ;;
  esac
}

# needs_cjk: a CJK language asked for, or CJK text (kana, Han, Hangul) in the CV.
needs_cjk() {
  local tag
  local languages="${INPUT_LANGUAGES:-}"
  for tag in ${languages//,/ }; do
    is_cjk_tag "$tag" && return 0
  done
  local cv="${INPUT_CV:-cv.toml}"
  [[ -f "$cv" ]] &&
    LC_ALL=C.UTF-8 grep -qP '[\x{3040}-\x{30ff}\x{3400}-\x{4dbf}\x{4e00}-\x{9fff}\x{ac00}-\x{d7af}\x{f900}-\x{faff}]' "$cv"
}

install_languages() {
  local languages="${INPUT_LANGUAGES:-}"
  if [[ "$languages" =~ [^A-Za-z0-9,\ -] ]]; then
    error "languages must be language tags separated by commas (en,zh), not «$languages»"
    return 2
  fi
  needs_cjk || return 0
  local packages=(texlive-lang-cjk texlive-lang-chinese fonts-noto-cjk) missing=() package
  for package in "${packages[@]}"; do
    [[ "$(dpkg-query -W -f='${Status}' "$package" 2> /dev/null)" == "install ok installed" ]] ||
      missing+=("$package")
  done
  if ((${#missing[@]})); then
    local sudo=()
    ((EUID == 0)) || sudo=(sudo)
    echo "mkcv: this CV has CJK text; installing ${missing[*]}" >&2
    if ! { DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends \
        "${missing[@]}" > /dev/null; }; then
      error "this CV has CJK text, and ${missing[*]} could not be installed (run the job in debian:bookworm, as root)"
      return 1
    fi
  fi
  if ! kpsewhich xeCJK.sty > /dev/null 2>&1; then
    error "this CV has CJK text, and TeX does not find xeCJK.sty (Debian's texlive-lang-cjk)"
    return 1
  fi
  if ! fc-list 2> /dev/null | grep -q 'Noto[^:]*CJK'; then
    error "this CV has CJK text, and fontconfig finds no Noto CJK font (Debian's fonts-noto-cjk)"
    return 1
  fi
  echo "mkcv: the TeX packages and fonts for CJK text are installed" >&2
}

case "${1:-}" in
  languages)
    install_languages
    ;;
  key)
    # The action's checkout has no .git, so its commit is named by its content: every file
    # the build reads, hashed in a stable order.
    digest="$(cd "$root" && find CMakeLists.txt src builtin_templates schema packaging build_scripts \
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
      error "the release's mkcv_${version}_amd64.deb was refused or does not run (see the log above)"
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
      "$root/build_scripts/setup.sh" || {
      error "mkcv $version could not be built here (build_scripts/setup.sh failed; the log above says why)"
      exit 1
    }
    "$build_dir/mkcv" --version || { error "the mkcv just built does not run"; exit 1; }
    echo "$build_dir" >> "${GITHUB_PATH:-/dev/null}"
    ;;
  *)
    echo "usage: action/install.sh key|release|build|languages" >&2
    exit 2
    ;;
esac
