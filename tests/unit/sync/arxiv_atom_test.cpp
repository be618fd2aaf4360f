#include "sync/arxiv_atom.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("an arXiv feed gives unversioned ids, old and new, and the published version's DOI",
          "[sync]") {
    Result<WorksPage> page = parse_arxiv_atom(sync_fixture("arxiv.xml"), "arxiv.xml");
    REQUIRE(page);
    CHECK(page->total == 3);
    REQUIRE(page->works.size() == 3);
    const Work& gnn = page->works[0];
    CHECK(gnn.arxiv == "2203.01234");
    CHECK(gnn.title.value == "Graph Neural Networks for Schödinger Routing");
    CHECK(gnn.kind == PublicationKind::Preprint);
    CHECK(gnn.year == 2022);
    CHECK(gnn.month == 3);
    CHECK(gnn.authors == std::vector<std::string>{"Jane Doe", "Bob Roe"});
    CHECK(!gnn.listed_for_owner);  // a name query: the merge checks the authors
    const Work& old = page->works[2];
    CHECK(old.arxiv == "hep-th/9901001");
    CHECK(old.doi == "10.1088/1126-6708/1999/01/001");
    CHECK(old.venue == "JHEP 9901 (1999) 001");
    CHECK(old.title.value == "Strings α and Branes");
}

TEST_CASE("arXiv's error feed is a failure with its message", "[sync]") {
    const char* error = R"(<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><entry><id>http://arxiv.org/api/errors#incorrect_id_format_for_1234</id>
<title>Error</title><summary>incorrect id format for 1234</summary></entry></feed>)";
    Result<WorksPage> page = parse_arxiv_atom(error, "q");
    REQUIRE(!page);
    CHECK(page.error().message.find("incorrect id format") != std::string::npos);
    CHECK(!parse_arxiv_atom("{}", "q"));
}
