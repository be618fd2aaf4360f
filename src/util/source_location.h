// A position in a file the user wrote: 1-based line, and column counted in characters (Unicode
// code points, as toml++ counts them), not bytes; 0 when unknown.
#pragma once

namespace mkcv {

struct SourcePos {
    int line = 0;
    int column = 0;

    bool known() const { return line > 0; }
};

}  // namespace mkcv
