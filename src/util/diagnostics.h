// Problems found in the user's files, collected so all of them can be reported at once,
// and printed like a compiler: `cv.toml:12:5: error: ...`, the line, a caret, a hint.
#pragma once

#include <iosfwd>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "util/source_location.h"

namespace mkcv {

// A note adds to another diagnostic, e.g. where a value that broke TeX came from.
enum class Severity { Error, Warning, Note };

// "error", "warning" or "note", as every output format names it.
const char* severity_name(Severity severity);

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

// The diagnostics of several loads of one CV (one per language) into one list, each said
// once: every language's load finds a problem of the file again. One rule for every command
// that loads per language (build's prepare, site): two copies of it had drifted, one
// comparing the code too and one not.
class DiagnosticsOnce {
  public:
    explicit DiagnosticsOnce(Diagnostics& into) : into_(into) {}
    // Adds those of `from` not added before (same file, place, severity, code and message).
    void add_new(const Diagnostics& from);

  private:
    Diagnostics& into_;
    std::set<std::tuple<std::string, int, int, int, std::string, std::string>> seen_;
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

// `text` as it may go on one line for people (a terminal, a CI log): every control
// character is shown as an escape, so a value cannot end the line (and forge the next one),
// move the cursor or recolour the screen. C0 controls and DEL become `\n`, `\t`, `\r` or
// `\x1b` (`\xNN`); C1 controls (U+0080–U+009F), the line and paragraph separators
// (U+2028, U+2029) and the bidi embeddings, overrides and isolates (U+202A–U+202E,
// U+2066–U+2069), which reorder what a terminal shows, become `\u0085`; a byte that is not
// UTF-8 becomes `\xNN`. The marks U+200E, U+200F and U+061C stay: right-to-left text needs
// them and they move no other text. A backslash stays as it is, so paths and LaTeX read as
// written. The text printer of diagnostics and progress lines (progress.h) use this; JSON
// keeps the exact text, which JSON's own escapes already keep on one line.
std::string visible(std::string_view text);

// Whether visible() would change the character at byte `i` of `text` (`length` receives its
// size in bytes).
bool is_invisible_control(std::string_view text, std::size_t i, std::size_t& length);

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
