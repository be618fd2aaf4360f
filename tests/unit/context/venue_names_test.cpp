#include "context/venue_names.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("a venue's short name: given, in parentheses, itself, or a known conference's") {
    // Given (cv.toml's or the .bib's venue_short) wins.
    CHECK(venue_short_name("Proceedings of the 17th USENIX Symposium (OSDI)", "OSDI 2023") ==
          "OSDI 2023");
    CHECK(venue_short_name("Proceedings of the 28th ACM International Conference on "
                           "Architectural Support for Programming Languages and Operating "
                           "Systems (ASPLOS), Volume 2",
                           "") == "ASPLOS");
    CHECK(venue_short_name("European Conference on Computer Systems (EuroSys '24)", "") ==
          "EuroSys");
    CHECK(venue_short_name("Security and Privacy (S&P 2023)", "") == "S&P");
    // Parentheses that hold no acronym are passed over.
    CHECK(venue_short_name("Workshop on Hot Topics (co-located with a conference) (HotOS)", "") ==
          "HotOS");
    CHECK(venue_short_name("A talk (invited)", "").empty());
    CHECK(venue_short_name("SIGCOMM", "") == "SIGCOMM");
    // The known list (known_venues.txt): case and punctuation ignored, whole words only.
    CHECK(venue_short_name("Proc. 20th USENIX symposium on networked systems design and "
                           "implementation",
                           "") == "NSDI");
    CHECK(venue_short_name("Proceedings of the ACM SIGCOMM 2023 Conference", "") == "SIGCOMM");
    CHECK(venue_short_name("ACM SIGCOMM Computer Communication Review", "") == "CCR");
    CHECK(venue_short_name("Advances in Neural Information Processing Systems 36", "") ==
          "NeurIPS");
    CHECK(venue_short_name("A Local Workshop on Things", "").empty());
    CHECK(venue_short_name("", "").empty());
}

TEST_CASE("a venue cited briefly carries its year as ’23 or 2023") {
    CHECK(venue_brief("ASPLOS", 2023, VenueStyle::Short) == "ASPLOS ’23");
    CHECK(venue_brief("ASPLOS", 2023, VenueStyle::ShortFullYear) == "ASPLOS 2023");
    CHECK(venue_brief("ASPLOS", 0, VenueStyle::Short) == "ASPLOS");
    CHECK(venue_brief("ASPLOS", 2023, VenueStyle::Full).empty());
    CHECK(venue_brief("", 2023, VenueStyle::Short).empty());
    CHECK(venue_style_named("short") == VenueStyle::Short);
    CHECK(venue_style_named("short_full_year") == VenueStyle::ShortFullYear);
    CHECK(venue_style_named("full") == VenueStyle::Full);
}
