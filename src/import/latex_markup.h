// LaTeX in a source's texts (a professor's own YAML, a bamos-style cv.yaml) read as what it
// typesets: `\href{url}{text}`, `\textit{}`, `\textbf{}`, `\emph{}`, ``quotes'' and `\&`
// become cv.toml's inline markup in prose fields, or plain text elsewhere, so the CV prints
// the words and links, not the macros; accents (`\'e`, `\c{c}`), named letters (`\ss`),
// ties, dashes and bare groups become the characters they print. Unknown macros stay as
// written with their arguments, and are named for a warning.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "import/toml_writer.h"
#include "util/diagnostics.h"

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

// Where in the source the cv.toml value at a path, holding `macro`, came from (not known:
// line 0).
using SourcePlaceOf =
    std::function<SourcePos(const std::string& toml_path, const std::string& macro)>;

// Every text of an imported cv.toml read by read_latex, after the mapping: prose fields
// (summary, note, highlights, a custom section's text and items …) into inline markup, the
// others into plain text; `[extra]` (kept for other tools), `bibliography` and the photo's
// path as written. One warning per unknown macro names it and the first cv.toml value that
// keeps it, at that value's place in the source when `place_of` knows it. A text that would
// grow past what cv.toml takes in one value stays as written. Returns how many texts changed.
std::size_t read_latex_values(TomlValue& document, Diagnostics& diagnostics,
                              const std::string& file, const SourcePlaceOf& place_of = {});

}  // namespace mkcv
