// The cv.toml format as data: every table, its keys, their types and meaning. The loader
// checks files against these tables and `mkcv schema` prints them as JSON Schema, so the
// validator and the editor schema cannot drift apart.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mkcv {

enum class FieldType {
    String,
    StringList,
    Integer,
    Bool,
    Date,           // "YYYY", "YYYY-MM", "YYYY-MM-DD", "present" or a TOML date
    Table,          // a single sub-table described by `nested`
    TableArray,     // an array of tables described by `nested`
    UrlMap,         // inline table: label → URL
    TextMap,        // table: name → text ([sync] same_as)
    TableMap,       // a table of tables by free names, each described by `nested`
    StringOrTable,  // a string, or a table described by `nested` (person.location)
    Number,         // an integer or a float
};

struct TableSpec;

struct FieldSpec {
    std::string_view name;
    FieldType type;
    bool required;
    std::string_view doc;
    const TableSpec* nested = nullptr;
    std::vector<std::string_view> allowed = {};  // for strings with a fixed set of values
    // A required field may be left out when this key is given (`key`: the rest comes from BibTeX).
    std::string_view required_unless = {};
    // A string (or list of strings) that may be a table of language → text
    // (cv/language_tables.h); false for tags, paths and languages. A field with `allowed`
    // values never is.
    bool translatable = true;
};

struct TableSpec {
    std::string_view name;  // e.g. "publications"
    std::string_view doc;
    std::vector<FieldSpec> fields;
    // Its other keys are template options, which only the template declares: the loader
    // keeps them as they are (cv/option_settings.h) and the render stage checks them. These
    // are the common ones, for the JSON Schema; null: no other keys.
    const TableSpec* options = nullptr;

    const FieldSpec* find(std::string_view key) const;
    std::vector<std::string> names() const;

    // find's index for a table of many fields (the root has one per section, and cv.toml may
    // declare thousands): made on first use, and made again if `fields` changed since.
    struct FieldIndex {
        const FieldSpec* data = nullptr;
        std::size_t size = 0;
        std::unordered_map<std::string_view, const FieldSpec*> by_name;
    };
    mutable std::shared_ptr<const FieldIndex> index = nullptr;
};

// The tables that are not sections; the sections and the whole document are built from the
// sections table (cv/sections.h: cv_schema()).
const TableSpec& person_spec();
const TableSpec& period_spec();  // one { start, end } of `periods`
const TableSpec& build_spec();
const TableSpec& sync_spec();  // [sync]: the sources of `mkcv sync`
const TableSpec& site_spec();
const TableSpec& locale_spec();
const TableSpec& section_rules_spec();  // [templates.NAME.filters.SECTION]
const TableSpec& application_spec();    // one [[applications]] entry
// [extra]: any keys and values, unchecked (toml_input bounds them), never printed.
const TableSpec& extra_spec();
// The options every built-in TeX template declares (builtin_templates/common/options.toml),
// as [design] and [templates.NAME] take them.
const TableSpec& design_options_spec();

// Human words for a type, as used in messages: "a string", "a list of strings" ...
std::string describe(FieldType type);

}  // namespace mkcv
