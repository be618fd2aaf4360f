// What a LaTeX template needs from the machine, read from its own text: the packages it
// loads (\usepackage, \RequirePackage) and the fonts it names (fontspec's \setmainfont and
// kin, \newfontfamily, and the font macros of mkcv's base preamble: \newcommand\mkcv...font{}
// and \mkcvscriptfont{key}{Font}). Read from the text rather than declared in template.toml,
// so a user's template is checked as it is written and the list cannot fall out of date.
// A name that is computed (a macro, a Mustache tag) is not a name and is skipped.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace mkcv {

struct TexRequirements {
    std::set<std::string> packages;  // "fontspec", without .sty
    std::set<std::string> fonts;     // font family names, "Noto Serif"
    // Packages loaded only inside a <<#meta.xecjk>> section, which only a CV with CJK text of
    // some length renders (xeCJK): the Debian package's Recommends, not needed by default.
    std::set<std::string> cjk_packages;
    // Fonts only CJK text loads: those of mkcv's CJK font macros (\mkcvcjkmainfont,
    // \mkcvcjksansfont, which mkcv-base loads for the first CJK character) and those named
    // inside a <<#meta.xecjk>> section. A CV without CJK text never loads them (Noto CJK,
    // fonts-noto-cjk: a Recommends too). A font also named elsewhere is in `fonts` only.
    std::set<std::string> cjk_fonts;
};

// Adds what `text` (a template file, Mustache tags and all) loads and names to `into`; at
// most kMaxRequirements of each, names of at most kMaxRequirementName bytes. A package also
// loaded outside a CJK section is not in cjk_packages, a font also named there not in
// cjk_fonts.
void scan_tex_requirements(std::string_view text, TexRequirements& into);

inline constexpr std::size_t kMaxRequirements = 500;
inline constexpr std::size_t kMaxRequirementName = 100;

}  // namespace mkcv
