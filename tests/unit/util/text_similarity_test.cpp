#include "util/text_similarity.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("edit_distance counts insertions, deletions, changes and swapped neighbours") {
    CHECK(edit_distance("", "") == 0);
    CHECK(edit_distance("abc", "") == 3);
    CHECK(edit_distance("kitten", "sitting") == 3);
    CHECK(edit_distance("emial", "email") == 1);  // a swap is one edit
    CHECK(edit_distance("publications", "publications") == 0);
}

TEST_CASE("closest_match suggests a likely typo, case ignored, and nothing far off") {
    const std::vector<std::string> keys = {"email", "phone", "homepage", "publications"};
    CHECK(closest_match("emial", keys) == "email");
    CHECK(closest_match("EMAIL", keys) == "email");
    CHECK(closest_match("publicatons", keys) == "publications");
    CHECK(closest_match("homepages", keys) == "homepage");
    CHECK(closest_match("zzzzz", keys).empty());
    CHECK(closest_match("ph", keys).empty());  // a third of a short word: one letter at most
    CHECK(closest_match("x", {}).empty());
    // A long key is never compared in full: its length alone rules every candidate out.
    CHECK(closest_match(std::string(1 << 20, 'e'), keys).empty());
}
