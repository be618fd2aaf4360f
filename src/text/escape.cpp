#include "text/escape.h"

#include <cctype>

#include "text/latex_escape.h"
#include "text/percent_encode.h"
#include "util/ascii.h"
#include "util/utf8.h"

namespace mkcv {
namespace {

bool is_control(char c) {
    const auto byte = static_cast<unsigned char>(c);
    return byte < 0x20 || byte == 0x7F;
}

bool is_line_break(char c) {
    return c == '\n' || c == '\r' || c == '\t';
}

// A character no format escapes: a line break becomes a space, other controls are dropped.
void append_plain(std::string& out, char c) {
    if (is_line_break(c))
        out += ' ';
    else if (!is_control(c))
        out += c;
}

// LaTeX's specials as a .bib field holds them. Simpler than escape_latex: BibTeX styles
// copy the value into a document whose fonts and ligatures mkcv does not know.
// Braces are written as commands, never as `\{`: BibTeX, btparse and every entry splitter
// count braces whatever stands before them, so a title holding `}}` would close its field
// and its entry, and the rest of the title would be read as entries of its own. The
// characters a reader turns into others (`'` and `` ` `` into curly quotes, `--` into a
// dash) are written so that they read back as themselves: a list written twice from the
// same data is the same file.
std::string escape_bibtex(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        switch (c) {
            case '\\':
                out += "\\textbackslash{}";
                break;
            case '{':
                out += "\\textbraceleft{}";
                break;
            case '}':
                out += "\\textbraceright{}";
                break;
            case '&':
            case '%':
            case '$':
            case '#':
            case '_':
                out += '\\';
                out += c;
                break;
            case '^':
                out += "\\^{}";
                break;
            case '~':
                out += "\\~{}";
                break;
            case '`':
                out += "\\textasciigrave{}";
                break;
            case '\'':
                out += "\\textquotesingle{}";
                break;
            case '-':  // `--` is a dash to TeX and to the reader; `-{}-` is two hyphens
                out += i + 1 < text.size() && text[i + 1] == '-' ? "-{}" : "-";
                break;
            default:
                append_plain(out, c);
        }
    }
    return out;
}

// Whether an escaper must look at a byte: those it rewrites, and controls. The others are
// copied in runs, not one by one: escaping is most of the render of an HTML page.
bool html_special(unsigned char byte) {
    return byte < 0x20 || byte == 0x7F || byte == '&' || byte == '<' || byte == '>' ||
           byte == '"' || byte == '\'';
}

std::string escape_html(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    std::size_t run = 0;  // the start of the bytes not yet written
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (!html_special(static_cast<unsigned char>(c)))
            continue;
        out.append(text.data() + run, i - run);
        run = i + 1;
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            case '\'':
                out += "&#39;";
                break;
            default:
                append_plain(out, c);
        }
    }
    out.append(text.data() + run, text.size() - run);
    return out;
}

// CommonMark: a backslash makes any ASCII punctuation literal. Escaped everywhere are the
// characters that start inline syntax (emphasis, code, links, HTML, entities, tables,
// strikethrough) and the `:` or `.` that make GitHub link a bare URL; at the start, those
// that would make the line a heading, list or quote.
std::string escape_markdown(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 8);
    static constexpr std::string_view kInline = "\\`*_[]<>|~&!";
    bool started = false;  // a character other than a space has been written
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // Leading blanks as one space: four would start an indented code block (also after
        // "- "). One is kept, as the value may follow other text on its line.
        if (!started && (c == ' ' || is_line_break(c))) {
            if (out.empty())
                out += ' ';
            continue;
        }
        if (is_line_break(c)) {
            out += ' ';
            continue;
        }
        if (is_control(c))
            continue;
        const bool at_start = !started;
        started = started || c != ' ';
        if (kInline.find(c) != std::string_view::npos ||
            (at_start && (c == '#' || c == '-' || c == '+' || c == '=')))
            out += '\\';
        // GitHub links bare URLs: "https://…" and "www.…" become links unless the `:` of
        // "://" or the `.` of "www." is escaped (an escaped character ends the match).
        if ((c == ':' && text.substr(i + 1, 2) == "//") ||
            (c == '.' && i >= 3 && ascii_lower(text.substr(i - 3, 3)) == "www"))
            out += '\\';
        out += c;
        // "1. " at the start would begin an ordered list.
        if (at_start && std::isdigit(static_cast<unsigned char>(c))) {
            std::size_t j = i + 1;
            while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j])))
                ++j;
            if (j < text.size() && (text[j] == '.' || text[j] == ')')) {
                out.append(text.substr(i + 1, j - i - 1));
                out += '\\';
                out += text[j];
                i = j;
            }
        }
    }
    // Trailing blanks as one space: two before the end of a line would be a hard line break.
    while (out.size() >= 2 && out.back() == ' ' && out[out.size() - 2] == ' ')
        out.pop_back();
    return out;
}

// RFC 8259, plus U+2028 and U+2029 (line ends to JavaScript) and `<`, `>`, `&`, so the
// string may sit inside an HTML <script>. Invalid UTF-8 becomes U+FFFD: JSON is Unicode.
std::string escape_json(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string repaired;
    std::string_view valid = text;
    if (invalid_utf8_offset(text) != std::string_view::npos) {
        repaired = valid_utf8(text);
        valid = repaired;
    }
    std::string out;
    out.reserve(valid.size() + 8);
    std::size_t run = 0;  // the start of the bytes not yet written, copied in one piece
    for (std::size_t i = 0; i < valid.size(); ++i) {
        const char c = valid[i];
        const auto byte = static_cast<unsigned char>(c);
        // 0xE2 begins U+2028 and U+2029 (and other characters, copied as they are).
        if (byte >= 0x20 && byte != 0x7F && byte != 0xE2 && c != '"' && c != '\\' && c != '<' &&
            c != '>' && c != '&')
            continue;
        out.append(valid, run, i - run);
        run = i + 1;
        switch (c) {
            case '"':
                out += "\\\"";
                continue;
            case '\\':
                out += "\\\\";
                continue;
            case '\n':
                out += "\\n";
                continue;
            case '\r':
                out += "\\r";
                continue;
            case '\t':
                out += "\\t";
                continue;
            default:
                break;
        }
        if (byte < 0x20 || c == '<' || c == '>' || c == '&' || byte == 0x7F) {
            out += "\\u00";
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        } else if (valid.compare(i, 3, "\u2028") == 0 || valid.compare(i, 3, "\u2029") == 0) {
            out += valid[i + 2] == '\xA8' ? "\\u2028" : "\\u2029";
            i += 2;
            run = i + 1;
        } else {
            out += c;
        }
    }
    out.append(valid, run, valid.size() - run);
    return out;
}

}  // namespace

std::string escape_text(std::string_view text, TextFormat format) {
    switch (format) {
        case TextFormat::Latex:
            return escape_latex(text);
        case TextFormat::Bibtex:
            return escape_bibtex(text);
        case TextFormat::Html:
            return escape_html(text);
        case TextFormat::Markdown:
            return escape_markdown(text);
        case TextFormat::Json:
            return escape_json(text);
    }
    return escape_latex(text);
}

bool is_safe_href(std::string_view url) {
    if (url.empty())
        return false;
    for (const char c : url)
        if (is_control(c) || c == ' ')
            return false;
    // RFC 3986: a scheme is a letter, then letters, digits, + - and ., up to the first `:`;
    // a `:` after a /, ? or # is part of a relative URL's path, query or fragment.
    const std::size_t colon = url.find(':');
    const std::size_t end = url.find_first_of("/?#");
    if (colon == std::string_view::npos || (end != std::string_view::npos && end < colon))
        return true;
    const std::string_view written = url.substr(0, colon);
    for (const char c : written)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '+' && c != '-' && c != '.')
            return false;  // not a scheme, yet a browser might read one: refused
    const std::string scheme = ascii_lower(written);
    return scheme == "http" || scheme == "https" || scheme == "mailto" || scheme == "tel";
}

std::string encode_uri(std::string_view url) {
    static constexpr std::string_view kAllowed =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=";
    auto is_hex = [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; };
    std::string out;
    out.reserve(url.size());
    for (std::size_t i = 0; i < url.size(); ++i) {
        const char c = url[i];
        const bool escape_of_byte =
            c == '%' && i + 2 < url.size() && is_hex(url[i + 1]) && is_hex(url[i + 2]);
        if (kAllowed.find(c) != std::string_view::npos || escape_of_byte) {
            out += c;
            continue;
        }
        append_percent_escape(out, static_cast<unsigned char>(c));
    }
    return out;
}

}  // namespace mkcv
