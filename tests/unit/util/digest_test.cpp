// Digests decide whether a build is up to date, so they must tell contents apart and stay
// the same from one mkcv to the next.
#include <catch2/catch.hpp>

#include <string>

#include "util/digest.h"

using namespace mkcv;

TEST_CASE("digest_of tells contents apart and is stable") {
    CHECK(digest_of("") == digest_of(""));
    CHECK(digest_of("abc") == digest_of("abc"));
    CHECK(digest_of("abc").size() == 32);
    CHECK(digest_of("abc") != digest_of("abd"));
    CHECK(digest_of("abcdefgh") != digest_of("abcdefgh "));
    CHECK(digest_of(std::string(1, '\0')) != digest_of(""));
    CHECK(digest_of(std::string(8, '\0')) != digest_of(std::string(16, '\0')));
    // A fixed value: records written by one mkcv must be read the same by the next.
    CHECK(digest_of("mkcv") == "86a00eb75bc4b59bdc5c0617d1562d86");
}
