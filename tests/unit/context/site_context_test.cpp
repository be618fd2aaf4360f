#include "context/site_context.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("an output that is no page of a site has an inactive site, with empty lists") {
    ContextTree t;
    add_site(t, std::nullopt);
    const auto site = to_json(t)["site"];
    CHECK(site["active"] == false);
    CHECK(site["has_languages"] == false);
    CHECK(site["languages"].empty());
}

TEST_CASE("a page of a site links its PDF and the other languages' pages") {
    SitePage page;
    page.cv_pdf = "cv.pdf";
    page.languages = {{"en", "English", "index.html", true}, {"zh", "中文", "zh/index.html"}};
    ContextTree t;
    add_site(t, page);
    const auto site = to_json(t)["site"];
    CHECK(site["active"] == true);
    CHECK(site["cv_pdf"] == "cv.pdf");
    CHECK(site["has_languages"] == true);
    REQUIRE(site["languages"].size() == 2);
    CHECK(site["languages"][1]["href"] == "zh/index.html");
    CHECK(site["languages"][0]["current"] == true);
}

TEST_CASE("a paper is known by its title, year and venue") {
    Publication a;
    a.title.value = "T";
    a.year = 2020;
    a.venue.value = "V";
    Publication b = a;
    b.authors = {{"X", {}}};
    CHECK(paper_id(a) == paper_id(b));
    b.year = 2021;
    CHECK(paper_id(a) != paper_id(b));
}
