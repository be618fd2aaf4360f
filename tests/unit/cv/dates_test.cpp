#include "cv/dates.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("dates parse in every form a CV uses") {
    CHECK(parse_date("2019").date == PartialDate{2019, 0, 0, false});
    CHECK(parse_date("2019-03").date == PartialDate{2019, 3, 0, false});
    CHECK(parse_date("2019-03-31").date == PartialDate{2019, 3, 31, false});
    CHECK(parse_date("present").date->present);
    CHECK(parse_date("Present").date->present);
}

TEST_CASE("impossible dates are refused with a reason") {
    CHECK(parse_date("2019-13").error == "month 13 does not exist");
    CHECK(parse_date("2019-00").error == "month 0 does not exist");
    CHECK(parse_date("2021-04-31").error == "Apr. 2021 has no day 31");
    CHECK(parse_date("2023-02-29").error == "Feb. 2023 has no day 29");
    CHECK(parse_date("2024-02-29").date);  // leap year
    CHECK_FALSE(parse_date("19-03").date);
    CHECK_FALSE(parse_date("2019-3").date);
    CHECK_FALSE(parse_date("2019/03").date);
    CHECK_FALSE(parse_date("").date);
    CHECK_FALSE(parse_date("2019-03-01-02").date);
    CHECK_FALSE(parse_date("March 2019").date);
}

TEST_CASE("dates print with Chicago month abbreviations and an en dash") {
    CHECK(format_date({2025, 8, 0, false}) == "Aug. 2025");
    CHECK(format_date({2025, 6, 0, false}) == "June 2025");
    CHECK(format_date({2025, 9, 0, false}) == "Sept. 2025");
    CHECK(format_date({2025, 5, 3, false}) == "3 May 2025");
    CHECK(format_date({2019, 0, 0, false}) == "2019");
    CHECK(format_range(PartialDate{2025, 8, 0, false}, PartialDate{2026, 2, 0, false}) ==
          "Aug. 2025 – Feb. 2026");
    CHECK(format_range(PartialDate{2025, 8, 0, false}, PartialDate{0, 0, 0, true}) ==
          "Aug. 2025 – Present");
    CHECK(format_range(PartialDate{2025, 8, 0, false}, std::nullopt) == "Aug. 2025 – Present");
    CHECK(format_range(std::nullopt, PartialDate{0, 0, 0, true}) == "Present");
    CHECK(format_range(std::nullopt, PartialDate{2020, 0, 0, false}) == "2020");
    CHECK(format_range(PartialDate{2020, 0, 0, false}, PartialDate{2020, 0, 0, false}) == "2020");
    CHECK(format_range(std::nullopt, std::nullopt).empty());
}

TEST_CASE("dates compare with present last") {
    CHECK(compare_dates({2020, 1, 0, false}, {2019, 12, 0, false}) > 0);
    CHECK(compare_dates({2020, 0, 0, false}, {2020, 3, 0, false}) < 0);
    CHECK(compare_dates({0, 0, 0, true}, {9999, 12, 31, false}) > 0);
    CHECK(compare_dates({2020, 3, 0, false}, {2020, 3, 0, false}) == 0);
    CHECK(iso_date({2025, 8, 0, false}) == "2025-08");
    CHECK(iso_date({0, 0, 0, true}) == "present");
    CHECK(iso_date({999, 1, 2, false}) == "0999-01-02");
}
