#include "diagnostics.h"

#include <sstream>

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

std::string print(const Diagnostics& d, const SourceTexts& sources, DiagnosticFormat format) {
    std::ostringstream out;
    PrintOptions options;
    options.format = format;
    print_diagnostics(out, d, sources, options);
    return out.str();
}

}  // namespace

TEST_CASE("text diagnostics read like a compiler's, with the line and a caret") {
    Diagnostics d;
    d.error("cv.toml", {2, 1}, "unknown-key", "unknown key `emial` in [person]",
            "did you mean `email`?");
    d.warning("cv.toml", {3, 8}, "duplicate", "listed twice");
    const SourceTexts sources{{"cv.toml", "[person]\nemial = \"x\"\nyear = 2020\n"}};
    CHECK(print(d, sources, DiagnosticFormat::Text) ==
          "cv.toml:2:1: error: unknown key `emial` in [person]\n"
          "  emial = \"x\"\n"
          "  ^\n"
          "hint: did you mean `email`?\n"
          "cv.toml:3:8: warning: listed twice\n"
          "  year = 2020\n"
          "         ^\n"
          "1 error, 1 warning generated.\n");
}

TEST_CASE("the caret sits under wide characters correctly") {
    // Column 7 is the opening quote: three CJK characters (two cells each) and " = " before it.
    const SourceTexts sources{{"cv.toml", "赵怡浩 = \"x\"\n"}};
    Diagnostics d;
    d.error("cv.toml", {1, 7}, "x", "m");
    CHECK(print(d, sources, DiagnosticFormat::Text).find("\n" + std::string(2 + 9, ' ') + "^\n") !=
          std::string::npos);
}

TEST_CASE("JSON diagnostics are one object per line") {
    Diagnostics d;
    d.error("cv.toml", {12, 5}, "type", "`year` must be an integer", "remove the quotes");
    CHECK(print(d, {}, DiagnosticFormat::Json) ==
          "{\"file\":\"cv.toml\",\"line\":12,\"column\":5,\"severity\":\"error\",\"code\":\"type\","
          "\"message\":\"`year` must be an integer\",\"hint\":\"remove the quotes\"}\n");
}

TEST_CASE("GitHub diagnostics are workflow commands with escaped text") {
    Diagnostics d;
    d.error("cv.toml", {12, 5}, "type", "100% wrong\nreally");
    CHECK(print(d, {}, DiagnosticFormat::Github) ==
          "::error file=cv.toml,line=12,col=5,title=mkcv type::100%25 wrong%0Areally\n");
}

TEST_CASE("diagnostics sort by file and position") {
    Diagnostics d;
    d.error("b", {1, 1}, "x", "3");
    d.error("a", {5, 1}, "x", "2");
    d.error("a", {2, 9}, "x", "1");
    d.sort();
    CHECK(d.items()[0].message == "1");
    CHECK(d.items()[2].message == "3");
    CHECK(line_of("a\nb\r\nc", 2) == "b");
    CHECK(line_of("a", 5).empty());
}
