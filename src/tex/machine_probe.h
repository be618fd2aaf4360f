// Asks this machine for the TeX files and fonts a template needs, for `mkcv doctor`: one
// kpsewhich run for all LaTeX packages, one fc-list run per font (fontconfig is how XeTeX and
// LuaTeX find fonts by name). Each run goes through util/process with a time limit.
#pragma once

#include <optional>
#include <set>
#include <string>

namespace mkcv {

// The packages among `names` (without .sty) that kpsewhich cannot find; nullopt when
// kpsewhich is not on PATH or did not answer. A name that is not a plain file name is
// reported missing without asking.
std::optional<std::set<std::string>> missing_tex_packages(const std::set<std::string>& names);

// Whether fontconfig knows a font family of this name; nullopt when fc-list is not on PATH
// or did not answer.
std::optional<bool> font_installed(const std::string& family);

// `family` as a fontconfig pattern that matches only that family: \ - : , escaped.
std::string fontconfig_family_pattern(const std::string& family);

}  // namespace mkcv
