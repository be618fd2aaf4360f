// The JSON Schema of cv.toml (`mkcv schema`); integration/cli_test.sh checks that the
// committed schema/cv.schema.json is current.
#include "cv/json_schema.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

using namespace mkcv;

TEST_CASE("the JSON Schema has declared sections and their entries of any kind") {
    const auto schema = nlohmann::json::parse(cv_json_schema());
    const auto& section = schema["properties"]["section"];
    CHECK(section["type"] == "object");
    const auto& declared = section["additionalProperties"];
    CHECK(declared["required"] == nlohmann::json::array({"kind"}));
    const auto& kinds = declared["properties"]["kind"]["enum"];
    CHECK(std::find(kinds.begin(), kinds.end(), "experience") != kinds.end());
    CHECK(std::find(kinds.begin(), kinds.end(), "sections") == kinds.end());
    CHECK(declared["properties"]["heading"].contains("anyOf"));  // a language table too
    // [[KEY]] of a declared section: entries of one of the kinds.
    const auto& entries = schema["additionalProperties"];
    CHECK(entries["type"] == "array");
    const auto& any = entries["items"]["anyOf"];
    CHECK(std::find(any.begin(), any.end(),
                    nlohmann::json{{"$ref", "#/properties/experience/items"}}) != any.end());
}
