#include "util/utf8.h"

#include <algorithm>
#include <cstdint>
#include <iterator>

#include <utf8.h>  // utfcpp (libutfcpp-dev): the validating decoder

namespace mkcv {
namespace {

// How many bytes the sequence led by `lead` claims (1 for a byte that leads none).
std::size_t claimed_length(unsigned char lead) {
    return lead < 0x80           ? 1
           : (lead >> 5) == 0x6  ? 2
           : (lead >> 4) == 0xE  ? 3
           : (lead >> 3) == 0x1E ? 4
                                 : 1;
}

}  // namespace

char32_t decode_utf8(std::string_view text, std::size_t i, std::size_t& length) {
    const auto lead = static_cast<unsigned char>(text[i]);
    length = claimed_length(lead);
    const auto begin = text.begin() + static_cast<std::ptrdiff_t>(i);
    // utfcpp refuses truncated, overlong and surrogate sequences and code points past
    // U+10FFFF; each of those counts as its first byte alone.
    if (length == 1 || i + length > text.size() ||
        !utf8::is_valid(begin, begin + static_cast<std::ptrdiff_t>(length))) {
        length = 1;
        return lead;
    }
    auto it = begin;
    return static_cast<char32_t>(utf8::unchecked::next(it));
}

std::size_t invalid_utf8_offset(std::string_view text) {
    const auto invalid = utf8::find_invalid(text.begin(), text.end());
    // A NUL byte is valid UTF-8 but no text file holds one, and it cuts C strings short.
    const auto nul = std::find(text.begin(), invalid, '\0');
    return nul == text.end() ? std::string_view::npos
                             : static_cast<std::size_t>(nul - text.begin());
}

std::string valid_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (;;) {
        const std::size_t bad = invalid_utf8_offset(text);
        if (bad == std::string_view::npos) {
            out.append(text);
            return out;
        }
        out.append(text.substr(0, bad));
        out += "\uFFFD";
        text.remove_prefix(bad + 1);
    }
}

std::string encode_utf8(char32_t code) {
    if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
        code = 0xFFFD;
    std::string out;
    utf8::unchecked::append(static_cast<std::uint32_t>(code), std::back_inserter(out));
    return out;
}

}  // namespace mkcv
