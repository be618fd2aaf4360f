// Request paths are taken as the client sent them, one segment at a time: no encoding
// hides a separator or a `..`, and nothing hidden (a name with a leading dot) is named.
#include <catch2/catch.hpp>

#include "serve/request_path.h"

using namespace mkcv;

namespace {

std::vector<std::string> segments(std::string_view target) {
    const auto path = parse_request_path(target);
    REQUIRE(path);
    return path->segments;
}

}  // namespace

TEST_CASE("a request path becomes its decoded segments", "[serve]") {
    CHECK(segments("/").empty());
    CHECK(parse_request_path("/")->folder);
    CHECK(segments("/cv-homepage.html") == std::vector<std::string>{"cv-homepage.html"});
    CHECK_FALSE(parse_request_path("/cv-homepage.html")->folder);
    CHECK(segments("/papers/a%20b.bib?x=1#top") == std::vector<std::string>{"papers", "a b.bib"});
    CHECK(parse_request_path("/zh/")->folder);
    CHECK(segments("/zh/") == std::vector<std::string>{"zh"});
    CHECK(segments("/%E7%AE%80%E5%8E%86.pdf") == std::vector<std::string>{"简历.pdf"});
}

TEST_CASE("traversals, encoded or not, and hidden names are refused", "[serve]") {
    for (const char* target : {"/../secret",
                               "/a/../b",
                               "/..",
                               "/.",
                               "/./a",
                               "/%2e%2e/secret",
                               "/%2E%2E/secret",
                               "/.%2e/secret",
                               "/..%2fsecret",
                               "/a%2f..%2f..%2fsecret",
                               "/..%5csecret",
                               "/a\\..\\b",
                               "/a%00b",
                               "/a%0ab",
                               "/a%7fb",
                               "/.mkcv/cv-long.state",
                               "/.git/config",
                               "//etc/passwd",
                               "/a//b",
                               "/%252e%252e/secret",
                               "/a%2",
                               "/a%zz",
                               "/a%",
                               "relative",
                               "",
                               "*",
                               "http://127.0.0.1/a"})
        CHECK_FALSE(parse_request_path(target));
}

TEST_CASE("request paths are bounded", "[serve]") {
    std::string deep;
    for (std::size_t i = 0; i < kMaxRequestSegments; ++i)
        deep += "/a";
    CHECK(parse_request_path(deep));
    CHECK_FALSE(parse_request_path(deep + "/a"));
    CHECK_FALSE(parse_request_path("/" + std::string(kMaxRequestTargetBytes, 'a')));
}

TEST_CASE("only a local Host header is answered", "[serve]") {
    CHECK(is_local_host("127.0.0.1:8000", 8000));
    CHECK(is_local_host("localhost:8000", 8000));
    CHECK(is_local_host("LOCALHOST:8001", 8001));
    CHECK(is_local_host("localhost", 80));
    CHECK_FALSE(is_local_host("localhost", 8000));
    CHECK_FALSE(is_local_host("127.0.0.1:8001", 8000));
    CHECK_FALSE(is_local_host("evil.example:8000", 8000));
    CHECK_FALSE(is_local_host("127.0.0.1.evil.example:8000", 8000));
    CHECK_FALSE(is_local_host("", 8000));
}
