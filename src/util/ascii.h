// ASCII case folding, the same in every locale (std::tolower follows the C locale, which a
// program may change). For keys, names of BibTeX types and fields, labels and the like,
// which are compared without regard to case; text shown to people is never folded. And
// BibTeX's rule for white space, which only ASCII space, tab and line breaks obey.
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

constexpr char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}

// `text` with A–Z turned to a–z; every other byte, UTF-8 included, as it was.
inline std::string ascii_lower(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = ascii_lower(c);
    return out;
}

// `text` without the ASCII white space (space, \t, \n, \v, \f, \r) at either end, as a
// browser trims a link and a person means a value they typed.
constexpr std::string_view trim_ascii_space(std::string_view text) {
    constexpr std::string_view kSpace = " \t\n\v\f\r";
    const auto first = text.find_first_not_of(kSpace);
    if (first == std::string_view::npos)
        return {};
    return text.substr(first, text.find_last_not_of(kSpace) - first + 1);
}

// BibTeX's white space rule for field values: runs of space, tab, CR and LF become one space,
// none at either end. Other bytes, UTF-8 included, as they were.
inline std::string collapse_ascii_spaces(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (char c : text) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (!out.empty() && out.back() != ' ')
                out += ' ';
            continue;
        }
        out += c;
    }
    if (!out.empty() && out.back() == ' ')
        out.pop_back();
    return out;
}

}  // namespace mkcv
