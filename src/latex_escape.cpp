#include "latex_escape.h"

namespace mkcv {

std::string escape_latex(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
            case '\\':
                out += "\\textbackslash{}";
                break;
            case '{':
                out += "\\{";
                break;
            case '}':
                out += "\\}";
                break;
            case '$':
                out += "\\$";
                break;
            case '&':
                out += "\\&";
                break;
            case '%':
                out += "\\%";
                break;
            case '#':
                out += "\\#";
                break;
            case '_':
                out += "\\_";
                break;
            case '^':
                out += "\\textasciicircum{}";
                break;
            case '~':
                out += "\\textasciitilde{}";
                break;
            // After a command such as \item or \\, a bracket would start an optional argument.
            case '[':
                out += "{[}";
                break;
            case ']':
                out += "{]}";
                break;
            // Fonts are loaded without TeX ligatures, but a template may not be: keep "--",
            // "``", "''", "<<", "?`" and "!`" from turning into other characters.
            case '-':
            case '`':
            case '\'':
            case '<':
            case '>':
            case ',':
                out += c;
                if (i + 1 < text.size() && text[i + 1] == c)
                    out += "{}";
                break;
            case '?':
            case '!':
                out += c;
                if (i + 1 < text.size() && text[i + 1] == '`')
                    out += "{}";
                break;
            case '\n':
            case '\r':
            case '\t':
                out += ' ';
                break;
            default:
                // Other ASCII control characters are invalid input for TeX.
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
                    break;
                out += c;
        }
    }
    return out;
}

std::string escape_href(std::string_view url) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    out.reserve(url.size() + 8);
    for (const char c : url) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '%') {
            out += "\\%";
        } else if (c == '#') {
            out += "\\#";
        } else if (byte > 0x20 && byte < 0x7F && c != '"' && c != '<' && c != '>' && c != '\\' &&
                   c != '^' && c != '`' && c != '{' && c != '|' && c != '}') {
            out += c;
        } else {
            out += "\\%";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        }
    }
    return out;
}

std::string display_url(std::string_view url) {
    for (std::string_view scheme : {"https://", "http://", "mailto:"}) {
        if (url.substr(0, scheme.size()) == scheme) {
            url.remove_prefix(scheme.size());
            break;
        }
    }
    if (url.size() > 1 && url.back() == '/')
        url.remove_suffix(1);
    return std::string(url);
}

}  // namespace mkcv
