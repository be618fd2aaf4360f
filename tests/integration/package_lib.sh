# Shared by package_test.sh and package_install_test.sh: $build_dir, $version, and make_deb.
build_dir="$(dirname "$MKCV")"
version="$(sed -nE 's/^project\(mkcv VERSION ([0-9.]+) .*/\1/p' "$SRC/CMakeLists.txt")"

# make_deb: the package, made from this build without building anything again (cpack runs
# the install rules of the build folder), as $deb.
make_deb() {
  cpack -G DEB --config "$build_dir/CPackConfig.cmake" -B "$WORK/pkg" > "$WORK/cpack.log" 2>&1 ||
    { cat "$WORK/cpack.log"; fail "cpack"; finish; }
  deb="$WORK/pkg/mkcv_${version}_amd64.deb"
  [[ -f "$deb" ]] && pass "made mkcv_${version}_amd64.deb" || { ls "$WORK/pkg"; fail "no $deb"; finish; }
}
