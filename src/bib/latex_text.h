// Text from BibTeX is LaTeX. This turns it, once, into what the rest of mkcv expects: Unicode
// text ("Schr{\"o}dinger" → "Schrödinger", "{GPU}" → "GPU", "--" → "–", "\&" → "&"),
// escaped by each output like any cv.toml string, and typed text (text/rich_text.h) for what
// plain text cannot carry: \emph → emphasis, \textbf → strong, \url and \href → a link,
// \textsc and the like → a style, and math or {\em …} → verbatim LaTeX with a plain-text
// fallback. So an output other than LaTeX never sees raw LaTeX.
// Vetting works on what TeX will see: `^^` (TeX's spelling of any character, ^^5c being a
// backslash) is refused before anything else, every command must be on an allow-list (so
// \input, \openin, \write, \catcode, \def, \csname … are refused however they are
// spelled), a formula may hold only allowed characters, and braces nest at most
// kMaxBraceDepth deep. Refused text is not dropped: it prints literally, as plain text.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "text/rich_text.h"

namespace mkcv {

// Deeper nesting is refused (real titles nest two or three levels); it also bounds the
// converter's recursion, which is one level per brace.
inline constexpr int kMaxBraceDepth = 64;

// Refused text prints literally, but at most this many bytes of it (then "…").
inline constexpr std::size_t kMaxRefusedTextBytes = 300;

struct LatexText {
    std::string text;          // Unicode, formatting dropped: for matching, sorting, pdftotext
    RichText runs;             // the same with its marks; empty when it has none
    std::string latex;         // the same as LaTeX ready for the document (plain parts escaped)
    bool needs_latex = false;  // formatting or math that `text` cannot carry
    std::string error;         // non-empty when the input is refused, e.g. "\input is not allowed"
};

// On refusal `error` says why, and `text` is the input itself (spaces collapsed, cut to
// kMaxRefusedTextBytes) with `latex` its escaped form, so the caller can warn and still
// print what was written.
LatexText latex_to_text(std::string_view latex);

// How the LaTeX output prints a typed text: with no runs that change the look, `plain`
// escaped; otherwise the runs' LaTeX converted again by latex_to_text and printed as that
// conversion (the same text for the converter's own runs; a refused one prints literally),
// so runs made any other way cannot bring LaTeX in. Runs of inline Markdown
// (is_markup_only) print as they are: escaped text and fixed commands.
std::string latex_of_text(std::string_view plain, const RichText& runs);

}  // namespace mkcv
