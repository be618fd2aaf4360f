// LaTeX in a source's texts (a professor's own YAML, a bamos-style cv.yaml) read as what it
// typesets: `\href{url}{text}`, `\textit{}`, `\textbf{}`, `\emph{}`, ``quotes'' and `\&`
// become cv.toml's inline markup in prose fields, or plain text elsewhere, so the CV prints
// the words and links, not the macros. Unknown macros stay as written, and are named for a
// warning.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

struct LatexReading {
    std::string text;
    std::vector<std::string> unknown;  // macros kept as written ("\\foo"), each once
};

// True when `text` holds anything read_latex would change or name.
bool looks_like_latex(std::string_view text);

// `prose`: cv.toml's inline markup (`*x*`, `**x**`, `[text](url)`); else plain text (a link
// keeps its words). Groups nest at most 32 deep, deeper ones stay as written; texts over
// 1 MiB are returned unchanged: all input is untrusted.
LatexReading read_latex(std::string_view text, bool prose);

}  // namespace mkcv
