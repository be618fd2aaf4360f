#!/usr/bin/env bash
# The set-up on a truly fresh Debian 12, measured: benchmarks/fresh_debian.sh DEB [CHROOT]
# Makes a minimal Debian 12 (debootstrap --variant=minbase, from the mirror this machine's
# apt uses), then times, inside it:
#   1. apt-get install --no-install-recommends ./mkcv_*.deb (as README.md and
#      docs/install.md say), with the number of packages and the size it adds: the
#      package's Depends, without its Recommends (fonts-noto-cjk, texlive-lang-cjk,
#      texlive-lang-chinese: what only a CV with CJK text loads);
#   2. mkcv new "Ada Lovelace" && mkcv, the first PDFs (the starter CV has no CJK text, so
#      it builds without the Recommends);
# and prints a Markdown table for docs/benchmarks.md. Needs root and debootstrap; the
# chroot (default /tmp/mkcv-fresh-debian) is removed first and left for inspection.
#   FRESH_DEBIAN_REUSE=1   keep an existing clean chroot (its tarball) instead of debootstrapping
set -euo pipefail

deb="$(realpath "${1:?usage: fresh_debian.sh mkcv_VERSION_ARCH.deb [CHROOT]}")"
root="${2:-/tmp/mkcv-fresh-debian}"
((EUID == 0)) || { echo "fresh_debian.sh: needs root (debootstrap, chroot)" >&2; exit 1; }
command -v debootstrap > /dev/null || { echo "fresh_debian.sh: apt-get install debootstrap" >&2; exit 1; }
# The first Debian mirror apt is configured with (deb822 or one-line sources).
mirror="$({ cat /etc/apt/sources.list /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list 2>/dev/null || true; } |
  awk '/^URIs:/ {print $2; exit} /^deb / {print $2; exit}')"
mirror="${mirror:-http://deb.debian.org/debian}"
clock() { local s=${EPOCHREALTIME/[.,]/}; "$@"; local e=${EPOCHREALTIME/[.,]/}; echo $(((e - s) / 1000)) >&3; }
mb() { du -sxm --exclude=proc --exclude=sys --exclude=dev "$1" | cut -f1; }

cleanup_mounts() { umount -l "$root/proc" 2> /dev/null || true; umount -l "$root/dev/pts" 2>/dev/null || true; }
trap cleanup_mounts EXIT
cleanup_mounts
if [[ "${FRESH_DEBIAN_REUSE:-0}" == 1 && -f "$root.tar" ]]; then
  rm -rf "$root" && mkdir -p "$root" && tar -C "$root" -xf "$root.tar"
  boot_ms="(reused)"
else
  rm -rf "$root"
  boot_ms="$( { clock debootstrap --variant=minbase bookworm "$root" "$mirror" > /tmp/mkcv-debootstrap.log 2>&1; } 3>&1)"
  tar -C "$root" -cf "$root.tar" .
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"
# The security and update suites, as on this machine.
printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb http://deb.debian.org/debian-security bookworm-security main\n' \
  "$mirror" "$mirror" > "$root/etc/apt/sources.list"
mount -t proc proc "$root/proc"
in_root() { chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  DEBIAN_FRONTEND=noninteractive "$@"; }
update_ms="$( { clock in_root apt-get update -qq > /tmp/mkcv-fresh-update.log 2>&1; } 3>&1)"
before_mb="$(mb "$root")"
before_pkgs="$(in_root dpkg-query -W -f '.\n' | wc -l)"
cp "$deb" "$root/tmp/"
name="$(basename "$deb")"
install_ms="$( { clock in_root apt-get install -y -q --no-install-recommends "/tmp/$name" > /tmp/mkcv-fresh-install.log 2>&1; } 3>&1)"
in_root apt-get clean
after_mb="$(mb "$root")"
after_pkgs="$(in_root dpkg-query -W -f '.\n' | wc -l)"
mkdir -p "$root/home/ada"
first_ms="$( { clock in_root sh -c 'cd /home/ada && mkcv new "Ada Lovelace" > /dev/null && mkcv' > /tmp/mkcv-fresh-first.log 2>&1; } 3>&1)"
ls "$root/home/ada/out/"*.pdf > /dev/null || { cat /tmp/mkcv-fresh-first.log; echo "fresh_debian.sh: no PDF" >&2; exit 1; }
# The largest packages it installed, for the record.
largest="$(in_root dpkg-query -W -f '${Installed-Size}\t${Package}\n' | sort -rn | head -12 |
  awk '{printf "%s (%.0f MB), ", $2, $1/1024}' | sed 's/, $//')"

echo "Debian 12 minbase from $mirror; $(nproc) cores; $(date -u '+%Y-%m-%d %H:%M UTC'); $name."
echo
echo "| step | time | packages | installed size |"
echo "| --- | ---: | ---: | ---: |"
echo "| \`debootstrap --variant=minbase bookworm\` | $boot_ms ms | $before_pkgs | $before_mb MB |"
echo "| \`apt-get update\` | $update_ms ms | | |"
echo "| \`apt-get install --no-install-recommends ./$name\` | $install_ms ms | +$((after_pkgs - before_pkgs)) | +$((after_mb - before_mb)) MB |"
echo "| \`mkcv new \"Ada Lovelace\" && mkcv\` (both PDFs) | $first_ms ms | | |"
echo "| from \`apt-get install\` to the first PDF | $((install_ms + first_ms)) ms | | |"
echo
echo "Largest installed packages: $largest."
echo "Not installed (the package's Recommends, for CJK text): $(dpkg-deb -f "$deb" Recommends)."
