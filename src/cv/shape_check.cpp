#include "cv/shape_check.h"

#include <algorithm>
#include <sstream>

#include "util/text_similarity.h"

namespace mkcv {
namespace {

std::string type_found(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string: {
            std::string value(*node.as_string());
            if (value.size() > 40)
                value = value.substr(0, 37) + "...";
            return "string \"" + value + "\"";
        }
        case toml::node_type::integer:
            return "integer " + std::to_string(node.as_integer()->get());
        case toml::node_type::floating_point: {
            std::ostringstream out;
            out << node.as_floating_point()->get();
            return "float " + out.str();
        }
        case toml::node_type::boolean:
            return node.as_boolean()->get() ? "true" : "false";
        case toml::node_type::date:
            return "a date";
        case toml::node_type::time:
            return "a time";
        case toml::node_type::date_time:
            return "a date-time";
        case toml::node_type::array:
            return "an array";
        case toml::node_type::table:
            return "a table";
        default:
            return "nothing";
    }
}

// Checks one file's tables against the schema, reporting each problem at its key or value.
class ShapeChecker {
  public:
    ShapeChecker(const std::string& file, const SectionTable& sections,
                 const std::vector<const toml::node*>& reported, Diagnostics& diagnostics)
        : file_(file), sections_(sections), reported_(reported), diag_(diagnostics) {}

    bool was_reported(const toml::node& node) const {
        return std::find(reported_.begin(), reported_.end(), &node) != reported_.end();
    }

    // `path` is the table's dotted name as a TOML header writes it ("" at the top level).
    void check_table(const toml::table& table, const TableSpec& spec, const std::string& where,
                     const std::string& path = "") {
        for (const auto& [key, node] : table) {
            const std::string name(key.str());
            const FieldSpec* field = spec.find(name);
            if (!field && spec.options)
                continue;  // a template option: checked once the template is known
            if (!field) {
                std::string guess = closest_match(name, spec.names());
                // Not a typo but another word (`company` for `organization`): when exactly one
                // required key is missing, that is most likely what was meant.
                if (guess.empty()) {
                    const auto missing = missing_required(table, spec);
                    if (missing.size() == 1)
                        guess = missing.front();
                }
                std::string hint = guess.empty() ? "allowed keys: " + join(spec.names())
                                                 : "did you mean `" + guess + "`?";
                // In TOML every key after a [header] belongs to that table, so a top-level
                // key written below [person] lands in [person].
                if (&spec != &sections_.schema() && sections_.schema().find(name))
                    hint = "`" + name + "` is a top-level key, but TOML puts every key after " +
                           where + " into it: move it above the first [table] header";
                // [[industry]] of a section not declared: say how to declare one.
                else if (&spec == &sections_.schema() && guess.empty() && node.is_array())
                    hint = "for a section of your own, declare its kind: [section." + name +
                           "] kind = \"experience\" (or another built-in section)";
                diag_.error(file_, source_pos_of(key.source()), "unknown-key",
                            "unknown key `" + shorten(name) + "` in " + shorten(where), hint);
                continue;
            }
            check_value(node, *field, path, name);
        }
        for (const auto& field : spec.fields) {
            if (field.required && !table.contains(field.name) &&
                !(!field.required_unless.empty() && table.contains(field.required_unless))) {
                const std::string key(field.name);
                diag_.error(file_, source_pos_of(table), "missing-key",
                            where + " lacks the required key `" + key + "`",
                            field.type == FieldType::Table ? "add a [" + key + "] table"
                            : !field.allowed.empty()
                                ? "add " + key + " = \"" + std::string(field.allowed.front()) +
                                      "\" (one of " + join_views(field.allowed) + ")"
                                : "add " + key + " = " + example(field.type) +
                                      (field.required_unless.empty()
                                           ? ""
                                           : ", or " + std::string(field.required_unless) +
                                                 " = \"...\" to take it from the bibliography"));
            }
        }
    }

    static std::vector<std::string> missing_required(const toml::table& table,
                                                     const TableSpec& spec) {
        std::vector<std::string> out;
        for (const auto& field : spec.fields)
            if (field.required && !table.contains(field.name))
                out.emplace_back(field.name);
        return out;
    }

    // `parent.name` is the value's dotted path, put together only when a message needs it
    // (this runs for every value of the file).
    void check_value(const toml::node& node, const FieldSpec& field, const std::string& parent,
                     const std::string& key) {
        if (was_reported(node))
            return;
        const std::string name(field.name);
        const auto dotted = [&] { return parent.empty() ? key : parent + "." + key; };
        auto wrong = [&](const toml::node& at, const std::string& expected) {
            std::string hint;
            if (expected == describe(FieldType::Integer) && at.is_string()) {
                hint = "remove the quotes";
            } else if (expected == describe(FieldType::String) && !at.is_string() &&
                       !at.is_array() && !at.is_table()) {
                hint = "write it in quotes";
            } else if (expected == describe(FieldType::String)) {
                hint = "give one piece of text: " + name + " = \"...\"";
                if (at.is_table() && field.translatable && field.allowed.empty())
                    hint += ", or one per language: " + name + " = { en = \"...\", zh = \"...\" }";
            } else if (field.type == FieldType::StringList && at.is_string()) {
                hint = "write a list: " + name + " = [\"...\"]";
            } else if (field.type == FieldType::TableArray && at.is_table()) {
                hint = "write [[" + dotted() + "]] (or a list of tables) instead";
            } else if (field.type == FieldType::Bool && at.is_string()) {
                hint = "write true or false, without quotes";
            } else if (field.type == FieldType::Date && at.is_integer()) {
                hint = "write it in quotes: " + name + " = \"" +
                       std::to_string(at.as_integer()->get()) + "\"";
            } else if (field.type == FieldType::Table) {
                hint = "write a [" + dotted() + "] table";
            } else if (field.type == FieldType::Integer && at.is_floating_point()) {
                hint = "write a whole number";
            }
            diag_.error(file_, source_pos_of(at), "type",
                        "`" + name + "` must be " + expected + ", found " + type_found(at), hint);
        };
        switch (field.type) {
            case FieldType::String:
                if (!node.is_string())
                    return wrong(node, describe(field.type));
                if (!field.allowed.empty() &&
                    std::find(field.allowed.begin(), field.allowed.end(),
                              std::string_view(node.as_string()->get())) == field.allowed.end()) {
                    const std::string value(*node.as_string());
                    std::vector<std::string> allowed(field.allowed.begin(), field.allowed.end());
                    const std::string guess = closest_match(value, allowed);
                    diag_.error(file_, source_pos_of(node), "value",
                                "`" + name + "` must be one of " + join(allowed) + ", found \"" +
                                    shorten(value) + "\"",
                                guess.empty() ? "" : "did you mean \"" + guess + "\"?");
                }
                return;
            case FieldType::Integer:
                if (!node.is_integer())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::Bool:
                if (!node.is_boolean())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::Number:
                if (!node.is_number())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::Date:
                if (!node.is_string() && !node.is_date())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::StringList: {
                const auto* array = node.as_array();
                if (!array)
                    return wrong(node, describe(field.type));
                for (const auto& element : *array)
                    if (was_reported(element))
                        continue;
                    else if (!element.is_string())
                        diag_.error(
                            file_, source_pos_of(element), "type",
                            "every item of `" + name + "` must be a string, found " +
                                type_found(element),
                            element.is_table() || element.is_array() ? "" : "write it in quotes");
                    else if (!field.allowed.empty())
                        check_allowed(element, field);
                return;
            }
            case FieldType::StringOrTable:  // a string, or a table checked as one
                if (node.is_string())
                    return;
                [[fallthrough]];
            case FieldType::Table: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                const std::string path = dotted();
                check_table(*table, *field.nested, "[" + path + "]", path);
                return;
            }
            case FieldType::TableArray: {
                const auto* array = node.as_array();
                if (!array)
                    return wrong(node, describe(field.type));
                const std::string path = dotted();
                const std::string where = "[[" + path + "]]";
                for (const auto& element : *array) {
                    if (const auto* table = element.as_table())
                        check_table(*table, *field.nested, where, path);
                    else
                        diag_.error(file_, source_pos_of(element), "type",
                                    "every item of `" + name + "` must be a table, found " +
                                        type_found(element));
                }
                return;
            }
            case FieldType::TableMap: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                for (const auto& [key, element] : *table) {
                    const std::string where = "[" + name + "." + shorten(key.str()) + "]";
                    if (const auto* t = element.as_table())
                        check_table(*t, *field.nested, where);
                    else
                        diag_.error(file_, source_pos_of(element), "type",
                                    where + " must be a table, found " + type_found(element));
                }
                return;
            }
            case FieldType::UrlMap: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                for (const auto& [label, url] : *table)
                    if (!url.is_string())
                        diag_.error(file_, source_pos_of(url), "type",
                                    "link `" + shorten(label.str()) +
                                        "` must be a URL string, found " + type_found(url));
                return;
            }
            case FieldType::TextMap: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                for (const auto& [key, text] : *table)
                    if (!text.is_string())
                        diag_.error(file_, source_pos_of(text), "type",
                                    "`" + name + "." + shorten(key.str()) +
                                        "` must be a string, found " + type_found(text),
                                    "write it in quotes");
                return;
            }
        }
    }

    void check_allowed(const toml::node& node, const FieldSpec& field) {
        const std::string value(*node.as_string());
        std::vector<std::string> allowed(field.allowed.begin(), field.allowed.end());
        if (std::find(allowed.begin(), allowed.end(), value) != allowed.end())
            return;
        const std::string guess = closest_match(value, allowed);
        diag_.error(file_, source_pos_of(node), "value",
                    "`" + std::string(field.name) + "` must be one of " + join(allowed) +
                        ", found \"" + shorten(value) + "\"",
                    guess.empty() ? "" : "did you mean \"" + guess + "\"?");
    }

  private:
    static std::string join_views(const std::vector<std::string_view>& names) {
        return join(std::vector<std::string>(names.begin(), names.end()));
    }

    static std::string join(const std::vector<std::string>& names) {
        std::string out;
        for (const auto& n : names)
            out += (out.empty() ? "" : ", ") + n;
        return out;
    }

    static std::string example(FieldType type) {
        switch (type) {
            case FieldType::Integer:
                return "2024";
            case FieldType::StringList:
                return "[\"...\"]";
            case FieldType::Bool:
                return "true";
            default:
                return "\"...\"";
        }
    }

    const std::string& file_;
    const SectionTable& sections_;
    const std::vector<const toml::node*>& reported_;
    Diagnostics& diag_;
};

}  // namespace

void check_shape(const toml::table& root, const SectionTable& sections, const std::string& file,
                 const std::vector<const toml::node*>& reported, Diagnostics& diagnostics) {
    ShapeChecker(file, sections, reported, diagnostics)
        .check_table(root, sections.schema(), "the top level");
}

}  // namespace mkcv
