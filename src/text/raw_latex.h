// The mark that makes a string LaTeX to print as it is, rather than text to escape. Only the
// BibTeX converter (bib/latex_text.h) sets it, on LaTeX it vetted; cv.toml and template.toml
// can never carry it (cv/toml_input.h refuses U+001A). Kept apart so the stages that only
// read the mark need not include the BibTeX converter. Typed text will replace it.
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// Values beginning with this mark are LaTeX; `mkcv context` shows it as "\u001alatex:".
inline constexpr std::string_view kRawLatexMark =
    "\x1a"
    "latex:";

inline bool is_raw_latex(std::string_view value) {
    return value.substr(0, kRawLatexMark.size()) == kRawLatexMark;
}

// The text without the mark.
inline std::string strip_raw_latex_mark(std::string_view value) {
    if (is_raw_latex(value))
        value.remove_prefix(kRawLatexMark.size());
    return std::string(value);
}

}  // namespace mkcv
