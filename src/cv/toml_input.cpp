#include "cv/toml_input.h"

#include <vector>

namespace mkcv {
namespace {

// Column (in code points, as toml++ and SourcePos count) of byte `at` on the line that
// starts at byte `line_start`.
int column_at(std::string_view text, std::size_t line_start, std::size_t at) {
    int column = 1;
    for (std::size_t i = line_start; i < at && i < text.size(); ++i)
        if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80)
            ++column;
    return column;
}

// Reads TOML just well enough to count nesting: strings and comments are skipped, dots
// count inside keys and headers, brackets and braces inside values. It never recurses and
// looks at each byte once; text it cannot make sense of is left to toml++ to report.
class NestingScanner {
  public:
    NestingScanner(std::string_view text, int limit) : text_(text), limit_(limit) {}

    // True when the text stays within the limit; else `where` is the first place beyond it.
    bool scan(SourcePos& where) {
        while (i_ < text_.size()) {
            const char c = text_[i_];
            if (c == '#') {
                while (i_ < text_.size() && text_[i_] != '\n')
                    ++i_;
                continue;
            }
            if (c == '\n') {
                ++i_;
                ++line_;
                line_start_ = i_;
                if (open_.empty())
                    start_statement();
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r') {
                ++i_;
                continue;
            }
            if (!step(c)) {
                where = {line_, column_at(text_, line_start_, i_)};
                return false;
            }
        }
        return true;
    }

  private:
    enum class Expect { Key, Value, AfterValue };

    void start_statement() {
        expect_ = Expect::Key;
        key_started_ = false;
        dots_ = 0;
        level_ = header_level_;
    }

    // One significant character at i_; false when nesting goes beyond the limit here.
    bool step(char c) {
        switch (expect_) {
            case Expect::Key:
                if (c == '[' && open_.empty() && !key_started_)
                    return header();
                if (c == '.') {
                    if (level_ + 1 + ++dots_ > limit_)
                        return false;  // at the dot that goes one level too deep
                    ++i_;
                    return true;
                }
                if (c == '=') {
                    value_level_ = level_ + 1 + dots_;
                    expect_ = Expect::Value;
                    ++i_;
                    return true;
                }
                if (c == '}')
                    return close();
                key_started_ = true;
                if (c == '"' || c == '\'')
                    skip_string();
                else
                    ++i_;
                return true;
            case Expect::Value:
                if (c == '[' || c == '{') {
                    // The container is the value's own node: its depth is the value's.
                    if (value_level_ > limit_)
                        return false;  // at the bracket that goes one level too deep
                    levels_.push_back(level_);
                    open_.push_back(c);
                    level_ = value_level_;
                    ++i_;
                    if (c == '{') {
                        expect_ = Expect::Key;
                        key_started_ = false;
                        dots_ = 0;
                    } else {
                        value_level_ = level_ + 1;  // its elements
                    }
                    return true;
                }
                if (c == ']' || c == '}')
                    return close();
                expect_ = Expect::AfterValue;
                if (c == '"' || c == '\'')
                    skip_string();
                else
                    ++i_;
                return true;
            case Expect::AfterValue:
                if (c == ',' && !open_.empty()) {
                    if (open_.back() == '[') {
                        expect_ = Expect::Value;
                        value_level_ = level_ + 1;
                    } else {
                        expect_ = Expect::Key;
                        key_started_ = false;
                        dots_ = 0;
                    }
                    ++i_;
                    return true;
                }
                if (c == ']' || c == '}')
                    return close();
                if (c == '"' || c == '\'')
                    skip_string();
                else
                    ++i_;
                return true;
        }
        return true;
    }

    bool close() {
        ++i_;
        if (!open_.empty()) {
            level_ = levels_.back();
            levels_.pop_back();
            open_.pop_back();
        }
        expect_ = Expect::AfterValue;
        return true;
    }

    // [a.b.c] or [[a.b.c]]: its segments are the level of the keys below it.
    bool header() {
        ++i_;
        int segments = 1;
        while (i_ < text_.size() && text_[i_] != '\n' && text_[i_] != ']') {
            const char c = text_[i_];
            if (c == '.') {
                if (++segments > limit_)
                    return false;
                ++i_;
            } else if (c == '"' || c == '\'') {
                skip_string();
            } else {
                ++i_;
            }
        }
        header_level_ = segments;
        level_ = segments;
        expect_ = Expect::AfterValue;  // the rest of the line is `]`, a comment or an error
        return true;
    }

    // Past a string of any of TOML's four kinds, counting the lines of multi-line ones.
    void skip_string() {
        const char quote = text_[i_];
        const bool multi = text_.substr(i_, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''");
        i_ += multi ? 3 : 1;
        while (i_ < text_.size()) {
            const char c = text_[i_];
            if (c == '\\' && quote == '"') {
                i_ += 2;
                continue;
            }
            if (c == '\n') {
                if (!multi)
                    return;  // unterminated: toml++ says so
                ++i_;
                ++line_;
                line_start_ = i_;
                continue;
            }
            if (c == quote) {
                if (!multi) {
                    ++i_;
                    return;
                }
                if (text_.substr(i_, 3) == std::string_view(quote == '"' ? "\"\"\"" : "'''")) {
                    i_ += 3;
                    // Up to two more quotes belong to the string's content.
                    for (int extra = 0; extra < 2 && i_ < text_.size() && text_[i_] == quote;
                         ++extra)
                        ++i_;
                    return;
                }
            }
            ++i_;
        }
    }

    std::string_view text_;
    int limit_;
    std::size_t i_ = 0;
    std::size_t line_start_ = 0;
    int line_ = 1;
    Expect expect_ = Expect::Key;
    bool key_started_ = false;
    int dots_ = 0;
    int header_level_ = 0;
    // Depth counts nodes from the root: a top-level key is at depth 1, `[a.b]` keys at 3.
    int level_ = 0;        // depth of the table or array being read (0: the root)
    int value_level_ = 0;  // depth of the value about to be read
    std::vector<int> levels_;
    std::vector<char> open_;
};

// U+001A (SUBSTITUTE): the control character that began the old trusted-LaTeX mark.
constexpr char kSubstitute = 0x1A;

// U+001A in a key or a string: where it is, for the walk below.
void refuse_marks(const toml::table& root, const std::string& file_name, Diagnostics& diagnostics,
                  bool& found) {
    auto report = [&](const toml::source_region& at, const char* what) {
        found = true;
        diagnostics.error(
            file_name, {static_cast<int>(at.begin.line), static_cast<int>(at.begin.column)},
            "control-character",
            std::string(what) + " holds U+001A, a control character mkcv does not accept",
            "remove the \\u001a escape");
    };
    // An explicit stack, not recursion: the depth is bounded by the pre-scan, but this walk
    // should not depend on that.
    std::vector<const toml::node*> pending{&root};
    while (!pending.empty()) {
        const toml::node* node = pending.back();
        pending.pop_back();
        if (const auto* table = node->as_table()) {
            for (const auto& [key, value] : *table) {
                if (key.str().find(kSubstitute) != std::string_view::npos)
                    report(key.source(), "a key");
                pending.push_back(&value);
            }
        } else if (const auto* array = node->as_array()) {
            for (const auto& element : *array)
                pending.push_back(&element);
        } else if (const auto* string = node->as_string()) {
            if (string->get().find(kSubstitute) != std::string::npos)
                report(string->source(), "a string");
        }
    }
}

}  // namespace

bool check_toml_nesting(std::string_view text, const std::string& file_name,
                        Diagnostics& diagnostics, int limit) {
    SourcePos where;
    if (NestingScanner(text, limit).scan(where))
        return true;
    diagnostics.error(
        file_name, where, "nesting",
        "keys, tables and lists nest more than " + std::to_string(limit) + " levels deep here",
        "mkcv's files need a few levels; look for a runaway dotted key or "
        "unbalanced brackets");
    return false;
}

std::optional<toml::table> parse_toml(std::string_view text, const std::string& file_name,
                                      Diagnostics& diagnostics,
                                      const TomlSyntaxReporter& report_syntax) {
    if (!check_toml_nesting(text, file_name, diagnostics))
        return std::nullopt;
    toml::table root;
    try {
        // Without a source path: toml++ would give every node a shared copy of it, and
        // messages name the file from file_name anyway.
        root = toml::parse(text);
    } catch (const toml::parse_error& error) {
        if (report_syntax) {
            report_syntax(error);
        } else {
            const auto& begin = error.source().begin;
            diagnostics.error(file_name,
                              {static_cast<int>(begin.line), static_cast<int>(begin.column)},
                              "toml-syntax", std::string(error.description()));
        }
        return std::nullopt;
    }
    bool found = false;
    refuse_marks(root, file_name, diagnostics, found);
    if (found)
        return std::nullopt;
    return root;
}

}  // namespace mkcv
