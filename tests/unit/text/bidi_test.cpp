#include "text/bidi.h"

#include <catch2/catch.hpp>

#include <string>

using namespace mkcv;

namespace {

// The runs as "level:text" pieces, to compare at a glance.
std::string runs_of(std::string_view text, TextDirection fallback) {
    const BidiLayout layout = bidi_layout(text, fallback);
    std::string out = std::to_string(layout.base_level) + "|";
    for (const BidiRun& run : layout.runs)
        out += std::to_string(run.level) + ":" +
               std::string(text.substr(run.begin, run.end - run.begin)) + "|";
    return out;
}

}  // namespace

TEST_CASE("what can run right to left is found", "[bidi]") {
    CHECK_FALSE(has_rtl("Ana Müller, 赵怡浩 Ελληνικά नमस्ते 2024"));
    CHECK(has_rtl("a שלום"));
    CHECK(has_rtl("مرحبا"));
    CHECK(has_rtl("\u2067x\u2069"));  // an explicit isolate
    CHECK_FALSE(has_rtl(""));
}

TEST_CASE("a value's direction is its first strong letter's, else the document's", "[bidi]") {
    CHECK(runs_of("abc", TextDirection::Rtl) == "0|0:abc|");
    CHECK(runs_of("שלום abc", TextDirection::Ltr) == "1|1:שלום |2:abc|");
    CHECK(runs_of("2024", TextDirection::Ltr) == "0|0:2024|");
    CHECK(runs_of("2024", TextDirection::Rtl) == "1|2:2024|");
    CHECK(runs_of("", TextDirection::Rtl) == "1|");
}

TEST_CASE("mixed runs get the levels of UAX #9", "[bidi]") {
    CHECK(runs_of("طراحی PaaS با Django.", TextDirection::Ltr) ==
          "1|1:طراحی |2:PaaS|1: با |2:Django|1:.|");
    // Brackets around right-to-left text in a left-to-right value stay left to right (N0).
    CHECK(runs_of("site (سایت) ok", TextDirection::Ltr) == "0|0:site (|1:سایت|0:) ok|");
    // Persian digits after Persian letters are Arabic numbers (W2): left to right, nested.
    CHECK(runs_of("سال ۱۴۰۲", TextDirection::Ltr) == "1|1:سال |2:۱۴۰۲|");
}
