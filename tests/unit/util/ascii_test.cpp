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
