#include "sync/offline_file.h"

#include <catch2/catch.hpp>

#include "fixture.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE("the format of an offline file is found from its content", "[sync]") {
    std::string why;
    auto format = [&](const std::string& name) { return detect_format(sync_fixture(name), why); };
    CHECK(format("dblp.xml") == FileFormat::DblpXml);
    CHECK(format("arxiv.xml") == FileFormat::ArxivAtom);
    CHECK(format("orcid.json") == FileFormat::OrcidJson);
    CHECK(format("crossref.json") == FileFormat::CrossrefJson);
    CHECK(format("openalex.json") == FileFormat::OpenalexJson);
    CHECK(format("semantic_scholar.json") == FileFormat::SemanticScholarJson);
    CHECK(format("scholar.bib") == FileFormat::Bibtex);
    CHECK(format("dblp.bib") == FileFormat::DblpBibtex);
    CHECK(!detect_format("<html><body/></html>", why));
    CHECK(why.find("<html>") != std::string::npos);
    CHECK(!detect_format("{\"a\":1}", why));
    CHECK(!detect_format("hello", why));
    CHECK(!detect_format("", why));
}

TEST_CASE("offline files give works; DBLP's BibTeX has its keys and no numbers", "[sync]") {
    Diagnostics d;
    Result<OfflineWorks> dblp = read_offline_works(sync_fixture("dblp.bib"), "dblp.bib", {}, d);
    REQUIRE(dblp);
    REQUIRE(dblp->page.works.size() == 1);
    const Work& w = dblp->page.works[0];
    CHECK(w.dblp_key == "conf/sigmod/DoeR21");
    CHECK(w.doi == "10.1145/3448016.3457000");
    CHECK(w.authors == std::vector<std::string>{"Jane Q. Doe", "Bob Roe"});
    Result<OfflineWorks> scholar = read_offline_works(sync_fixture("scholar.bib"), "s.bib", {}, d);
    REQUIRE(scholar);
    CHECK(scholar->page.works.size() == 2);
    CHECK(!scholar->page.works[0].listed_for_owner);
    Result<OfflineWorks> bad = read_offline_works("{\"x\":[", "bad.json", {}, d);
    REQUIRE(!bad);
    CHECK(bad.error().file == "bad.json");
}
