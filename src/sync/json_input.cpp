#include "sync/json_input.h"

#include "sync/work.h"

namespace mkcv::sync {

using nlohmann::json;

namespace {

// The first pass over a response: nlohmann's SAX interface, which builds nothing, stops at
// the first level past kMaxJsonDepth or value past kMaxJsonValues. Both passes are linear:
// the parser callback that did this before cost the square of the answer's size (1 MB took
// over a minute), and HTTP's time limits do not cover parsing.
class Bounds final : public nlohmann::json_sax<json> {
  public:
    bool null() override { return value(); }
    bool boolean(bool) override { return value(); }
    bool number_integer(number_integer_t) override { return value(); }
    bool number_unsigned(number_unsigned_t) override { return value(); }
    bool number_float(number_float_t, const string_t&) override { return value(); }
    bool string(string_t&) override { return value(); }
    bool binary(binary_t&) override { return value(); }
    bool start_object(std::size_t) override { return open(); }
    bool key(string_t&) override { return true; }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&,
                     const nlohmann::detail::exception& e) override {
        error = e.what();
        return false;
    }

    std::string error;  // the parser's message, when the text is not JSON
    bool too_deep = false;
    bool too_many = false;

  private:
    bool value() {
        if (++values_ <= kMaxJsonValues)
            return true;
        too_many = true;
        return false;
    }
    bool open() {
        if (++depth_ > kMaxJsonDepth) {
            too_deep = true;
            return false;
        }
        return value();
    }
    bool close() {
        --depth_;
        return true;
    }
    int depth_ = 0;
    std::size_t values_ = 0;
};

std::string without_id(std::string what) {
    if (const auto at = what.find("] "); at != std::string::npos)
        what = what.substr(at + 2);
    return what;
}

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
    Bounds bounds;
    if (!json::sax_parse(text.begin(), text.end(), &bounds)) {
        if (bounds.too_deep)
            return response_failure(
                source, "the JSON nests deeper than " + std::to_string(kMaxJsonDepth) + " levels");
        if (bounds.too_many)
            return response_failure(
                source, "the JSON holds more than " + std::to_string(kMaxJsonValues) + " values");
        return response_failure(source, "is not valid JSON: " + without_id(bounds.error));
    }
    try {
        return json::parse(text.begin(), text.end());
    } catch (const json::exception& e) {  // not expected: the first pass read the same text
        return response_failure(source, "is not valid JSON: " + without_id(e.what()));
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

std::optional<long> count_at(const json& j, std::string_view key) {
    const json& v = member(j, key);
    if (!v.is_number_integer() && !v.is_number_unsigned())
        return std::nullopt;
    const auto n = v.get<long long>();
    if (n < 0 || n > 1'000'000'000)
        return std::nullopt;
    return static_cast<long>(n);
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
