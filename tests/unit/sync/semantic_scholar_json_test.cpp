#include "sync/semantic_scholar_json.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("Semantic Scholar papers read capitalised externalIds and page with next", "[sync]") {
    Result<WorksPage> page = parse_semantic_scholar_papers(
        sync_fixture("semantic_scholar.json"), "s2.json", {"", "", "", "1723755"}, true);
    REQUIRE(page);
    REQUIRE(page->works.size() == 1);
    CHECK(!page->next_offset);  // no `next`: the last page
    const Work& w = page->works[0];
    CHECK(w.doi == "10.1145/3448016.3457000");
    CHECK(w.dblp_key == "conf/sigmod/DoeR21");
    CHECK(w.kind == PublicationKind::Conference);
    REQUIRE(w.owner_author);
    Result<WorksPage> more = parse_semantic_scholar_papers(
        R"({"offset":0,"next":100,"data":[{"title":"P","year":2019,"externalIds":{"ArXiv":"1901.00001"},"authors":[]}]})",
        "p", {}, true);
    REQUIRE(more);
    REQUIRE(more->next_offset);
    CHECK(*more->next_offset == 100);
    CHECK(more->works[0].arxiv == "1901.00001");
    CHECK(more->works[0].kind == PublicationKind::Preprint);
    CHECK(!parse_semantic_scholar_papers(R"({"error":"Not found"})", "x", {}, true));
}

TEST_CASE("a Semantic Scholar citation count is kept only when it is a count",
          "[sync][citations]") {
    Result<WorksPage> page = parse_semantic_scholar_papers(
        R"({"data":[{"title":"A","year":2020,"citationCount":42,"authors":[]},
                    {"title":"B","year":2020,"citationCount":-1,"authors":[]},
                    {"title":"C","year":2020,"citationCount":"42","authors":[]},
                    {"title":"D","year":2020,"authors":[]}]})",
        "p", {}, true);
    REQUIRE(page);
    REQUIRE(page->works.size() == 4);
    REQUIRE(page->works[0].citations);
    CHECK(*page->works[0].citations == 42);
    CHECK(!page->works[1].citations);
    CHECK(!page->works[2].citations);
    CHECK(!page->works[3].citations);
}
