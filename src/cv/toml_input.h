// The one door every TOML file (cv.toml, template.toml) comes in by. Around toml++ it adds
// what toml++ does not promise for hostile text:
// - a linear pre-scan that refuses nesting deeper than kMaxTomlNesting (dotted keys, table
//   headers, arrays, inline tables together), because toml++ recurses on it and a 40,000
//   segment key overflows the stack;
// - after parsing, a walk over every key and string that refuses U+001A. It began the in-string
//   mark that once made a string trusted LaTeX; typed text (text/rich_text.h) replaced that
//   mark, and cv.toml only ever gives plain text, but the refusal stays so a file written
//   against the old mark still fails loudly, at its line.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "util/diagnostics.h"

namespace mkcv {

// Deeper than any mkcv file needs ([templates.NAME.filters.SECTION] keys are 5 levels) and
// far below what overflows toml++'s recursion.
inline constexpr int kMaxTomlNesting = 64;

// Reports toml++'s syntax error in the caller's words.
using TomlSyntaxReporter = std::function<void(const toml::parse_error&)>;

// The parsed table, or nullopt after reporting why not (with a position) to `diagnostics`.
// `report_syntax` is called for toml++'s own syntax errors; by default its message is used.
std::optional<toml::table> parse_toml(std::string_view text, const std::string& file_name,
                                      Diagnostics& diagnostics,
                                      const TomlSyntaxReporter& report_syntax = {});

// Where a TOML value or key starts, as diagnostics count (line and code point, from 1).
inline SourcePos source_pos_of(const toml::source_region& region) {
    return {static_cast<int>(region.begin.line), static_cast<int>(region.begin.column)};
}
inline SourcePos source_pos_of(const toml::node& node) {
    return source_pos_of(node.source());
}
inline SourcePos source_pos_of(const toml::key& key) {
    return source_pos_of(key.source());
}

// The pre-scan alone (for tests): false after reporting nesting beyond `limit`.
bool check_toml_nesting(std::string_view text, const std::string& file_name,
                        Diagnostics& diagnostics, int limit = kMaxTomlNesting);

}  // namespace mkcv
