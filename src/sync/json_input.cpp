#include "sync/json_input.h"

#include "sync/work.h"

namespace mkcv::sync {

using nlohmann::json;

namespace {
struct TooDeep {};
}  // namespace

Failure response_failure(const std::string& source, const std::string& message) {
    return fail({Severity::Error,
                 source,
                 {},
                 "sync-response",
                 message,
                 "the source sent something else than its API's response; try again later, "
                 "or check --api-base"});
}

Result<json> parse_json(std::string_view text, const std::string& source) {
    if (text.size() > kMaxResponseBytes)
        return response_failure(source, "the response is larger than " +
                                            std::to_string(kMaxResponseBytes >> 20) + " MiB");
    try {
        json::parser_callback_t limit = [](int depth, json::parse_event_t, json&) {
            if (depth > kMaxJsonDepth)
                throw TooDeep{};
            return true;
        };
        return json::parse(text.begin(), text.end(), limit);
    } catch (const TooDeep&) {
        return response_failure(
            source, "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    } catch (const json::exception& e) {
        std::string what = e.what();
        if (const auto at = what.find("] "); at != std::string::npos)
            what = what.substr(at + 2);
        return response_failure(source, "is not valid JSON: " + what);
    }
}

const json& member(const json& j, std::string_view key) {
    static const json null;
    if (!j.is_object())
        return null;
    const auto it = j.find(key);
    return it == j.end() ? null : *it;
}

std::string string_at(const json& j, std::string_view key) {
    const json& v = member(j, key);
    return v.is_string() ? v.get<std::string>() : "";
}

long number_at(const json& j, std::string_view key) {
    const json& v = member(j, key);
    if (v.is_number_integer() || v.is_number_unsigned()) {
        const auto n = v.get<long long>();
        return n < 0 || n > 1'000'000'000 ? 0 : static_cast<long>(n);
    }
    if (v.is_string()) {
        const std::string s = v.get<std::string>();
        if (s.empty() || s.size() > 9)
            return 0;
        long n = 0;
        for (char c : s) {
            if (c < '0' || c > '9')
                return 0;
            n = n * 10 + (c - '0');
        }
        return n;
    }
    return 0;
}

}  // namespace mkcv::sync
