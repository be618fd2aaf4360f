#include "util/utf8.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("decode_utf8 decodes valid sequences and takes each bad one as a single byte") {
    std::size_t length = 0;
    CHECK(decode_utf8("a", 0, length) == U'a');
    CHECK(length == 1);
    CHECK(decode_utf8("\xC3\xA9", 0, length) == U'é');
    CHECK(length == 2);
    CHECK(decode_utf8("\xE4\xB8\xAD", 0, length) == U'中');
    CHECK(length == 3);
    CHECK(decode_utf8("\xF0\x9F\x98\x80", 0, length) == U'\U0001F600');
    CHECK(length == 4);
    // Overlong "/", a surrogate, past U+10FFFF, truncated, a stray continuation byte.
    for (const std::string_view bad :
         {std::string_view("\xC0\xAF"), std::string_view("\xED\xA0\x80"),
          std::string_view("\xF4\x90\x80\x80"), std::string_view("\xE4\xB8"),
          std::string_view("\x80")}) {
        CHECK(decode_utf8(bad, 0, length) == static_cast<unsigned char>(bad[0]));
        CHECK(length == 1);
    }
}

TEST_CASE("invalid_utf8_offset finds the first bad byte or NUL, valid_utf8 replaces them") {
    CHECK(invalid_utf8_offset("plain é 中") == std::string_view::npos);
    CHECK(invalid_utf8_offset("ab\xC0\xAF") == 2);
    CHECK(invalid_utf8_offset("abc\xED\xA0\x80") == 3);
    CHECK(invalid_utf8_offset(std::string_view("a\0b", 3)) == 1);
    CHECK(invalid_utf8_offset(std::string_view("\xFF\0", 2)) == 0);
    CHECK(valid_utf8("a\xFF"
                     "b\xC0") == "a\uFFFDb\uFFFD");
}

TEST_CASE("encode_utf8 writes one code point, U+FFFD for what is no character") {
    CHECK(encode_utf8(U'A') == "A");
    CHECK(encode_utf8(U'é') == "\xC3\xA9");
    CHECK(encode_utf8(U'①') == "\xE2\x91\xA0");
    CHECK(encode_utf8(U'\U0001F972') == "\xF0\x9F\xA5\xB2");
    CHECK(encode_utf8(0xD800) == "\xEF\xBF\xBD");
    CHECK(encode_utf8(0x110000) == "\xEF\xBF\xBD");
}
