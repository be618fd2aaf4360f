#!/usr/bin/env bash
# Installs what mkcv needs from Debian's packages (only what is missing), then configures
# and builds it in build/. Safe to run again and again.
#
#   build_scripts/setup.sh            install, configure, build
#   MKCV_BUILD_DIR=dir ...            build somewhere else (default: build)
#   MKCV_CMAKE_ARGS="-D..." ...       extra CMake arguments (e.g. -DMKCV_SANITIZE=ON)
#   MKCV_BUILD_TARGETS="mkcv" ...     build only these targets (default: all, tests included)
#   MKCV_SETUP_PACKAGES_ONLY=1 ...    install what is missing, and neither configure nor build
#   MKCV_SETUP_PACKAGES=build ...     look for (and install) only what the compile needs, not
#                                     TeX or fonts: test.sh installs those while it compiles
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${MKCV_BUILD_DIR:-$root/build}"

# Build tools and libraries: libcurl (OpenSSL flavour) fetches publications for `mkcv sync`,
# pugixml parses the XML responses (DBLP, arXiv), Gumbo reads HTML outputs back,
# libboost-dev's header-only Beast and Asio are `mkcv serve`'s HTTP server;
# dpkg-dev's dpkg-shlibdeps finds the Debian package's library
# dependencies (`cmake --build build --target package`). g++ brings gcc, whose cc also
# compiles the LD_PRELOAD shim of tests/integration/enospc_test.sh. lld links several times
# faster than GNU ld (CMakeLists.txt uses it when it is there).
packages=(
  g++ cmake make pkg-config lld
  libtomlplusplus-dev libkainjow-mustache-dev catch2 libcli11-dev nlohmann-json3-dev
  libboost-filesystem-dev libboost-dev libbtparse-dev libxxhash-dev libutfcpp-dev
  libcmark-dev libfribidi-dev libgumbo-dev
  libyaml-cpp-dev
  libcurl4-openssl-dev libpugixml-dev
  dpkg-dev
)
build_packages=("${packages[@]}")
# TeX and fonts the built-in templates use (the Debian package's Depends): XeLaTeX with
# fontspec, Noto fonts for Latin, Greek, Cyrillic and the other scripts, DejaVu Sans and
# Symbola (3 MB, monochrome emoji and symbols, since XeTeX cannot use colour emoji fonts) as
# the last fallbacks for symbols and emoji (docs/fonts.md); texlive-latex-extra also has
# mylatexformat, which makes the precompiled preambles (src/tex/format.cpp). Fork Awesome
# (1.7 MB) has the icons of `modern`'s contacts; TeX Live's fontawesome5 and academicons
# would need texlive-fonts-extra, 1.4 GB installed (docs/cv-format.md#profiles). EB Garamond
# (1.2 MB) is `classic`'s serif with real small capitals.
packages+=(
  latexmk texlive-xetex texlive-latex-recommended texlive-latex-extra
  texlive-fonts-recommended
  fonts-noto-core fonts-dejavu-core fonts-symbola
  fonts-fork-awesome fonts-ebgaramond
)
# What only a CV with CJK text loads (the Debian package's Recommends): the Noto CJK fonts
# (89 MB, any CJK character, a name too) and xeCJK with the ctexhook it loads (CJK text of
# some length). The tests build Chinese, Japanese and Korean CVs, and the seed CV has a
# Chinese name.
packages+=(fonts-noto-cjk texlive-lang-cjk texlive-lang-chinese)
# Tests read the PDFs back (poppler) and script some checks (python3).
packages+=(poppler-utils python3)
# The fuzz targets (tests/fuzz) need clang's libFuzzer.
packages+=(clang)

[[ "${MKCV_SETUP_PACKAGES:-all}" == build ]] && packages=("${build_packages[@]}")

missing=()
for package in "${packages[@]}"; do
  status="$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)"
  [[ "$status" == "install ok installed" ]] || missing+=("$package")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install packages" >&2; exit 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[[ "${MKCV_SETUP_PACKAGES_ONLY:-0}" == 1 ]] && exit 0

# shellcheck disable=SC2086
cmake -S "$root" -B "$build_dir" -DCMAKE_BUILD_TYPE=RelWithDebInfo ${MKCV_CMAKE_ARGS:-} >/dev/null
# shellcheck disable=SC2086
cmake --build "$build_dir" -j "$(nproc)" --target ${MKCV_BUILD_TARGETS:-all}
