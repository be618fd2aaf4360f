#include "text/bidi.h"

#include <fribidi/fribidi.h>

#include <limits>

#include "util/utf8.h"

namespace mkcv {

bool has_rtl(std::string_view utf8) {
    for (std::size_t i = 0; i < utf8.size();) {
        if (static_cast<unsigned char>(utf8[i]) < 0x80) {  // ASCII is never right to left
            ++i;
            continue;
        }
        std::size_t length = 1;
        const char32_t code = decode_utf8(utf8, i, length);
        const FriBidiCharType type = fribidi_get_bidi_type(code);
        if (FRIBIDI_IS_RTL(type) || FRIBIDI_IS_ARABIC(type) || FRIBIDI_IS_EXPLICIT(type) ||
            FRIBIDI_IS_ISOLATE(type))
            return true;
        i += length;
    }
    return false;
}

BidiLayout bidi_layout(std::string_view utf8, TextDirection fallback) {
    BidiLayout layout;
    layout.base_level = fallback == TextDirection::Rtl ? 1 : 0;
    std::vector<FriBidiChar> chars;
    std::vector<std::size_t> offsets;  // the byte where each character begins
    chars.reserve(utf8.size());
    offsets.reserve(utf8.size() + 1);
    for (std::size_t i = 0; i < utf8.size();) {
        std::size_t length = 1;
        chars.push_back(decode_utf8(utf8, i, length));
        offsets.push_back(i);
        i += length;
    }
    offsets.push_back(utf8.size());
    // FriBidi counts in int; a value this long never comes from a cv.toml the loader takes,
    // but is then one run in the fallback direction rather than a wrong one.
    if (chars.empty() ||
        chars.size() > static_cast<std::size_t>(std::numeric_limits<int>::max()) / 4) {
        if (!utf8.empty())
            layout.runs.push_back({0, utf8.size(), layout.base_level});
        return layout;
    }
    const auto n = static_cast<FriBidiStrIndex>(chars.size());
    std::vector<FriBidiCharType> types(chars.size());
    std::vector<FriBidiBracketType> brackets(chars.size());
    std::vector<FriBidiLevel> levels(chars.size());
    fribidi_get_bidi_types(chars.data(), n, types.data());
    fribidi_get_bracket_types(chars.data(), n, types.data(), brackets.data());
    FriBidiParType direction = fallback == TextDirection::Rtl ? FRIBIDI_PAR_WRTL : FRIBIDI_PAR_WLTR;
    if (fribidi_get_par_embedding_levels_ex(types.data(), brackets.data(), n, &direction,
                                            levels.data()) == 0) {
        layout.runs.push_back({0, utf8.size(), layout.base_level});  // out of memory
        return layout;
    }
    layout.base_level = FRIBIDI_IS_RTL(direction) ? 1 : 0;
    for (std::size_t i = 0; i < chars.size(); ++i) {
        const int level = levels[i];
        if (!layout.runs.empty() && layout.runs.back().level == level)
            layout.runs.back().end = offsets[i + 1];
        else
            layout.runs.push_back({offsets[i], offsets[i + 1], level});
    }
    return layout;
}

std::string mirrored(std::string_view utf8) {
    std::string out;
    out.reserve(utf8.size());
    for (std::size_t i = 0; i < utf8.size();) {
        std::size_t length = 1;
        const char32_t code = decode_utf8(utf8, i, length);
        FriBidiChar mirror = 0;
        if (fribidi_get_mirror_char(code, &mirror))
            out += encode_utf8(mirror);
        else
            out.append(utf8.substr(i, length));
        i += length;
    }
    return out;
}

}  // namespace mkcv
