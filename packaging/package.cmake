# `cmake --build build --target package` makes build/mkcv_<version>_amd64.deb (CPack, DEB).
# What goes in is what `cmake --install` installs (the install() rules in CMakeLists.txt and
# below), under /usr. docs/install.md describes the package; tests/integration/package_test.sh
# builds it, reads its control data and contents, and runs the binary from an extracted copy.

# The man page, the shell completions, the JSON Schema and the docs.
# Debian policy wants man pages compressed; -n leaves out the name and time, so the package
# stays reproducible.
add_custom_command(
  OUTPUT ${CMAKE_BINARY_DIR}/mkcv.1.gz
  COMMAND gzip -9 -n -c ${CMAKE_SOURCE_DIR}/packaging/mkcv.1 > ${CMAKE_BINARY_DIR}/mkcv.1.gz
  DEPENDS ${CMAKE_SOURCE_DIR}/packaging/mkcv.1
  VERBATIM)
add_custom_target(mkcv_man_page ALL DEPENDS ${CMAKE_BINARY_DIR}/mkcv.1.gz)
install(FILES ${CMAKE_BINARY_DIR}/mkcv.1.gz DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES packaging/completions/mkcv.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME mkcv)
# Debian's zsh reads vendor-completions; fish reads vendor_completions.d.
install(FILES packaging/completions/_mkcv DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES packaging/completions/mkcv.fish
        DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
install(FILES schema/cv.schema.json DESTINATION ${CMAKE_INSTALL_DATADIR}/mkcv/schema)
install(FILES README.md CHANGELOG.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME mkcv)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_PACKAGE_CONTACT "mkcv maintainers <mkcv@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "turns a CV kept as data (cv.toml) into typeset PDFs")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "mkcv checks a cv.toml, renders it through Mustache LaTeX templates and runs XeLaTeX\n"
       "to make PDFs (a long academic CV and a one-page CV), an HTML homepage, Markdown\n"
       "and JSON Resume from the same data.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # mkcv_<version>_<arch>.deb
set(CPACK_DEBIAN_PACKAGE_SECTION tex)
set(CPACK_STRIP_FILES ON)
# The shared libraries the binary links, as dpkg-shlibdeps (dpkg-dev) finds them.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# What the built-in templates need at run time for any CV: the TeX and font packages of
# build_scripts/setup.sh (package_test.sh checks the two lists agree; debian_packages_test
# checks every \usepackage and font of the built-in templates against them; docs/install.md
# says what each is for). mkcv counts pages from TeX's log, so poppler is not needed to build.
#   texlive-xetex: XeLaTeX; texlive-latex-recommended: fontspec, xcolor, etoolbox, extarticle;
#   texlive-latex-extra: enumitem (every template), paracol and accsupp (sidebar, awesome),
#   mylatexformat (the precompiled preamble), in no smaller Debian package;
#   texlive-fonts-recommended: pzdr.tfm, which hyperref loads under XeTeX;
#   latexmk: the passes mkcv does not judge itself, and [build] tex = "latexmk".
set(MKCV_RUNTIME_PACKAGES
    latexmk texlive-xetex texlive-latex-recommended texlive-latex-extra
    texlive-fonts-recommended
    fonts-noto-core fonts-dejavu-core fonts-symbola fonts-fork-awesome fonts-ebgaramond)
# What only a CV with CJK text loads, the package's Recommends (setup.sh's last TeX list;
# package_test.sh checks they agree), which `mkcv doctor` names without failing:
#   fonts-noto-cjk (89 MB): the Noto CJK fonts, loaded for the first CJK character (a CJK
#   name in a CV in another language too, which is set without xeCJK);
#   texlive-lang-cjk: xeCJK, loaded only for CJK text of some length, which loads ctexhook
#   (texlive-lang-chinese, 95 MB with the Arphic fonts it depends on).
set(MKCV_RECOMMENDED_PACKAGES fonts-noto-cjk texlive-lang-cjk texlive-lang-chinese)
# libcurl is opened at run time (src/net/curl_library.h), so dpkg-shlibdeps cannot see it:
# its package, found by the top CMakeLists.txt, is named here.
list(JOIN MKCV_RUNTIME_PACKAGES ", " CPACK_DEBIAN_PACKAGE_DEPENDS)
string(APPEND CPACK_DEBIAN_PACKAGE_DEPENDS ", ${MKCV_CURL_PACKAGE}")
list(JOIN MKCV_RECOMMENDED_PACKAGES ", " CPACK_DEBIAN_PACKAGE_RECOMMENDS)
include(CPack)
