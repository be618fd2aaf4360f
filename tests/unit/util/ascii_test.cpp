#include "util/ascii.h"

#include <catch2/catch.hpp>

#include <clocale>

using namespace mkcv;

TEST_CASE("ascii_lower folds A-Z only, whatever the locale") {
    CHECK(ascii_lower(std::string_view("DOI Arxiv @STRING")) == "doi arxiv @string");
    CHECK(ascii_lower(std::string_view("Ärger ÉCOLE")) == "Ärger École");  // UTF-8 untouched
    CHECK(ascii_lower('[') == '[');
    CHECK(ascii_lower('@') == '@');
    std::setlocale(LC_CTYPE, "C.UTF-8");
    CHECK(ascii_lower(std::string_view("\xC0\xDE")) == "\xC0\xDE");  // bytes, not Latin-1
    std::setlocale(LC_CTYPE, "C");
}

TEST_CASE("trim_ascii_space drops ASCII white space at the ends only") {
    CHECK(trim_ascii_space(" \t\n\v\f\rA b\r\n") == "A b");
    CHECK(trim_ascii_space("   ").empty());
    CHECK(trim_ascii_space("").empty());
    // U+00A0 is not ASCII white space: a value that starts with it keeps it.
    CHECK(trim_ascii_space("\xC2\xA0x ") == "\xC2\xA0x");
}
