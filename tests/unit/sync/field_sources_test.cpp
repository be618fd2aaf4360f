#include "sync/field_sources.h"

#include <catch2/catch.hpp>

using namespace mkcv::sync;

TEST_CASE("field sources read back as written, and only known names are read", "[sync]") {
    const std::map<std::string, std::string> sources{
        {"venue", "dblp"}, {"title", "crossref"}, {"date", "dblp"}};
    const std::string text = field_sources_text(sources);
    CHECK(text == "title=crossref;venue=dblp;date=dblp");
    CHECK(parse_field_sources(text) == sources);
    // An edited or hostile list loses a record, never names something else.
    CHECK(parse_field_sources("title=evil;abstract=dblp;venue=dblp;;=;x").size() == 1);
    CHECK(parse_field_sources("synced").empty());
    CHECK(parse_field_sources("").empty());
}
