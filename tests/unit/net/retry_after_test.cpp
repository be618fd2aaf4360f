// Retry-After, in both its forms, and everything else a server might put there.
#include <catch2/catch.hpp>

#include "net/retry_after.h"

using namespace mkcv::net;
using std::chrono::seconds;

namespace {
// Wed, 21 Oct 2015 07:28:00 GMT
constexpr std::time_t kNow = 1445412480;
}  // namespace

TEST_CASE("Retry-After in seconds", "[retry_after]") {
    CHECK(parse_retry_after("120", kNow) == seconds(120));
    CHECK(parse_retry_after(" 0 ", kNow) == seconds(0));
    CHECK(parse_retry_after("9999999999", kNow) == seconds(9999999999));
    CHECK_FALSE(parse_retry_after("99999999999999999999999", kNow));
    CHECK_FALSE(parse_retry_after("-5", kNow));
    CHECK_FALSE(parse_retry_after("1.5", kNow));
    CHECK_FALSE(parse_retry_after("", kNow));
    CHECK_FALSE(parse_retry_after("soon", kNow));
    CHECK_FALSE(parse_retry_after("12:00:00", kNow));
}

TEST_CASE("Retry-After as an HTTP date", "[retry_after]") {
    CHECK(parse_retry_after("Wed, 21 Oct 2015 07:30:00 GMT", kNow) == seconds(120));
    // RFC 850 and asctime, which HTTP still asks clients to read.
    CHECK(parse_retry_after("Wednesday, 21-Oct-15 07:29:00 GMT", kNow) == seconds(60));
    CHECK(parse_retry_after("Wed Oct 21 07:28:30 2015", kNow) == seconds(30));
    // A date in the past: no wait.
    CHECK(parse_retry_after("Tue, 20 Oct 2015 07:28:00 GMT", kNow) == seconds(0));
    CHECK_FALSE(parse_retry_after("Someday, 99 Foo 20xx", kNow));
}
