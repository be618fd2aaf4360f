#include "bib/paper_identity.h"

#include <catch2/catch.hpp>

#include "bib/paper_title.h"

using namespace mkcv;

TEST_CASE("DOIs are normalised whatever their prefix and case", "[sync]") {
    CHECK(normal_doi("https://doi.org/10.1145/ABC.1") == "10.1145/abc.1");
    CHECK(normal_doi("doi:10.1145/x") == "10.1145/x");
    CHECK(normal_doi(" http://dx.doi.org/10.1000/x ") == "10.1000/x");
    CHECK(normal_doi("10.1145") == "");
    CHECK(normal_doi("https://example.org/10.1/x") == "");
    CHECK(normal_doi("10.1/x}\\input") == "");
}

TEST_CASE("arXiv ids lose their version, old and new forms", "[sync]") {
    CHECK(arxiv_base_id("http://arxiv.org/abs/2101.00001v3") == "2101.00001");
    CHECK(arxiv_base_id("arXiv:1501.0001v1") == "1501.0001");
    CHECK(arxiv_base_id("https://arxiv.org/pdf/2101.00001v2.pdf") == "2101.00001");
    CHECK(arxiv_base_id("hep-th/9901001v2") == "hep-th/9901001");
    CHECK(arxiv_base_id("math.GT/0309136") == "math.gt/0309136");
    CHECK(arxiv_base_id("10.48550/arXiv.2203.01234") == "2203.01234");
    CHECK(arxiv_base_id("2101.0001x") == "");
    CHECK(arxiv_base_id("hello") == "");
}

TEST_CASE("a DOI and an arXiv id as written: the same ids, in their own case and version",
          "[bib]") {
    CHECK(doi_as_written("https://dx.doi.org/10.1145/ABC.1") == "10.1145/ABC.1");
    CHECK(doi_as_written("10.1/x}\\input") == "");
    CHECK(arxiv_id_as_written("https://arxiv.org/pdf/2101.00001v2.pdf") == "2101.00001v2");
    CHECK(arxiv_id_as_written("arXiv:math.GT/0309136") == "math.GT/0309136");
    CHECK(arxiv_id_as_written("https://arxiv.org/abs/not-an-id") == "");
    CHECK(arxiv_id_as_written("2101.00001vx") == "");
}

TEST_CASE("DBLP keys come from record URLs and BibTeX keys, a publication's ids from its links",
          "[sync]") {
    CHECK(dblp_key_of("https://dblp.org/rec/conf/sigmod/DoeR21.html") == "conf/sigmod/DoeR21");
    CHECK(dblp_key_of("DBLP:journals/corr/abs-2203-01234") == "journals/corr/abs-2203-01234");
    CHECK(dblp_key_of("no") == "");
    Publication p;
    p.links = {{{"doi"}, {"10.1000/X"}},
               {{"arXiv"}, {"https://arxiv.org/abs/2101.00001v2"}},
               {{"dblp"}, {"https://dblp.org/rec/conf/a/B"}}};
    const PaperIdentity ids = identity_of(p);
    CHECK(ids.doi == "10.1000/x");
    CHECK(ids.arxiv == "2101.00001");
    CHECK(ids.dblp_key == "conf/a/B");
}

TEST_CASE("an arXiv DOI is the paper's arXiv id, and the identity has its title and year",
          "[bib][sync]") {
    Publication p;
    p.title = {"Deep Learning: A Review"};
    p.year = 2022;
    p.links = {{{"doi"}, {"https://doi.org/10.48550/arXiv.2203.01234"}}};
    const PaperIdentity id = identity_of(p);
    CHECK(id.doi == "");
    CHECK(id.arxiv == "2203.01234");
    CHECK(id.title == "deeplearningareview");
    CHECK(id.year == 2022);
    // An arXiv id found first is kept.
    std::string doi = "10.48550/arxiv.2203.01234", arxiv = "2101.00001";
    arxiv_doi_as_id(doi, arxiv);
    CHECK(doi == "");
    CHECK(arxiv == "2101.00001");
}

TEST_CASE("two records are one paper when they share an id, or a title and a year", "[bib][sync]") {
    CHECK(identity_keys({"10.1/x", "2101.00001", "conf/a/B", "fastsorting", 2021}) ==
          std::vector<std::string>{"doi:10.1/x", "arxiv:2101.00001", "dblp:conf/a/B",
                                   "title:fastsorting|2021"});
    // A title without a year names no paper.
    CHECK(identity_keys({"", "", "", "fastsorting", 0}).empty());
    PaperSet own;
    own.add({"10.1/x", "", "conf/a/B", "fastsorting", 2021});
    CHECK(own.has({"", "", "conf/a/B", "", 0}));
    CHECK(own.has({"", "", "", "fastsorting", 2021}));
    CHECK(own.has({"10.1/x", "", "", "", 0}));
    CHECK_FALSE(own.has({"", "", "", "fastsorting", 2022}));
    CHECK_FALSE(own.has({"10.1/y", "2101.00002", "conf/a/C", "slowsorting", 2021}));
}

TEST_CASE("a year is the first run of four digits of a text, or a number from 1 to 9999",
          "[bib][sync]") {
    CHECK(year_in_text("2023") == 2023);
    CHECK(year_in_text("{2023}") == 2023);
    CHECK(year_in_text("Spring 2023a") == 2023);
    CHECK(year_in_text(" 2021 ") == 2021);  // DBLP's <year> as the .bib's year (issue 35)
    CHECK(year_in_text("2021-01-04T18:59:59Z") == 2021);
    std::string error;
    CHECK(year_in_text("99999999999999999999999", &error) == 0);
    CHECK(error == "is not a year from 1 to 9999");
    error.clear();
    CHECK(year_in_text("n.d.", &error) == 0);
    CHECK(error.empty());
    CHECK(year_in_text("21") == 0);
    CHECK(checked_year(2021) == 2021);
    CHECK(checked_year(0) == 0);
    CHECK(checked_year(-2021) == 0);
    CHECK(checked_year(10000) == 0);
    CHECK(checked_year(4294969317LL) == 0);
}

TEST_CASE("[sync] ignore names papers by citekey, by an id in any of its forms, or by title",
          "[bib][sync]") {
    const PaperNames ignored({"doe2021x", "https://doi.org/10.1/ABC", "arXiv:2101.00001v2",
                              "DBLP:conf/a/B", "An Erratum: To Our Paper"});
    CHECK(ignored.find("doe2021x", {}));
    CHECK_FALSE(ignored.find("doe2021y", {}));
    CHECK(ignored.find("", {"10.1/abc", "", "", "", 0}));
    CHECK(ignored.find("", {"", "2101.00001", "", "", 0}));
    CHECK(ignored.find("", {"", "", "conf/a/B", "", 0}));
    // By title, as sync's report prints it (case and punctuation aside), any year.
    CHECK(ignored.find("", {"", "", "", normal_title("an erratum to our paper"), 2019}));
    CHECK_FALSE(ignored.find("", {"", "", "", normal_title("An Erratum"), 2019}));
    // A title in another script names its paper too, its letters kept as they are.
    const PaperNames chinese({"深度学习：综述"});
    CHECK(chinese.find("", {"", "", "", normal_title("深度学习 综述"), 2020}));
    CHECK_FALSE(chinese.find("", {"", "", "", normal_title("深度学习"), 2020}));
    CHECK_FALSE(ignored.find("", {"10.1/abd", "2101.00002", "conf/a/C", "", 0}));
}

TEST_CASE("[sync] include and same_as name a paper by citekey, id or title, as the report does",
          "[bib][sync]") {
    const PaperNames names({"doe2021x", "https://doi.org/10.1/ABC", "10.48550/arXiv.2101.00001",
                            "DBLP:conf/a/B", "Fast Sorting: The Long Version",
                            "A Title That The Summary Cut Short Because It Went On For…"});
    CHECK(names.find("doe2021x", {}) == 0u);
    CHECK(names.find("", {"10.1/abc", "", "", "", 0}) == 1u);
    // An arXiv DOI is the arXiv id (the identity rule), so it names the preprint.
    CHECK(names.find("", {"", "2101.00001", "", "", 0}) == 2u);
    CHECK(names.find("", {"", "", "conf/a/B", "", 0}) == 3u);
    // A title in any case and punctuation, any year, as sync's report prints it.
    CHECK(names.find("", {"", "", "", normal_title("fast sorting. the long version"), 2025}) == 4u);
    CHECK_FALSE(names.find("", {"", "", "", normal_title("Fast Sorting"), 2025}));
    // A title the report cut short names the titles it begins.
    CHECK(names.find("", {"", "", "",
                          normal_title("A Title that the Summary Cut Short because it Went On "
                                       "for Too Long to Print"),
                          2020}) == 5u);
    // The first name that names a paper wins; none names another.
    CHECK(names.find("doe2021x", {"10.1/abc", "", "", "", 0}) == 0u);
    CHECK_FALSE(names.find("doe2021y", {"10.1/abd", "2101.00002", "conf/a/C", "other", 2021}));
    // A few letters cut short name no title.
    CHECK_FALSE(PaperNames({"Fast…"}).find("", {"", "", "", normal_title("Fast Sorting"), 2025}));
}
