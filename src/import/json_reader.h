// JSON (JSON Resume) → a SourceNode tree, with nlohmann-json's SAX parser: every value keeps
// its line and column, a duplicate key is an error (which of the two would win is a guess),
// nesting and the number of values are bounded (source_tree.h). `//` and `/* */` comments
// and trailing commas (JSON as Jekyll and people keep it) are read.
#pragma once

#include <string>

#include "import/source_tree.h"
#include "util/result.h"

namespace mkcv {

// `file` names the input in messages; `text` is its content. A syntax error, a duplicate
// key or input past the bounds fails with a located "import-syntax" diagnostic.
Result<SourceNode> read_json(const std::string& file, const std::string& text);

// `text` with each comma that only blanks and comments separate from a `}` or `]` made a
// space, outside strings: the bytes keep their offsets, so positions stay exact.
std::string blank_trailing_commas(std::string text);

}  // namespace mkcv
