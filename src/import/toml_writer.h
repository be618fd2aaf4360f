// The cv.toml an import writes, as an ordered tree of TOML values with comments, and its text.
// Keys keep the order they were added in (toml++'s tables sort them), tables print as
// `[person]`, arrays of tables as `[[education]]` and `[[sections.entries]]`, and every
// string is escaped here, in one place: quotes, backslashes, control characters (DEL too);
// text with line breaks becomes a multi-line string.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

struct TomlValue {
    enum class Kind { String, Integer, Bool, Array, Table };
    Kind kind = Kind::Table;
    std::string string;
    std::int64_t integer = 0;
    bool boolean = false;
    std::vector<TomlValue> items;  // Array
    // Table: keys[i] names values[i], in the order written.
    std::vector<std::string> keys;
    std::vector<TomlValue> values;
    // Lines written as `# ...` above the key or the table's header.
    std::vector<std::string> comments;
    bool inline_table = false;  // `{ label = "...", url = "..." }` in its parent's line

    static TomlValue text(std::string s);
    static TomlValue number(std::int64_t n);
    static TomlValue array();
    static TomlValue table();

    // Table access: the value of `key`, or nullptr / a new one appended at the end.
    const TomlValue* find(std::string_view key) const;
    TomlValue* find(std::string_view key);
    TomlValue& at(std::string_view key, Kind kind_if_new = Kind::Table);
    void set(std::string_view key, TomlValue value);
};

// A TOML basic string, quotes included: "a \"b\"\n".
std::string toml_basic_string(std::string_view text);
// A TOML key: bare when it is letters, digits, `_` and `-`, else a basic string.
std::string toml_key(std::string_view key);
// `# text`, one line per line of `text`, control characters made spaces.
std::string toml_comment(std::string_view text);

// The document `root` (a table) as TOML text, after `header` (written as it is).
std::string write_toml(const TomlValue& root, std::string_view header = {});

}  // namespace mkcv
