// Which Debian package brings a TeX program, a LaTeX package or a font, for `mkcv doctor`
// and the build's "not installed" errors. Known names come from Debian 12 (`dpkg -S` of the
// files the built-in templates use, and common neighbours); for others the answer says how to
// look it up.
#pragma once

#include <string>
#include <vector>

namespace mkcv {

// latexmk, xelatex, lualatex, pdflatex, kpsewhich, fc-list.
std::string package_for_program(const std::string& program);

// A LaTeX package (without .sty): texlive-latex-base, -recommended or -extra ...; for an
// unknown one, "the package holding NAME.sty (apt-file search NAME.sty)".
std::string package_for_tex_package(const std::string& name);

// LaTeX packages that `name` loads from another Debian package than its own, which a
// machine must have too: xeCJK (texlive-lang-cjk) loads ctexhook (texlive-lang-chinese).
std::vector<std::string> tex_packages_loaded_by(const std::string& name);

// A font family: "Noto Serif CJK SC" is fonts-noto-cjk, "Noto Serif" fonts-noto-core ...
std::string package_for_font(const std::string& family);

// True when the answer is a package name, not a way to look one up.
bool is_package_name(const std::string& answer);

}  // namespace mkcv
