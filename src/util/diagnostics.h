// Problems found in the user's files, collected so all of them can be reported at once,
// and printed like a compiler: `cv.toml:12:5: error: ...`, the line, a caret, a hint.
#pragma once

#include <iosfwd>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "util/source_location.h"

namespace mkcv {

// A note adds to another diagnostic, e.g. where a value that broke TeX came from.
enum class Severity { Error, Warning, Note };

struct Diagnostic {
    Severity severity = Severity::Error;
    std::string file;  // as the user named it
    SourcePos pos;
    std::string code;  // stable identifier for tools: "unknown-key", "type", ...
    std::string message;
    std::string hint;  // empty when there is no obvious fix
};

class Diagnostics {
  public:
    void error(std::string file, SourcePos pos, std::string code, std::string message,
               std::string hint = "");
    void warning(std::string file, SourcePos pos, std::string code, std::string message,
                 std::string hint = "");
    void note(std::string file, SourcePos pos, std::string code, std::string message,
              std::string hint = "");
    void add(Diagnostic diagnostic) { items_.push_back(std::move(diagnostic)); }
    void append(const Diagnostics& other);

    const std::vector<Diagnostic>& items() const { return items_; }
    int error_count() const;
    int warning_count() const;
    bool has_errors() const { return error_count() > 0; }
    bool empty() const { return items_.empty(); }

    // Sorted by file, then position, so the output reads top to bottom.
    void sort();

  private:
    std::vector<Diagnostic> items_;
};

// Printing stops after this many diagnostics and says how many more there were: 20,000
// errors are one mistake repeated, and a terminal (or a CI log) full of them hides it.
inline constexpr std::size_t kMaxPrintedDiagnostics = 100;

// Source lines are shown at most this many characters wide, around the caret; messages and
// hints at most kMaxMessageChars. A 10 MB line or key must not print 10 MB.
inline constexpr std::size_t kMaxSourceColumns = 200;
inline constexpr std::size_t kMaxMessageChars = 1000;

// `text` cut to at most `max_chars` characters (code points), ending with "…" when cut.
// For echoing what the user wrote (a key, a value) inside a message.
std::string shorten(std::string_view text, std::size_t max_chars = 60);

enum class DiagnosticFormat { Text, Json, Github };

struct PrintOptions {
    DiagnosticFormat format = DiagnosticFormat::Text;
    bool color = false;
    bool summary = true;  // "2 errors, 1 warning generated." at the end (text only)
};

// Source text of each file, so the printer can show the offending line.
using SourceTexts = std::map<std::string, std::string>;

void print_diagnostics(std::ostream& out, const Diagnostics& diagnostics,
                       const SourceTexts& sources, const PrintOptions& options);

// Line `line` (1-based) of `text`, without its newline; empty when out of range.
std::string line_of(const std::string& text, int line);

}  // namespace mkcv
