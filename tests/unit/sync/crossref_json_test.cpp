#include "sync/crossref_json.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("Crossref's list gives titles from arrays, markup as marks, the owner by ORCID",
          "[sync]") {
    Result<WorksPage> page = parse_crossref_works(sync_fixture("crossref.json"), "crossref.json",
                                                  {"", "0000-0002-1825-0097"}, false);
    REQUIRE(page);
    REQUIRE(page->works.size() == 3);
    CHECK(page->next_cursor == "DnF1ZXJ5VGhlbkZldGNo");
    const Work& sigmod = page->works[0];
    CHECK(sigmod.title.value == "Fast Sorting with Learned Indexes");
    REQUIRE(sigmod.title.marks.size() == 5);
    CHECK(sigmod.title.marks[1].kind == TextRun::Kind::Open);
    CHECK(sigmod.title.marks[1].mark == Mark::Emphasis);
    CHECK(sigmod.kind == PublicationKind::Conference);
    CHECK(sigmod.authors == std::vector<std::string>{"Jane Q. Doe", "Bob Roe"});
    REQUIRE(sigmod.owner_author);
    CHECK(*sigmod.owner_author == 0);
    CHECK(sigmod.month == 6);
    const Work& journal = page->works[1];
    CHECK(journal.doi == "10.1000/jgnr.2023.5");
    CHECK(journal.kind == PublicationKind::Journal);
    CHECK(journal.year == 2023);
    CHECK(journal.owner_author);  // http:// ORCID URLs too
}

TEST_CASE("Crossref's short-container-title is the venue's short name, without its year",
          "[sync]") {
    const auto short_of = [](const std::string& titles) {
        Result<WorksPage> page = parse_crossref_works(
            R"({"status":"ok","message-type":"work","message":{"DOI":"10.1/A","title":["A"],)"
            R"("type":"proceedings-article","container-title":["Proceedings of the 28th ACM )"
            R"(Conference"],"short-container-title":)" +
                titles + "}}",
            "one", {}, false);
        REQUIRE(page);
        REQUIRE(page->works.size() == 1);
        return page->works[0].venue_short;
    };
    CHECK(short_of(R"(["ASPLOS '23"])") == "ASPLOS");
    CHECK(short_of(R"(["Commun. ACM"])") == "Commun. ACM");
    CHECK(short_of("[]").empty());
}

TEST_CASE("one Crossref work is {message: work}", "[sync]") {
    Result<WorksPage> page = parse_crossref_works(
        R"({"status":"ok","message-type":"work","message":{"DOI":"10.1/A","title":["A <jats:italic>b</jats:italic> &amp; c"],"type":"posted-content","subtype":"preprint","issued":{"date-parts":[[2020]]}}})",
        "one", {}, false);
    REQUIRE(page);
    REQUIRE(page->works.size() == 1);
    CHECK(page->works[0].title.value == "A b & c");
    CHECK(page->works[0].kind == PublicationKind::Preprint);
    CHECK(page->next_cursor.empty());
    CHECK(!parse_crossref_works(R"({"message":{"x":1}})", "x", {}, false));
}
