// A JSON response → a tree, bounded: nlohmann-json's parser with a depth limit (a deep
// nesting would otherwise cost a deep recursion to free), and the small readers every JSON
// parser of sync uses, which never throw on a value of the wrong type.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "util/result.h"

namespace mkcv::sync {

// Fails ("sync-response") naming `source` when the text is not JSON or nests too deep.
Result<nlohmann::json> parse_json(std::string_view text, const std::string& source);

// The string at `key` of an object, or "" when absent or not a string.
std::string string_at(const nlohmann::json& j, std::string_view key);
// A number or a numeric string at `key`, or 0.
long number_at(const nlohmann::json& j, std::string_view key);
// A count at `key` (an integer from 0 to 10^9), or nothing when absent or anything else.
std::optional<long> count_at(const nlohmann::json& j, std::string_view key);
// The member at `key` when `j` is an object that has one, else a null.
const nlohmann::json& member(const nlohmann::json& j, std::string_view key);

// The failure of a response that is not what the API sends.
Failure response_failure(const std::string& source, const std::string& message);

}  // namespace mkcv::sync
