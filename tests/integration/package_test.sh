# The Debian package (packaging/package.cmake): made by CPack from this build, its Depends and
# contents read back, then unpacked into a temporary root whose binary builds the seed CV's
# long PDF with the templates unpacked beside it (one TeX build). The man page and the shell
# completions name every subcommand of `mkcv --help`, and the completions parse.
source "$(dirname "$0")/lib.sh"
source "$(dirname "$0")/package_lib.sh"

cd "$WORK"

# The subcommands, from the help's Subcommands: section.
mapfile -t subcommands < <("$MKCV" --help | awk '/^Subcommands:/ {on = 1; next} on && !NF {exit} on {print $1}')
((${#subcommands[@]} >= 10)) && pass "help lists ${#subcommands[@]} subcommands" ||
  fail "subcommands from --help: ${subcommands[*]}"

# Man page and completions list every subcommand, and name none that does not exist.
for file in mkcv.1 completions/mkcv.bash completions/_mkcv completions/mkcv.fish; do
  text="$(cat "$SRC/packaging/$file")"
  missing=()
  for command in "${subcommands[@]}"; do
    grep -qE "(^|[^a-z-])$command([^a-z-]|$)" <<< "$text" || missing+=("$command")
  done
  ((${#missing[@]} == 0)) && pass "$file names every subcommand" || fail "$file lacks ${missing[*]}"
done
bash_commands="$(sed -nE 's/^ *local commands="([^"]*)"/\1/p' "$SRC/packaging/completions/mkcv.bash")"
[[ "$(tr ' ' '\n' <<< "$bash_commands" | sort)" == "$(printf '%s\n' "${subcommands[@]}" | sort)" ]] &&
  pass "bash completion's commands are exactly --help's" || fail "bash completion: $bash_commands"

# The man page typesets without a warning (groff-base; build_scripts/test.sh installs it).
require_tool groff "build_scripts/test.sh installs groff-base"
warnings="$(groff -man -Tutf8 -ww -z "$SRC/packaging/mkcv.1" 2>&1)"
[[ -z "$warnings" ]] && pass "the man page typesets cleanly" || fail "groff: $warnings"

# Syntax: bash always; zsh and fish when installed (build_scripts/test.sh installs both).
bash -n "$SRC/packaging/completions/mkcv.bash" && pass "bash completion parses" || fail "bash -n"
# Sourced into a shell, it registers itself and completes a subcommand.
completed="$(bash -c 'source "$1"; COMP_WORDS=(mkcv va); COMP_CWORD=1; _mkcv; echo "${COMPREPLY[*]}"' _ \
  "$SRC/packaging/completions/mkcv.bash")"
[[ "$completed" == validate ]] && pass "bash completes va to validate" || fail "bash completed «$completed»"
for shell in zsh fish; do
  file="$SRC/packaging/completions/$([[ $shell == zsh ]] && echo _mkcv || echo mkcv.fish)"
  require_tool "$shell" "build_scripts/test.sh installs it"
  "$shell" -n "$file" && pass "$shell completion parses" || fail "$shell -n $file"
done
{
  fish_commands="$(fish -c "source '$SRC/packaging/completions/mkcv.fish'; complete -C 'mkcv '" | cut -f1 | sort | tr '\n' ' ')"
  [[ "$fish_commands" == "$(printf '%s\n' "${subcommands[@]}" | sort | tr '\n' ' ')" ]] &&
    pass "fish completes exactly the subcommands" || fail "fish completes: $fish_commands"
}

make_deb

info="$(dpkg-deb -I "$deb")"
depends="$(sed -nE 's/^ Depends: //p' <<< "$info")"
contains "$depends" "libc6" "Depends has the C library (dpkg-shlibdeps ran)"
contains "$depends" "libstdc++6" "Depends has the C++ library"
contains "$depends" "libboost-filesystem" "Depends has Boost.Filesystem"
# libcurl is opened by `mkcv sync` at run time (src/net/curl_library.h), so dpkg-shlibdeps
# cannot find it: packaging/package.cmake names it.
[[ ", $depends," =~ ,\ libcurl(4|3-gnutls)[,\ ] ]] && pass "Depends has libcurl, which sync opens" ||
  fail "Depends lacks libcurl: $depends"
# setup_list FIRST_COMMENT: the packages of setup.sh's `packages+=(...)` under the comment
# that starts with FIRST_COMMENT, sorted, one a line.
setup_list() {
  sed -n "/^# $1/,/^[^#]*)\$/p" "$SRC/build_scripts/setup.sh" | grep -v '^#' |
    sed 's/packages+=//' | tr -d '()' | tr ' ' '\n' | sed '/^$/d' | sort
}
# control_list FIELD: a field of the package's control data as package names, sorted, one a
# line (versions dropped).
control_list() {
  sed -nE "s/^ $1: //p" <<< "$info" | tr ',' '\n' | sed -E 's/\(.*\)//; s/ //g' | sed '/^$/d' | sort
}
# Depends: exactly setup.sh's TeX and font packages for the built-in templates, besides the
# shared libraries dpkg-shlibdeps found (lib*).
tex_packages="$(setup_list 'TeX and fonts the built-in templates use')"
[[ -n "$tex_packages" ]] || fail "no TeX list in setup.sh"
[[ "$(control_list Depends | grep -v '^lib')" == "$tex_packages" ]] &&
  pass "Depends has setup.sh's TeX and font packages, and no other but libraries" ||
  fail "Depends: $depends; setup.sh's TeX and fonts: $(echo $tex_packages)"
# Recommends: exactly what setup.sh installs for CJK text only (the Noto CJK fonts, xeCJK
# and the ctexhook it loads), none of it in Depends: a CV without CJK text loads none.
cjk_packages="$(setup_list 'What only a CV with CJK text loads')"
recommends="$(sed -nE 's/^ Recommends: //p' <<< "$info")"
[[ "$cjk_packages" == *fonts-noto-cjk* && "$cjk_packages" == *texlive-lang-cjk* ]] ||
  fail "setup.sh's CJK list: $(echo $cjk_packages)"
[[ "$(control_list Recommends)" == "$cjk_packages" ]] &&
  pass "Recommends is setup.sh's CJK list: $recommends" ||
  fail "Recommends: $recommends; setup.sh's CJK list: $(echo $cjk_packages)"
for package in $cjk_packages; do
  [[ ", $depends," != *", $package,"* && ", $depends," != *", $package ("* ]] &&
    pass "Depends lacks $package" || fail "$package in Depends"
done

contents="$(dpkg-deb -c "$deb" | awk '{print $NF}')"
for path in ./usr/bin/mkcv ./usr/share/mkcv/builtin_templates/long/template.toml \
  ./usr/share/mkcv/builtin_templates/common/mkcv-base.tex.mustache \
  ./usr/share/mkcv/builtin_templates/locales/en.toml ./usr/share/mkcv/builtin_templates/locales/zh.toml \
  ./usr/share/mkcv/schema/cv.schema.json ./usr/share/man/man1/mkcv.1.gz \
  ./usr/share/bash-completion/completions/mkcv ./usr/share/zsh/vendor-completions/_mkcv \
  ./usr/share/fish/vendor_completions.d/mkcv.fish ./usr/share/doc/mkcv/README.md \
  ./usr/share/doc/mkcv/CHANGELOG.md ./usr/share/doc/mkcv/docs/cv-format.md; do
  grep -qxF "$path" <<< "$contents" || fail "the package lacks $path"
done
pass "the package holds the binary, templates, locales, schema, man page, completions and docs"
lacks "$contents" "./usr/lib" "no libraries or test files packed"

# Unpacked anywhere, the binary finds the templates beside it (../share/mkcv/builtin_templates).
dpkg-deb -x "$deb" root
cmp -s root/usr/share/mkcv/schema/cv.schema.json "$SRC/schema/cv.schema.json" &&
  pass "the packed schema is the committed one" || fail "packed schema differs"
mkdir cv
cp "$SRC/cv.toml" cv/
cd cv
contains "$(../root/usr/bin/mkcv templates)" "$WORK/root/usr/share/mkcv/builtin_templates/long" \
  "the unpacked binary lists the unpacked templates"
../root/usr/bin/mkcv build -q -t long > build.log 2>&1 && pass "the unpacked binary builds long" ||
  { cat build.log; fail "build with the unpacked binary"; }
if [[ -f out/cv-long.pdf ]]; then
  name="$(sed -nE 's/^name = "(.*)"/\1/p' cv.toml | head -1)"
  contains "$(pdf_text out/cv-long.pdf)" "$name" "the PDF holds the owner's name"
fi
# The unpacked binary finds the unpacked locales too.
contains "$(../root/usr/bin/mkcv render -t long --lang zh 2>&1)" "教育经历" \
  "the unpacked binary renders in a packed locale"

finish
