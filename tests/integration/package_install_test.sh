# The Debian package installed for real, as a user would: apt-get install ./mkcv_*.deb, then
# mkcv run from a folder that holds only a cv.toml, far from any source tree, builds both
# default PDFs with what /usr/share/mkcv has; then the package is removed and leaves nothing
# behind. This needs root and changes the machine, so it runs as root only, never where a mkcv
# package is installed already (it would be replaced, then removed), and not for the
# sanitizer build. It skips otherwise; under CI only the sanitizer build's copy may skip.
# The seed cv.toml has a Chinese name, set in Noto CJK: fonts-noto-cjk is a Recommends, which
# --no-install-recommends leaves out, but setup.sh installed it here, so this build does not
# show that the Depends alone suffice. That is package_test's check of the lists against
# setup.sh's, debian_packages_test's against the templates, and doctor_test's without Noto CJK.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/package_lib.sh"
cd "$WORK"

if grep -q '^MKCV_SANITIZE:BOOL=ON' "$build_dir/CMakeCache.txt"; then
  skip_build "the sanitizer build's package (the normal build's test installs its own)"
fi
((EUID == 0)) || skip "installing the package needs root"
if dpkg-query -W -f='${Status}' mkcv 2>/dev/null | grep -q installed; then
  skip "a mkcv package is installed on this machine; not replacing it"
fi
make_deb
{
  cp "$deb" "$WORK/mkcv.deb"
  # Another apt-get (a set-up script) may hold dpkg's lock for a while: wait for it.
  apt=(apt-get -o DPkg::Lock::Timeout=600 -y -qq)
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install --no-install-recommends "$WORK/mkcv.deb" \
    > apt-install.log 2>&1 && pass "apt-get install ./mkcv_${version}_amd64.deb" ||
    { cat apt-install.log; fail "apt-get install"; finish; }
  listed="$(dpkg -L mkcv)"
  for path in /usr/bin/mkcv /usr/share/man/man1/mkcv.1.gz /usr/share/bash-completion/completions/mkcv \
    /usr/share/zsh/vendor-completions/_mkcv /usr/share/fish/vendor_completions.d/mkcv.fish; do
    grep -qxF "$path" <<< "$listed" || fail "dpkg -L mkcv lacks $path"
  done
  pass "dpkg -L lists the binary, the man page and the completions"
  mkdir "$WORK/home"
  cp "$SRC/cv.toml" "$WORK/home/"
  (cd "$WORK/home" && env -i PATH=/usr/bin:/bin HOME="$WORK/home" /usr/bin/mkcv build -q > build.log 2>&1) &&
    pass "the installed mkcv builds the default templates" || { cat "$WORK/home/build.log"; fail "installed build"; }
  for pdf in cv-long.pdf cv-short.pdf; do
    [[ -s "$WORK/home/out/$pdf" ]] && pass "installed: out/$pdf" || fail "installed: no out/$pdf"
  done
  contains "$(cd "$WORK/home" && /usr/bin/mkcv templates)" "/usr/share/mkcv/builtin_templates/long" \
    "the installed mkcv uses /usr/share/mkcv's templates"
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" purge mkcv > apt-remove.log 2>&1 &&
    pass "apt-get purge mkcv" || { cat apt-remove.log; fail "apt-get purge"; }
  [[ ! -e /usr/bin/mkcv && ! -e /usr/share/mkcv && ! -e /usr/share/doc/mkcv ]] &&
    pass "removed cleanly: nothing of mkcv is left" || fail "left behind: $(ls -d /usr/bin/mkcv /usr/share/mkcv /usr/share/doc/mkcv 2>&1)"
  dpkg-query -W -f='${Status}' mkcv 2>/dev/null | grep -q ' installed' &&
    fail "dpkg still has mkcv installed" || pass "dpkg no longer lists mkcv"
}
finish
