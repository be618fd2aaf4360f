// Reading UTF-8 one character at a time, for code that must know characters rather than
// bytes (caret columns, script runs). Knows nothing about mkcv.
#pragma once

#include <cstddef>
#include <string_view>

namespace mkcv {

// The code point of the UTF-8 sequence starting at byte `i`; `length` receives its size in
// bytes. An invalid or truncated sequence counts as one character: its first byte.
char32_t decode_utf8(std::string_view text, std::size_t i, std::size_t& length);

}  // namespace mkcv
