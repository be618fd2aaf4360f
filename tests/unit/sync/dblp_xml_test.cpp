#include "sync/dblp_xml.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("a DBLP person page gives its works with keys, kinds, ids and the owner by pid",
          "[sync]") {
    Result<WorksPage> page = parse_dblp_xml(sync_fixture("dblp.xml"), "dblp.xml", {"d/JaneQDoe"});
    REQUIRE(page);
    REQUIRE(page->works.size() == 3);
    const Work& sigmod = page->works[0];
    CHECK(sigmod.dblp_key == "conf/sigmod/DoeR21");
    // The period DBLP ends titles with is gone; <i> is emphasis.
    CHECK(sigmod.title.value == "Fast Sorting with Learned Indexes");
    CHECK(!sigmod.title.marks.empty());
    CHECK(sigmod.authors == std::vector<std::string>{"Jane Q. Doe", "Bob Roe"});
    REQUIRE(sigmod.owner_author);
    CHECK(*sigmod.owner_author == 0);
    CHECK(sigmod.listed_for_owner);
    CHECK(sigmod.kind == PublicationKind::Conference);
    CHECK(sigmod.venue == "SIGMOD Conference");
    CHECK(sigmod.venue_short == "SIGMOD");  // what a short CV cites: "SIGMOD ’21"
    CHECK(sigmod.year == 2021);
    CHECK(sigmod.doi == "10.1145/3448016.3457000");
    CHECK(page->works[1].doi == "10.5555/own.1");  // lower case
    const Work& corr = page->works[2];
    CHECK(corr.kind == PublicationKind::Preprint);
    CHECK(corr.arxiv == "2203.01234");
    CHECK(corr.venue == "arXiv:2203.01234");
    // DBLP's LaTeX escapes become text.
    CHECK(corr.title.value == "Graph Neural Networks for Schödinger Routing");
}

TEST_CASE("another person's DBLP page is not the owner's list", "[sync]") {
    Result<WorksPage> page = parse_dblp_xml(sync_fixture("dblp.xml"), "dblp.xml", {"x/Other"});
    REQUIRE(page);
    CHECK(!page->works[0].listed_for_owner);
    CHECK(!page->works[0].owner_author);
}

TEST_CASE("DBLP XML with a DOCTYPE, an entity or broken markup is refused", "[sync]") {
    const char* bomb =
        R"(<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><dblpperson pid="a/b"><r><article key="a/b"><title>&lol2;</title><year>2020</year></article></r></dblpperson>)";
    Result<WorksPage> page = parse_dblp_xml(bomb, "bomb.xml", {});
    REQUIRE(!page);
    CHECK(page.error().message.find("DOCTYPE") != std::string::npos);
    CHECK(!parse_dblp_xml("<dblpperson><r><article>", "cut.xml", {}));
    CHECK(!parse_dblp_xml("<html></html>", "html.xml", {}));
    // An undeclared entity is not expanded (pugixml leaves it as written).
    Result<WorksPage> ext = parse_dblp_xml(
        R"(<dblpperson pid="a/b"><r><article key="a/b"><title>&xxe;</title><year>2020</year></article></r></dblpperson>)",
        "x.xml", {});
    REQUIRE(ext);
    CHECK(ext->works[0].title.value == "&xxe;");
}
