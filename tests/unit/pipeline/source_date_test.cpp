// The moment a build is dated by: [build] date, else SOURCE_DATE_EPOCH, else git, else 0.
#include <cstdlib>

#include <catch2/catch.hpp>

#include "pipeline/source_date.h"
#include "test_support.h"

using namespace mkcv;

TEST_CASE("dates and epochs convert both ways, in UTC") {
    CHECK(epoch_of(PartialDate{1970, 1, 1, false}) == 0);
    CHECK(epoch_of(PartialDate{2023, 11, 14, false}) == 1699920000);
    CHECK(epoch_of(PartialDate{2025, 8, 0, false}) == epoch_of(PartialDate{2025, 8, 1, false}));
    CHECK(epoch_of(PartialDate{2025, 0, 0, false}) == epoch_of(PartialDate{2025, 1, 1, false}));
    CHECK(date_of_epoch(1700000000) == PartialDate{2023, 11, 14, false});
    CHECK(date_of_epoch(0) == PartialDate{1970, 1, 1, false});
    // std::chrono's calendar: leap days, the last second of 9999, the bound of parsing.
    CHECK(date_of_epoch(epoch_of(PartialDate{2024, 2, 29, false})) ==
          PartialDate{2024, 2, 29, false});
    CHECK(date_of_epoch(kLastEpochSecond) == PartialDate{9999, 12, 31, false});
    CHECK(parse_epoch_seconds(std::to_string(kLastEpochSecond)) == kLastEpochSecond);
    CHECK_FALSE(parse_epoch_seconds(std::to_string(kLastEpochSecond + 1)));
    CHECK_FALSE(parse_epoch_seconds("99999999999999999999999"));  // past long long
}

TEST_CASE("[build] date wins, then the outside date, then 1970") {
    Cv cv;
    CHECK(build_epoch(cv, std::nullopt) == 0);
    CHECK(build_epoch(cv, 1700000000) == 1700000000);
    cv.build.date = PartialDate{2025, 8, 1, false};
    CHECK(build_epoch(cv, 1700000000) == epoch_of(PartialDate{2025, 8, 1, false}));
}

TEST_CASE("SOURCE_DATE_EPOCH is used when it is a number") {
    const test::EnvScope no_git("GIT_DIR", "/nonexistent");  // no commit time to fall back on
    test::EnvScope epoch("SOURCE_DATE_EPOCH", "1700000000");
    CHECK(outside_source_date("cv.toml") == 1700000000);
    epoch.set("yesterday");
    CHECK_FALSE(outside_source_date("cv.toml"));
    epoch.set("-5");
    CHECK_FALSE(outside_source_date("cv.toml"));
    epoch.set(std::nullopt);
    CHECK_FALSE(outside_source_date("cv.toml"));
}
