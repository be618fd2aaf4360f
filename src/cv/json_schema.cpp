#include "cv/json_schema.h"

#include <nlohmann/json.hpp>

#include "cv/schema.h"
#include "cv/sections.h"

namespace mkcv {
namespace {

using Json = nlohmann::ordered_json;

Json table_schema(const TableSpec& spec);

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
            break;
        case FieldType::StringList:
            out["type"] = "array";
            out["items"] = Json{{"type", "string"}};
            if (!field.allowed.empty()) {
                out["items"]["enum"] = Json::array();
                for (auto value : field.allowed)
                    out["items"]["enum"].push_back(std::string(value));
            }
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
            out["type"] = "object";
            out["additionalProperties"] = Json{{"type", "string"}};
            break;
        case FieldType::TableMap:
            out["type"] = "object";
            out["additionalProperties"] = table_schema(*field.nested);
            break;
        case FieldType::StringOrTable:
            out["anyOf"] = Json::array({Json{{"type", "string"}}, table_schema(*field.nested)});
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
    const Json root = table_schema(cv_schema());
    for (const auto& [key, value] : root.items())
        schema[key] = value;
    return schema.dump(2) + "\n";
}

}  // namespace mkcv
