#include "util/utf8.h"

namespace mkcv {

char32_t decode_utf8(std::string_view text, std::size_t i, std::size_t& length) {
    const auto c = static_cast<unsigned char>(text[i]);
    length = c < 0x80 ? 1 : (c >> 5) == 0x6 ? 2 : (c >> 4) == 0xE ? 3 : (c >> 3) == 0x1E ? 4 : 1;
    if (length == 1 || i + length > text.size()) {
        length = 1;
        return c;
    }
    char32_t code = c & (0x7F >> length);
    for (std::size_t k = 1; k < length; ++k)
        code = (code << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    return code;
}

std::size_t invalid_utf8_offset(std::string_view text) {
    for (std::size_t i = 0; i < text.size();) {
        const auto c = static_cast<unsigned char>(text[i]);
        if (c == 0)
            return i;
        if (c < 0x80) {
            ++i;
            continue;
        }
        // The first byte sets the length and the smallest code point (no overlong forms).
        std::size_t length = 0;
        char32_t code = 0, smallest = 0;
        if ((c >> 5) == 0x6) {
            length = 2, code = c & 0x1F, smallest = 0x80;
        } else if ((c >> 4) == 0xE) {
            length = 3, code = c & 0x0F, smallest = 0x800;
        } else if ((c >> 3) == 0x1E) {
            length = 4, code = c & 0x07, smallest = 0x10000;
        } else {
            return i;
        }
        if (i + length > text.size())
            return i;
        for (std::size_t k = 1; k < length; ++k) {
            const auto next = static_cast<unsigned char>(text[i + k]);
            if ((next & 0xC0) != 0x80)
                return i;
            code = (code << 6) | (next & 0x3F);
        }
        if (code < smallest || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF))
            return i;
        i += length;
    }
    return std::string_view::npos;
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

}  // namespace mkcv
