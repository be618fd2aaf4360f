#include "import/loose_dates.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("dates other tools let people write", "[import]") {
    CHECK(parse_loose_date("2016-10-01") == PartialDate{2016, 10, 1, false});
    CHECK(parse_loose_date("2016") == PartialDate{2016, 0, 0, false});
    CHECK(parse_loose_date("Oct 2016") == PartialDate{2016, 10, 0, false});
    CHECK(parse_loose_date("October 2016") == PartialDate{2016, 10, 0, false});
    CHECK(parse_loose_date("Sept. 2015") == PartialDate{2015, 9, 0, false});
    CHECK(parse_loose_date("sep 2015") == PartialDate{2015, 9, 0, false});
    CHECK(parse_loose_date("Oct 1, 2016") == PartialDate{2016, 10, 1, false});
    CHECK(parse_loose_date("1 October 2016") == PartialDate{2016, 10, 1, false});
    CHECK(parse_loose_date("10/2016") == PartialDate{2016, 10, 0, false});
    CHECK(parse_loose_date("2016/10") == PartialDate{2016, 10, 0, false});
    CHECK(parse_loose_date(" present ")->present);
    CHECK(parse_loose_date("Now")->present);
}

TEST_CASE("what is no date stays no date", "[import]") {
    CHECK_FALSE(parse_loose_date("summer 2016"));
    CHECK_FALSE(parse_loose_date("Fall 2023"));
    CHECK_FALSE(parse_loose_date(""));
    CHECK_FALSE(parse_loose_date("Feb 30, 2021"));
    CHECK_FALSE(parse_loose_date("13/2016"));
    CHECK_FALSE(parse_loose_date("x Oct 2016"));
    CHECK_FALSE(parse_loose_date("Oct 16"));
}
