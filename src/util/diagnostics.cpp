#include "util/diagnostics.h"

#include <algorithm>
#include <ostream>

#include <nlohmann/json.hpp>

#include "util/utf8.h"

namespace mkcv {

void Diagnostics::error(std::string file, SourcePos pos, std::string code, std::string message,
                        std::string hint) {
    items_.push_back({Severity::Error, std::move(file), pos, std::move(code), std::move(message),
                      std::move(hint)});
}

void Diagnostics::warning(std::string file, SourcePos pos, std::string code, std::string message,
                          std::string hint) {
    items_.push_back({Severity::Warning, std::move(file), pos, std::move(code), std::move(message),
                      std::move(hint)});
}

void Diagnostics::note(std::string file, SourcePos pos, std::string code, std::string message,
                       std::string hint) {
    items_.push_back({Severity::Note, std::move(file), pos, std::move(code), std::move(message),
                      std::move(hint)});
}

void DiagnosticsOnce::add_new(const Diagnostics& from) {
    for (const Diagnostic& d : from.items())
        if (seen_
                .emplace(d.file, d.pos.line, d.pos.column, static_cast<int>(d.severity), d.code,
                         d.message)
                .second)
            into_.add(d);
}

void Diagnostics::append(const Diagnostics& other) {
    items_.insert(items_.end(), other.items_.begin(), other.items_.end());
}

int Diagnostics::error_count() const {
    return static_cast<int>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
        return d.severity == Severity::Error;
    }));
}

int Diagnostics::warning_count() const {
    return static_cast<int>(std::count_if(items_.begin(), items_.end(), [](const Diagnostic& d) {
        return d.severity == Severity::Warning;
    }));
}

void Diagnostics::sort() {
    std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
        if (a.file != b.file)
            return a.file < b.file;
        if (a.pos.line != b.pos.line)
            return a.pos.line < b.pos.line;
        return a.pos.column < b.pos.column;
    });
}

std::string line_of(const std::string& text, int line) {
    if (line < 1)
        return "";
    std::size_t begin = 0;
    for (int i = 1; i < line; ++i) {
        begin = text.find('\n', begin);
        if (begin == std::string::npos)
            return "";
        ++begin;
    }
    auto end = text.find('\n', begin);
    std::string out = text.substr(begin, end == std::string::npos ? end : end - begin);
    if (!out.empty() && out.back() == '\r')
        out.pop_back();
    return out;
}

namespace {

// Byte offset just past `count` characters of `text` from byte `from` (or its end).
std::size_t advance_chars(std::string_view text, std::size_t from, std::size_t count) {
    std::size_t i = from;
    for (std::size_t seen = 0; i < text.size() && seen < count; ++seen) {
        std::size_t length = 1;
        decode_utf8(text, i, length);
        i += length;
    }
    return i;
}

}  // namespace

std::string shorten(std::string_view text, std::size_t max_chars) {
    const std::size_t end = advance_chars(text, 0, max_chars);
    if (end >= text.size())
        return std::string(text);
    return std::string(text.substr(0, end)) + "…";
}

bool is_invisible_control(std::string_view text, std::size_t i, std::size_t& length) {
    const char32_t code = decode_utf8(text, i, length);
    if (length == 1)
        return code < 0x20 || code >= 0x7F;  // C0, DEL, and a byte that is not UTF-8
    return (code >= 0x80 && code <= 0x9F) || code == 0x2028 || code == 0x2029 ||
           (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

const char* severity_name(Severity s) {
    switch (s) {
        case Severity::Error:
            return "error";
        case Severity::Warning:
            return "warning";
        case Severity::Note:
            return "note";
    }
    return "error";
}

std::string visible(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 1;
        if (!is_invisible_control(text, i, length)) {
            out.append(text.substr(i, length));
            i += length;
            continue;
        }
        const auto byte = static_cast<unsigned char>(text[i]);
        if (length == 1) {
            switch (byte) {
                case '\n':
                    out += "\\n";
                    break;
                case '\t':
                    out += "\\t";
                    break;
                case '\r':
                    out += "\\r";
                    break;
                default:
                    out += "\\x";
                    out += kHex[byte >> 4];
                    out += kHex[byte & 0xF];
            }
        } else {
            const char32_t code = decode_utf8(text, i, length);
            out += "\\u";
            for (int shift = 12; shift >= 0; shift -= 4)
                out += kHex[(code >> shift) & 0xF];
        }
        i += length;
    }
    return out;
}

namespace {

// Where each line of a file starts, found once per file: looking every diagnostic's line up
// from the top made printing quadratic in the number of diagnostics.
class LineIndex {
  public:
    explicit LineIndex(const std::string& text) : text_(text) {
        starts_.push_back(0);
        for (std::size_t i = text.find('\n'); i != std::string::npos; i = text.find('\n', i + 1))
            starts_.push_back(i + 1);
    }

    // Line `line` (1-based) without its newline; empty when out of range.
    std::string_view line(int line) const {
        if (line < 1 || static_cast<std::size_t>(line) > starts_.size())
            return {};
        const std::size_t begin = starts_[static_cast<std::size_t>(line) - 1];
        std::size_t end = static_cast<std::size_t>(line) < starts_.size()
                              ? starts_[static_cast<std::size_t>(line)] - 1
                              : text_.size();
        if (end > begin && text_[end - 1] == '\r')
            --end;
        return std::string_view(text_).substr(begin, end - begin);
    }

  private:
    const std::string& text_;
    std::vector<std::size_t> starts_;
};

// Terminal cells before character `column` (1-based): wide characters (CJK) take two, so the
// caret stays under them.
int cell_width(const std::string& line, int column) {
    int cells = 0;
    for (std::size_t i = 0, seen = 0; i < line.size() && static_cast<int>(seen) < column - 1;
         ++seen) {
        std::size_t length = 1;
        const char32_t code = decode_utf8(line, i, length);
        const bool wide =
            (code >= 0x1100 && code <= 0x115F) || (code >= 0x2E80 && code <= 0xA4CF) ||
            (code >= 0xAC00 && code <= 0xD7A3) || (code >= 0xF900 && code <= 0xFAFF) ||
            (code >= 0xFE30 && code <= 0xFE4F) || (code >= 0xFF00 && code <= 0xFF60) ||
            (code >= 0xFFE0 && code <= 0xFFE6) || (code >= 0x20000 && code <= 0x3FFFD);
        cells += wide ? 2 : 1;
        i += length;
    }
    return cells;
}

// The source line as it may go to a terminal: control characters (a NUL, an escape sequence
// in a broken file, a bidi override: is_invisible_control) become one '?' each, so they
// cannot garble the screen and the caret stays under its character; tabs stay.
std::string printable(std::string_view line) {
    std::string out;
    out.reserve(line.size());
    for (std::size_t i = 0; i < line.size();) {
        std::size_t length = 1;
        if (is_invisible_control(line, i, length) && line[i] != '\t')
            out += '?';
        else
            out.append(line.substr(i, length));
        i += length;
    }
    return out;
}

// Blanks that put the caret under character `column`; tabs where the line is indented with
// tabs, so the caret lines up whatever the terminal's tab width.
std::string caret_pad(const std::string& line, int column) {
    std::string pad(static_cast<std::size_t>(cell_width(line, column)), ' ');
    for (std::size_t i = 0; i < line.size() && i < pad.size() && line[i] == '\t'; ++i)
        pad[i] = '\t';
    return pad;
}

// At most kMaxSourceColumns characters of `line` around character `column`, with "…" where
// it was cut; `column` is moved to the same character in the window.
std::string source_window(std::string_view line, int& column) {
    const std::size_t half = kMaxSourceColumns / 2;
    const std::size_t caret = column > 0 ? static_cast<std::size_t>(column) - 1 : 0;
    const std::size_t first = caret > half ? caret - half : 0;
    const std::size_t begin = advance_chars(line, 0, first);
    const std::size_t end = advance_chars(line, begin, kMaxSourceColumns);
    std::string out = begin > 0 ? "…" : "";
    out.append(line.substr(begin, end - begin));
    if (end < line.size())
        out += "…";
    if (column > 0 && begin > 0)
        column = column - static_cast<int>(first) + 1;  // the "…" is one character
    return out;
}

void print_text(std::ostream& out, const Diagnostic& d, const LineIndex* line_index, bool color) {
    const char* bold = color ? "\033[1m" : "";
    const char* reset = color ? "\033[0m" : "";
    const char* tint = !color                            ? ""
                       : d.severity == Severity::Error   ? "\033[1;31m"
                       : d.severity == Severity::Warning ? "\033[1;35m"
                                                         : "\033[1;36m";
    const char* green = color ? "\033[1;32m" : "";
    const char* cyan = color ? "\033[1;36m" : "";

    // What the user wrote (a file name, a key, a value in the message) stays on its line.
    out << bold << visible(d.file);
    if (d.pos.known()) {
        out << ':' << d.pos.line;
        if (d.pos.column > 0) {
            out << ':' << d.pos.column;
        }
    }
    out << ": " << reset << tint << severity_name(d.severity) << ": " << reset << bold
        << visible(shorten(d.message, kMaxMessageChars)) << reset << '\n';
    if (d.pos.known() && line_index) {
        int column = d.pos.column;
        const std::string text = printable(source_window(line_index->line(d.pos.line), column));
        if (!text.empty()) {
            out << "  " << text << '\n';
            if (column > 0)
                out << "  " << caret_pad(text, column) << green << '^' << reset << '\n';
        }
    }
    if (!d.hint.empty())
        out << cyan << "hint: " << reset << visible(shorten(d.hint, kMaxMessageChars)) << '\n';
}

// GitHub workflow commands end at a newline and treat `%`, `\r`, `\n` specially: those are
// escaped by GitHub's rules (%0A: the annotation shows a line break, the log line stays
// one). Every other control character is made visible (visible()): an escape sequence
// would recolour the log.
std::string github_escape(const std::string& text, bool property) {
    std::string s;
    for (std::size_t begin = 0; begin < text.size();) {
        const std::size_t end = std::min(text.find_first_of("\r\n", begin), text.size());
        s += visible(std::string_view(text).substr(begin, end - begin));
        if (end < text.size())
            s += text[end];
        begin = end + 1;
    }
    std::string out;
    for (char c : s) {
        if (c == '%')
            out += "%25";
        else if (c == '\r')
            out += "%0D";
        else if (c == '\n')
            out += "%0A";
        else if (property && c == ':')
            out += "%3A";
        else if (property && c == ',')
            out += "%2C";
        else
            out += c;
    }
    return out;
}

// "… and 19900 more errors", or with a breakdown when they are of several kinds.
std::string more_line(const std::vector<Diagnostic>& rest) {
    std::size_t counts[3] = {0, 0, 0};
    for (const auto& d : rest)
        ++counts[static_cast<int>(d.severity)];
    const char* names[3] = {"error", "warning", "note"};
    std::string parts;
    int kinds = 0;
    for (int i = 0; i < 3; ++i)
        if (counts[i] > 0) {
            parts += (parts.empty() ? "" : ", ") + std::to_string(counts[i]) + " " + names[i] +
                     (counts[i] == 1 ? "" : "s");
            ++kinds;
        }
    if (kinds == 1)
        return "… and " + parts.substr(0, parts.find(' ')) + " more" +
               parts.substr(parts.find(' '));
    return "… and " + std::to_string(rest.size()) + " more (" + parts + ")";
}

}  // namespace

void print_diagnostics(std::ostream& out, const Diagnostics& diagnostics,
                       const SourceTexts& sources, const PrintOptions& options) {
    const auto& items = diagnostics.items();
    const std::size_t shown = std::min(items.size(), kMaxPrintedDiagnostics);
    std::map<std::string, LineIndex> indexes;
    for (std::size_t i = 0; i < shown; ++i) {
        const Diagnostic& d = items[i];
        const int column = d.pos.column;
        switch (options.format) {
            case DiagnosticFormat::Text: {
                const LineIndex* index = nullptr;
                if (d.pos.known()) {
                    if (auto it = indexes.find(d.file); it != indexes.end()) {
                        index = &it->second;
                    } else if (auto source = sources.find(d.file); source != sources.end()) {
                        index = &indexes.emplace(d.file, LineIndex(source->second)).first->second;
                    }
                }
                print_text(out, d, index, options.color);
                break;
            }
            case DiagnosticFormat::Json: {
                nlohmann::ordered_json j;
                j["file"] = d.file;
                j["line"] = d.pos.line;
                j["column"] = column;
                j["severity"] = severity_name(d.severity);
                j["code"] = d.code;
                j["message"] = shorten(d.message, kMaxMessageChars);
                j["hint"] = shorten(d.hint, kMaxMessageChars);
                out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
                break;
            }
            case DiagnosticFormat::Github: {
                // GitHub calls a note a "notice".
                out << "::" << (d.severity == Severity::Note ? "notice" : severity_name(d.severity))
                    << " file=" << github_escape(d.file, true);
                if (d.pos.known())
                    out << ",line=" << d.pos.line;
                if (column > 0)
                    out << ",col=" << column;
                out << ",title=" << github_escape("mkcv " + d.code, true) << "::"
                    << github_escape(
                           shorten(d.message, kMaxMessageChars) +
                               (d.hint.empty()
                                    ? ""
                                    : " (hint: " + shorten(d.hint, kMaxMessageChars) + ")"),
                           false)
                    << '\n';
                break;
            }
        }
    }
    if (shown < items.size()) {
        const std::string more = more_line(std::vector<Diagnostic>(
            items.begin() + static_cast<std::ptrdiff_t>(shown), items.end()));
        switch (options.format) {
            case DiagnosticFormat::Text:
                out << more << '\n';
                break;
            case DiagnosticFormat::Json: {
                // One more object of the same shape, so a reader of the stream sees it.
                nlohmann::ordered_json j;
                j["file"] = "";
                j["line"] = 0;
                j["column"] = 0;
                j["severity"] = "note";
                j["code"] = "more-diagnostics";
                j["message"] = more;
                j["hint"] = "fix the first ones and run again";
                out << j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << '\n';
                break;
            }
            case DiagnosticFormat::Github:
                out << "::notice title=mkcv more-diagnostics::" << github_escape(more, false)
                    << '\n';
                break;
        }
    }
    if (options.format == DiagnosticFormat::Text && options.summary && !diagnostics.empty()) {
        const int errors = diagnostics.error_count(), warnings = diagnostics.warning_count();
        auto plural = [](int n, const char* word) {
            return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
        };
        out << plural(errors, "error") << ", " << plural(warnings, "warning") << " generated.\n";
    }
}

}  // namespace mkcv
