#include "import/toml_writer.h"

#include <algorithm>
#include <cstdio>

namespace mkcv {
namespace {

void append_escaped(std::string& out, std::string_view text, bool multi_line) {
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        switch (c) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\f':
                out += "\\f";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\n':
                out += multi_line ? "\n" : "\\n";
                break;
            default:
                if (byte < 0x20 || byte == 0x7F) {
                    char buffer[8];
                    std::snprintf(buffer, sizeof buffer, "\\u%04X", byte);
                    out += buffer;
                } else {
                    out += c;  // UTF-8 (checked when the input was read) goes as it is
                }
        }
    }
}

// Paragraphs of prose read better on lines of their own than with `\n` inside one line.
bool wants_multi_line(std::string_view text) {
    return text.find('\n') != std::string_view::npos && text.size() > 40;
}

std::string string_value(std::string_view text) {
    if (!wants_multi_line(text))
        return toml_basic_string(text);
    // `"""` then a line break, which TOML drops; every quote is escaped, so no run of three
    // can end the string early.
    std::string out = "\"\"\"\n";
    append_escaped(out, text, true);
    out += "\"\"\"";
    return out;
}

bool is_table_block(const TomlValue& value) {
    return value.kind == TomlValue::Kind::Table && !value.inline_table;
}
bool is_array_of_tables(const TomlValue& value) {
    if (value.kind != TomlValue::Kind::Array || value.items.empty())
        return false;
    for (const TomlValue& item : value.items)
        if (!is_table_block(item))
            return false;
    return true;
}

void write_inline(std::string& out, const TomlValue& value);

void write_inline_table(std::string& out, const TomlValue& table) {
    out += "{ ";
    for (std::size_t i = 0; i < table.keys.size(); ++i) {
        if (i)
            out += ", ";
        out += toml_key(table.keys[i]);
        out += " = ";
        write_inline(out, table.values[i]);
    }
    out += table.keys.empty() ? "}" : " }";
}

void write_inline(std::string& out, const TomlValue& value) {
    switch (value.kind) {
        case TomlValue::Kind::String:
            out += string_value(value.string);
            break;
        case TomlValue::Kind::Integer:
            out += std::to_string(value.integer);
            break;
        case TomlValue::Kind::Bool:
            out += value.boolean ? "true" : "false";
            break;
        case TomlValue::Kind::Table:
            write_inline_table(out, value);
            break;
        case TomlValue::Kind::Array: {
            // Long lists get a line per item, so a diff shows which changed.
            std::size_t length = 0;
            for (const TomlValue& item : value.items) {
                std::string one;
                write_inline(one, item);
                length += one.size() + 2;
            }
            const bool one_line = length < 80;
            out += "[";
            for (std::size_t i = 0; i < value.items.size(); ++i) {
                out += one_line ? (i ? ", " : "") : "\n    ";
                write_inline(out, value.items[i]);
                if (!one_line)
                    out += ",";
            }
            out += one_line ? "]" : "\n]";
            break;
        }
    }
}

void write_comments(std::string& out, const std::vector<std::string>& comments) {
    for (const std::string& comment : comments)
        out += toml_comment(comment);
}

void write_table_body(std::string& out, const TomlValue& table, const std::string& path) {
    // Plain keys first: after a sub-table's header they would belong to the sub-table.
    for (std::size_t i = 0; i < table.keys.size(); ++i) {
        const TomlValue& value = table.values[i];
        if (is_table_block(value) || is_array_of_tables(value))
            continue;
        write_comments(out, value.comments);
        out += toml_key(table.keys[i]);
        out += " = ";
        write_inline(out, value);
        out += '\n';
    }
    for (std::size_t i = 0; i < table.keys.size(); ++i) {
        const TomlValue& value = table.values[i];
        const std::string name =
            path.empty() ? toml_key(table.keys[i]) : path + "." + toml_key(table.keys[i]);
        if (is_table_block(value)) {
            // A table of tables only ([section.KEY] …) needs no header of its own.
            const bool only_tables =
                !value.values.empty() && value.comments.empty() &&
                std::all_of(value.values.begin(), value.values.end(),
                            [](const TomlValue& v) { return is_table_block(v); });
            if (!only_tables) {
                out += '\n';
                write_comments(out, value.comments);
                out += "[" + name + "]\n";
            }
            write_table_body(out, value, name);
        } else if (is_array_of_tables(value)) {
            if (!value.comments.empty()) {
                out += '\n';
                write_comments(out, value.comments);
            }
            for (const TomlValue& item : value.items) {
                out += '\n';
                write_comments(out, item.comments);
                out += "[[" + name + "]]\n";
                write_table_body(out, item, name);
            }
        }
    }
}

}  // namespace

TomlValue TomlValue::text(std::string s) {
    TomlValue value;
    value.kind = Kind::String;
    value.string = std::move(s);
    return value;
}
TomlValue TomlValue::number(std::int64_t n) {
    TomlValue value;
    value.kind = Kind::Integer;
    value.integer = n;
    return value;
}
TomlValue TomlValue::array() {
    TomlValue value;
    value.kind = Kind::Array;
    return value;
}
TomlValue TomlValue::table() {
    return TomlValue{};
}

const TomlValue* TomlValue::find(std::string_view key) const {
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key)
            return &values[i];
    return nullptr;
}
TomlValue* TomlValue::find(std::string_view key) {
    for (std::size_t i = 0; i < keys.size(); ++i)
        if (keys[i] == key)
            return &values[i];
    return nullptr;
}
TomlValue& TomlValue::at(std::string_view key, Kind kind_if_new) {
    if (TomlValue* found = find(key))
        return *found;
    TomlValue value;
    value.kind = kind_if_new;
    keys.emplace_back(key);
    values.push_back(std::move(value));
    return values.back();
}
void TomlValue::set(std::string_view key, TomlValue value) {
    if (TomlValue* found = find(key)) {
        value.comments.insert(value.comments.begin(), found->comments.begin(),
                              found->comments.end());
        *found = std::move(value);
        return;
    }
    keys.emplace_back(key);
    values.push_back(std::move(value));
}

std::string toml_basic_string(std::string_view text) {
    std::string out = "\"";
    append_escaped(out, text, false);
    out += '"';
    return out;
}

std::string toml_key(std::string_view key) {
    bool bare = !key.empty();
    for (const char c : key)
        bare = bare && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                        (c >= '0' && c <= '9') || c == '_' || c == '-');
    return bare ? std::string(key) : toml_basic_string(key);
}

std::string toml_comment(std::string_view text) {
    std::string out = "# ";
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n') {
            out += "\n# ";
        } else if (byte < 0x20 || byte == 0x7F) {
            out += ' ';  // TOML refuses control characters in comments, tabs aside
        } else {
            out += c;
        }
    }
    out += '\n';
    return out;
}

std::string write_toml(const TomlValue& root, std::string_view header) {
    std::string out(header);
    write_table_body(out, root, "");
    return out;
}

}  // namespace mkcv
