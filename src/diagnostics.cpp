#include "diagnostics.h"

#include <algorithm>
#include <ostream>

#include <nlohmann/json.hpp>

#include "utf8.h"

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
// in a broken file) become '?', so they cannot garble the screen; tabs stay.
std::string printable(std::string line) {
    for (char& c : line)
        if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == 0x7F)
            c = '?';
    return line;
}

// Blanks that put the caret under character `column`; tabs where the line is indented with
// tabs, so the caret lines up whatever the terminal's tab width.
std::string caret_pad(const std::string& line, int column) {
    std::string pad(static_cast<std::size_t>(cell_width(line, column)), ' ');
    for (std::size_t i = 0; i < line.size() && i < pad.size() && line[i] == '\t'; ++i)
        pad[i] = '\t';
    return pad;
}

void print_text(std::ostream& out, const Diagnostic& d, const SourceTexts& sources, bool color) {
    const char* bold = color ? "\033[1m" : "";
    const char* reset = color ? "\033[0m" : "";
    const char* tint = !color                            ? ""
                       : d.severity == Severity::Error   ? "\033[1;31m"
                       : d.severity == Severity::Warning ? "\033[1;35m"
                                                         : "\033[1;36m";
    const char* green = color ? "\033[1;32m" : "";
    const char* cyan = color ? "\033[1;36m" : "";

    out << bold << d.file;
    if (d.pos.known()) {
        out << ':' << d.pos.line;
        if (d.pos.column > 0) {
            out << ':' << d.pos.column;
        }
    }
    out << ": " << reset << tint << severity_name(d.severity) << ": " << reset << bold << d.message
        << reset << '\n';
    if (d.pos.known()) {
        const auto source = sources.find(d.file);
        if (source != sources.end()) {
            const std::string text = printable(line_of(source->second, d.pos.line));
            if (!text.empty()) {
                out << "  " << text << '\n';
                if (d.pos.column > 0)
                    out << "  " << caret_pad(text, d.pos.column) << green << '^' << reset << '\n';
            }
        }
    }
    if (!d.hint.empty())
        out << cyan << "hint: " << reset << d.hint << '\n';
}

// GitHub workflow commands end at a newline and treat `%`, `\r`, `\n` specially.
std::string github_escape(const std::string& s, bool property) {
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

}  // namespace

void print_diagnostics(std::ostream& out, const Diagnostics& diagnostics,
                       const SourceTexts& sources, const PrintOptions& options) {
    for (const auto& d : diagnostics.items()) {
        const int column = d.pos.column;
        switch (options.format) {
            case DiagnosticFormat::Text:
                print_text(out, d, sources, options.color);
                break;
            case DiagnosticFormat::Json: {
                nlohmann::ordered_json j;
                j["file"] = d.file;
                j["line"] = d.pos.line;
                j["column"] = column;
                j["severity"] = severity_name(d.severity);
                j["code"] = d.code;
                j["message"] = d.message;
                j["hint"] = d.hint;
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
                    << github_escape(d.message + (d.hint.empty() ? "" : " (hint: " + d.hint + ")"),
                                     false)
                    << '\n';
                break;
            }
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
