#include "text/percent_encode.h"

namespace mkcv {

void append_percent_escape(std::string& out, unsigned char byte) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    out += '%';
    out += kHex[byte >> 4];
    out += kHex[byte & 0xF];
}

std::string percent_encode(std::string_view text, bool (*keep)(char)) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text)
        if (keep(c))
            out += c;
        else
            append_percent_escape(out, static_cast<unsigned char>(c));
    return out;
}

}  // namespace mkcv
