#include "cv/json_schema.h"

#include <nlohmann/json.hpp>

#include "cv/schema.h"
#include "cv/sections.h"

namespace mkcv {
namespace {

using Json = nlohmann::ordered_json;

Json table_schema(const TableSpec& spec);

// A BCP 47 tag's shape (cv/locale.h checks it fully): a language of 2–3 or 5–8 letters,
// then subtags of 1–8 letters or digits.
constexpr const char* kLanguageTagPattern = "^([A-Za-z]{2,3}|[A-Za-z]{5,8})(-[A-Za-z0-9]{1,8})*$";

// Language tables (cv/language_tables.h): the text, or the whole list, of each language.
Json language_table(Json value, const char* what) {
    return Json{{"type", "object"},
                {"description", std::string("The ") + what +
                                    " in each language, by BCP 47 tag: { en = ..., zh = ... }; "
                                    "the default language ([locale] language, or en) is needed."},
                {"minProperties", 1},
                {"propertyNames", Json{{"pattern", kLanguageTagPattern}}},
                {"additionalProperties", std::move(value)}};
}

// A field's own schema, or that or a language table of it where the field is translatable.
Json or_language_table(const FieldSpec& field, Json plain) {
    if (!field.translatable || !field.allowed.empty())
        return plain;
    if (field.type == FieldType::String)
        return Json{
            {"anyOf", Json::array({std::move(plain), Json{{"$ref", "#/definitions/text"}}})}};
    plain["items"] = Json{
        {"anyOf", Json::array({Json{{"type", "string"}}, Json{{"$ref", "#/definitions/text"}}})}};
    return Json{
        {"anyOf", Json::array({std::move(plain), Json{{"$ref", "#/definitions/text_list"}}})}};
}

Json field_schema(const FieldSpec& field) {
    Json out;
    switch (field.type) {
        case FieldType::String:
            out["type"] = "string";
            if (!field.allowed.empty()) {
                out["enum"] = Json::array();
                for (auto value : field.allowed)
                    out["enum"].push_back(std::string(value));
            }
            out = or_language_table(field, std::move(out));
            break;
        case FieldType::StringList:
            out["type"] = "array";
            out["items"] = Json{{"type", "string"}};
            if (!field.allowed.empty()) {
                out["items"]["enum"] = Json::array();
                for (auto value : field.allowed)
                    out["items"]["enum"].push_back(std::string(value));
            }
            out = or_language_table(field, std::move(out));
            break;
        case FieldType::Integer:
            out["type"] = "integer";
            break;
        case FieldType::Bool:
            out["type"] = "boolean";
            break;
        case FieldType::Date:
            out["anyOf"] = Json::array(
                {Json{{"type", "string"},
                      {"pattern",
                       "^([0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?|[Pp][Rr][Ee][Ss][Ee][Nn][Tt])$"}},
                 Json{{"type", "string"}, {"format", "date"}}});
            break;
        case FieldType::Table:
            out = table_schema(*field.nested);
            break;
        case FieldType::TableArray:
            out["type"] = "array";
            out["items"] = table_schema(*field.nested);
            break;
        case FieldType::UrlMap:
        case FieldType::TextMap:
            out["type"] = "object";
            out["additionalProperties"] = Json{{"type", "string"}};
            break;
        case FieldType::TableMap:
            out["type"] = "object";
            out["additionalProperties"] = table_schema(*field.nested);
            break;
        case FieldType::StringOrTable:
            out["anyOf"] = Json::array({Json{{"type", "string"}}, table_schema(*field.nested),
                                        Json{{"$ref", "#/definitions/text"}}});
            break;
        case FieldType::Number:
            out["type"] = "number";
            break;
    }
    out["description"] = std::string(field.doc);
    return out;
}

Json table_schema(const TableSpec& spec) {
    Json out;
    out["type"] = "object";
    out["description"] = std::string(spec.doc);
    Json properties = Json::object();
    Json required = Json::array();
    Json required_unless = Json::object();  // key that excuses them → fields
    std::vector<FieldSpec> fields = spec.fields;
    if (spec.options)  // template options: the common ones listed, a template's own allowed
        fields.insert(fields.end(), spec.options->fields.begin(), spec.options->fields.end());
    for (const auto& field : fields) {
        properties[std::string(field.name)] = field_schema(field);
        if (field.required && field.required_unless.empty())
            required.push_back(std::string(field.name));
        else if (field.required)
            required_unless[std::string(field.required_unless)].push_back(std::string(field.name));
    }
    for (const auto& [key, fields] : required_unless.items())
        out["anyOf"] =
            Json::array({Json{{"required", Json::array({key})}}, Json{{"required", fields}}});
    out["properties"] = std::move(properties);
    if (!required.empty())
        out["required"] = std::move(required);
    out["additionalProperties"] = spec.options != nullptr;
    return out;
}

}  // namespace

std::string cv_json_schema() {
    Json schema;
    schema["$schema"] = "http://json-schema.org/draft-07/schema#";
    schema["title"] = "mkcv cv.toml";
    Json root = table_schema(cv_schema());
    // [[KEY]] of a section declared in [section.KEY]: entries of one of the kinds (a JSON
    // Schema cannot tie a key to the kind its declaration names; the loader does).
    Json kinds = Json::array();
    for (const auto& kind : declarable_kinds(builtin_sections()))
        kinds.push_back(Json{{"$ref", "#/properties/" + kind + "/items"}});
    root["additionalProperties"] =
        Json{{"type", "array"},
             {"description", "Entries of a section declared in [section.KEY], of its kind."},
             {"items", Json{{"anyOf", std::move(kinds)}}}};
    for (const auto& [key, value] : root.items())
        schema[key] = value;
    schema["definitions"] = Json{
        {"text", language_table(Json{{"type", "string"}}, "text")},
        {"text_list", language_table(Json{{"type", "array"}, {"items", Json{{"type", "string"}}}},
                                     "whole list")}};
    return schema.dump(2) + "\n";
}

}  // namespace mkcv
