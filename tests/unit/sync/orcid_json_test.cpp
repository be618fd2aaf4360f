#include "sync/orcid_json.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("ORCID's works come one per group, with the ids of every summary, part-of ids left out",
          "[sync]") {
    Result<WorksPage> page = parse_orcid_works(sync_fixture("orcid.json"), "orcid.json");
    REQUIRE(page);
    REQUIRE(page->works.size() == 2);
    const Work& sigmod = page->works[0];
    CHECK(sigmod.title.value == "Fast Sorting with Learned Indexes");
    CHECK(sigmod.doi == "10.1145/3448016.3457000");
    CHECK(sigmod.kind == PublicationKind::Conference);
    CHECK(sigmod.year == 2021);
    CHECK(sigmod.month == 6);
    CHECK(sigmod.listed_for_owner);
    CHECK(sigmod.authors.empty());  // summaries name no authors
    CHECK(page->works[1].arxiv == "2203.01234");
    CHECK(page->works[1].kind == PublicationKind::Preprint);
}

TEST_CASE("ORCID JSON of another shape or nesting too deep is refused", "[sync]") {
    CHECK(!parse_orcid_works(R"({"works": []})", "x"));
    CHECK(!parse_orcid_works(R"({"group": [)", "x"));
    CHECK(!parse_orcid_works(std::string(10000, '[') + std::string(10000, ']'), "deep"));
    // Values of the wrong type are skipped, not a crash.
    Result<WorksPage> odd = parse_orcid_works(
        R"({"group":[{"work-summary":[{"title":{"title":{"value":7}},"publication-date":{"year":{"value":"20x0"}}}]}, 5, {"work-summary":"no"}]})",
        "odd");
    REQUIRE(odd);
    REQUIRE(odd->works.size() == 1);
    CHECK(odd->works[0].year == 0);
}
