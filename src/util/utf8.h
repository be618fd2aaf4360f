// Reading UTF-8 one character at a time, for code that must know characters rather than
// bytes (caret columns, script runs). Knows nothing about mkcv.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace mkcv {

// The code point of the UTF-8 sequence starting at byte `i`; `length` receives its size in
// bytes. An invalid or truncated sequence counts as one character: its first byte.
char32_t decode_utf8(std::string_view text, std::size_t i, std::size_t& length);

// The byte offset of the first thing in `text` that is not UTF-8 text, or npos: an invalid,
// truncated or overlong sequence, a surrogate, a code point past U+10FFFF, or a NUL byte
// (which no text file holds and which would cut C strings short).
std::size_t invalid_utf8_offset(std::string_view text);

// `text` with each byte that invalid_utf8_offset refuses replaced by U+FFFD, for display.
std::string valid_utf8(std::string_view text);

// The UTF-8 bytes of one code point; U+FFFD for a surrogate or a number past U+10FFFF.
std::string encode_utf8(char32_t code);

}  // namespace mkcv
