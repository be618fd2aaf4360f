#include "text/percent_encode.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {
bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
}  // namespace

TEST_CASE("percent_encode keeps what the format allows and writes the rest as %XX") {
    CHECK(percent_encode("ab", is_letter) == "ab");
    CHECK(percent_encode("a b/{}", is_letter) == "a%20b%2F%7B%7D");
    CHECK(percent_encode("", is_letter).empty());
}

TEST_CASE("percent_encode writes every byte of UTF-8, NUL and 0xFF in upper-case hex") {
    CHECK(percent_encode("é", is_letter) == "%C3%A9");
    CHECK(percent_encode(std::string_view("\0\xff\x7f", 3), is_letter) == "%00%FF%7F");
    std::string out = "x";
    append_percent_escape(out, 0x0A);
    CHECK(out == "x%0A");
}
