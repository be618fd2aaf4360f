#!/usr/bin/env bash
# The steps of .github/workflows/release.yml, one per command, so that they can be run and
# tested without GitHub: MKCV_RELEASE_DRY_RUN=1 prints what would be published (gh, docker)
# instead of publishing it, and does everything else for real
# (tests/integration/release_dry_run_test.sh).
#
#   build_scripts/release.sh check-tag v0.1.0   # the tag is the version CMakeLists.txt carries
#   build_scripts/release.sh package            # the .deb (already built and tested) and its .sha256
#   build_scripts/release.sh publish v0.1.0     # the GitHub release of the tag, with both files
#   build_scripts/release.sh image v0.1.0 OWNER/REPO  # the container image, on ghcr.io
#
# MKCV_RELEASE_BUILD_DIR: the build folder (default: build).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir="${MKCV_RELEASE_BUILD_DIR:-build}"

version() { sed -nE 's/^project\(mkcv VERSION ([0-9]+\.[0-9]+\.[0-9]+) .*/\1/p' CMakeLists.txt; }
publishes() {  # publishes COMMAND...: runs it, or only says so in a dry run
  if [[ "${MKCV_RELEASE_DRY_RUN:-0}" == 1 ]]; then
    printf 'dry run:'
    printf ' %q' "$@"
    printf '\n'
  else
    "$@"
  fi
}
tag_of() {  # tag_of TAG: the tag, refused unless it is v<version>
  local tag="${1:-}" v
  v="$(version)"
  if [[ -z "$v" || "$tag" != "v$v" ]]; then
    echo "::error::the tag \"$tag\" is not the version in CMakeLists.txt (v$v): tag v$v, or change the version" >&2
    exit 1
  fi
  printf '%s\n' "$tag"
}

case "${1:-}" in
  check-tag)
    tag_of "${2:-}" > /dev/null
    echo "tag ${2} is version $(version)"
    ;;
  package)
    deb="mkcv_$(version)_amd64.deb"
    [[ "${MKCV_RELEASE_DRY_RUN:-0}" == 1 ]] || cmake --build "$build_dir" --target package
    [[ -f "$build_dir/$deb" && ! -L "$build_dir/$deb" ]] \
      || { echo "::error::$build_dir/$deb was not made" >&2; exit 1; }
    (cd "$build_dir" && sha256sum "$deb" > "$deb.sha256")
    echo "$build_dir/$deb and $deb.sha256"
    ;;
  publish)
    tag="$(tag_of "${2:-}")"
    deb="$build_dir/mkcv_$(version)_amd64.deb"
    [[ -f "$deb" && -f "$deb.sha256" ]] || { echo "::error::run the package step first" >&2; exit 1; }
    (cd "$build_dir" && sha256sum --check --quiet "$(basename "$deb").sha256") \
      || { echo "::error::$deb does not match its .sha256" >&2; exit 1; }
    publishes gh release create "$tag" --title "mkcv $(version)" --notes "See CHANGELOG.md." \
      "$deb" "$deb.sha256"
    ;;
  image)
    tag_of "${2:-}" > /dev/null
    repository="${3:?image OWNER/REPO}"
    # ghcr.io takes lower-case names only; the owner may not be.
    image="ghcr.io/${repository,,}"
    [[ "$image" =~ ^ghcr\.io/[a-z0-9._-]+/[a-z0-9._-]+$ ]] \
      || { echo "::error::\"$repository\" is not OWNER/REPO" >&2; exit 1; }
    publishes docker build --pull -t "$image:$(version)" -t "$image:latest" .
    publishes docker push "$image:$(version)"
    publishes docker push "$image:latest"
    ;;
  *)
    echo "usage: build_scripts/release.sh check-tag|package|publish|image ..." >&2
    exit 2
    ;;
esac
