#include "sync/openalex_json.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("OpenAlex works give the DOI from its URL, the venue and the owner by author id",
          "[sync]") {
    Result<WorksPage> page = parse_openalex_works(sync_fixture("openalex.json"), "openalex.json",
                                                  {"", "", "A5023888391"}, false);
    REQUIRE(page);
    REQUIRE(page->works.size() == 1);
    CHECK(page->next_cursor.empty());  // next_cursor null: the last page
    const Work& w = page->works[0];
    CHECK(w.doi == "10.1145/3448016.3457000");
    CHECK(w.kind == PublicationKind::Conference);
    CHECK(w.venue == "Proceedings of the 2021 International Conference on Management of Data");
    CHECK(w.year == 2021);
    REQUIRE(w.owner_author);
    CHECK(*w.owner_author == 0);
    REQUIRE(w.citations);  // cited_by_count, kept for [sync] citations = true
    CHECK(*w.citations == 12);
}

TEST_CASE("OpenAlex pages carry a cursor, an arXiv copy gives the arXiv id", "[sync]") {
    Result<WorksPage> page = parse_openalex_works(
        R"({"meta":{"next_cursor":"IlsxNjA5"},"results":[{"id":"https://openalex.org/W1","title":"T","publication_year":2020,"type":"preprint","doi":"https://doi.org/10.48550/arxiv.2001.00001","locations":[]}]})",
        "p", {}, true);
    REQUIRE(page);
    CHECK(page->next_cursor == "IlsxNjA5");
    CHECK(page->works[0].arxiv == "2001.00001");
    CHECK(page->works[0].doi.empty());
    CHECK(page->works[0].kind == PublicationKind::Preprint);
    CHECK(!parse_openalex_works(R"([1,2])", "x", {}, true));
}

TEST_CASE("an OpenAlex abstract is its inverted index read in order, bounded", "[sync]") {
    const std::string ok = R"({"results":[{"id":"https://openalex.org/W1","title":"T",
      "publication_year":2020,"abstract_inverted_index":{"fast.":[2],"We":[0],"sort":[1]}}]})";
    Result<WorksPage> page = parse_openalex_works(ok, "o", {}, true);
    REQUIRE(page);
    REQUIRE(page->works.size() == 1);
    CHECK(page->works[0].abstract == "We sort fast.");
    // A word at a billion places, or at a position in the billions: bounded, never built.
    std::string many = R"({"results":[{"id":"https://openalex.org/W2","title":"T",
      "publication_year":2020,"abstract_inverted_index":{"w":[)";
    for (int i = 0; i < 100000; ++i)
        many += std::to_string(i) + ",";
    many += R"(9000000000000]}}]})";
    Result<WorksPage> big = parse_openalex_works(many, "o", {}, true);
    REQUIRE(big);
    REQUIRE(big->works.size() == 1);
    CHECK(big->works[0].abstract.size() <= kMaxFieldBytes + 4);
    CHECK(big->works[0].abstract.rfind("w w w", 0) == 0);
}
