// A position in a file the user wrote: 1-based line, and column counted in characters (Unicode
// code points, as toml++ counts them), not bytes; 0 when unknown.
#pragma once

#include <algorithm>
#include <cstddef>
#include <string_view>

namespace mkcv {

struct SourcePos {
    int line = 0;
    int column = 0;

    bool known() const { return line > 0; }
};

// The position of byte `offset` of `text` (the end, past it), for files read whole: .bib
// files, templates.
inline SourcePos position_at(std::string_view text, std::size_t offset) {
    SourcePos pos{1, 1};
    offset = std::min(offset, text.size());
    for (std::size_t i = 0; i < offset; ++i) {
        if (text[i] == '\n') {
            ++pos.line;
            pos.column = 1;
        } else if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) {
            ++pos.column;  // a byte that starts a character
        }
    }
    return pos;
}

}  // namespace mkcv
