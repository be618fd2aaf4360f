// Text from BibTeX is LaTeX. This turns it into what the rest of mkcv expects: Unicode text
// ("Schr{\"o}dinger" → "Schrödinger", "{GPU}" → "GPU", "--" → "–", "\&" → "&"), escaped
// once by the renderer like any cv.toml string. What has no plain-text form (\emph, \textsc,
// math) is kept as LaTeX and the value is marked so the renderer prints it as it is; every
// command must be on an allow-list, so nothing in a .bib can read or write files or change
// how TeX reads (\input, \write, \catcode, \def … are refused).
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

struct LatexText {
    std::string text;          // Unicode, formatting dropped: for matching, sorting, pdftotext
    std::string latex;         // the same as LaTeX ready for the document (plain parts escaped)
    bool needs_latex = false;  // formatting or math that `text` cannot carry
    std::string error;         // non-empty when the input is refused, e.g. "\input is not allowed"
};

LatexText latex_to_text(std::string_view latex);

// The value the model keeps: plain text, or the marked LaTeX when it needs LaTeX.
std::string bibtex_value(const LatexText& converted);

// Values beginning with this mark are LaTeX; `mkcv context` shows it as "\u001alatex:".
inline constexpr std::string_view kRawLatexMark =
    "\x1a"
    "latex:";

bool is_raw_latex(std::string_view value);
std::string strip_raw_latex_mark(std::string_view value);  // the text without the mark

// How the renderer prints a value: marked LaTeX as it is (checked against the allow-list
// again, so a mark cannot smuggle anything in), everything else escaped.
std::string value_to_latex(std::string_view value);

}  // namespace mkcv
