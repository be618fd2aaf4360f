#include "bib/export.h"

#include <catch2/catch.hpp>

#include "bib/bibliography.h"
#include "bib/paper_identity.h"
#include "test_support.h"

using namespace mkcv;

namespace {

// The file read back as `mkcv build` reads a .bib: its entries as publications.
std::vector<Publication> read_back(const std::string& bib) {
    Diagnostics d;
    reset_bibtex_macros();
    std::vector<Publication> out;
    for (const BibEntry& entry : read_bibtex(bib, "export.bib", d))
        if (auto p = publication_from_bibtex(entry, "export.bib", d))
            out.push_back(std::move(*p));
    CHECK_FALSE(d.has_errors());
    return out;
}

}  // namespace

TEST_CASE("export bib writes talks and patents as @misc after the papers", "[bib]") {
    const Cv cv = test::load_ok(
        "[person]\nname = \"Ada Example\"\n"
        "[[talks]]\ntitle = \"Sharing & Caring\"\nevent = \"Seminar\"\n"
        "location = \"Zurich\"\ndate = \"2024-05\"\ninvited = true\n"
        "links = { slides = \"https://example.org/s.pdf\" }\n"
        "[[patents]]\ntitle = \"Method for Jobs\"\nnumber = \"US 1\"\n"
        "inventors = [\"Alan Turing\", \"Ada Example\"]\nstatus = \"granted\"\n"
        "date = \"2023\"\n");
    const Result<std::string> written = export_bibtex(cv);
    REQUIRE(written);
    const std::string& bib = *written;
    CHECK(bib.find("@misc{example2024sharing,") != std::string::npos);
    CHECK(bib.find("{{Sharing \\& Caring}}") != std::string::npos);
    CHECK(bib.find("Invited talk, Seminar, Zurich") != std::string::npos);
    CHECK(bib.find("month     = may") != std::string::npos);
    CHECK(bib.find("url       = {https://example.org/s.pdf}") != std::string::npos);
    CHECK(bib.find("@misc{turing2023method,") != std::string::npos);
    CHECK(bib.find("Alan Turing and Ada Example") != std::string::npos);
    CHECK(bib.find("Patent US 1") != std::string::npos);
    Diagnostics d;
    reset_bibtex_macros();
    CHECK(read_bibtex(bib, "export.bib", d).size() == 2);
    CHECK_FALSE(d.has_errors());
}

TEST_CASE("export bib writes DOIs and arXiv ids as written, and they read back as the same paper",
          "[bib]") {
    // Each form paper_identity.h knows: a resolver URL, dx.doi.org, arXiv's abs and pdf pages,
    // `arXiv:` and arXiv's own DOI under another label.
    const Cv cv = test::load_ok(R"([person]
name = "Ada Example"
[[publications]]
title = "One"
authors = ["Ada Example"]
venue = "J. One"
year = 2021
kind = "journal"
links = { doi = "https://dx.doi.org/10.1145/ABC.One", paper = "https://arxiv.org/pdf/2101.00001v2.pdf" }
[[publications]]
title = "Two"
authors = ["Ada Example"]
venue = "arXiv"
year = 2022
kind = "preprint"
links = { preprint = "https://doi.org/10.48550/arXiv.2203.01234" }
[[publications]]
title = "Three"
authors = ["Ada Example"]
venue = "Conf. Three"
year = 2023
links = { paper = "https://arxiv.org/abs/not-an-id", doi = "10.1000/Three" }
)");
    const Result<std::string> written = export_bibtex(cv);
    REQUIRE(written);
    const std::string& bib = *written;
    INFO(bib);
    CHECK(bib.find("doi       = {10.1145/ABC.One}") != std::string::npos);
    CHECK(bib.find("eprint    = {2101.00001v2}") != std::string::npos);
    CHECK(bib.find("eprint    = {2203.01234}") != std::string::npos);
    CHECK(bib.find("doi       = {10.1000/Three}") != std::string::npos);
    // A page of arxiv.org that names no paper is a link, not an eprint.
    CHECK(bib.find("eprint    = {not-an-id}") == std::string::npos);
    CHECK(bib.find("url       = {https://arxiv.org/abs/not-an-id}") != std::string::npos);

    const std::vector<Publication> back = read_back(bib);
    REQUIRE(back.size() == cv.publications.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
        INFO(cv.publications[i].title.value);
        const PaperIdentity was = identity_of(cv.publications[i]);
        const PaperIdentity is = identity_of(back[i]);
        CHECK(is.doi == was.doi);
        CHECK(is.arxiv == was.arxiv);
        CHECK(is.title == was.title);
        CHECK(is.year == was.year);
    }
    CHECK(identity_of(back[0]).arxiv == "2101.00001");
    CHECK(identity_of(back[1]).arxiv == "2203.01234");
}

TEST_CASE("a title or link that closes its field still writes one entry", "[bib][security]") {
    // What a synced title or a hand-written link could hold: a brace that would end the
    // field, then text that reads as an entry of its own.
    const Cv cv = test::load_ok(R"([person]
name = "Ada Example"
[[publications]]
title = "Evil}, note = {x}} @misc{forged, title = {Forged"
authors = ["Ada Example"]
venue = "J. Evil"
year = 2021
kind = "journal"
links = { code = "https://example.org/a}b@misc{x," }
)");
    const Result<std::string> written = export_bibtex(cv);
    REQUIRE(written);
    const std::vector<Publication> back = read_back(*written);
    REQUIRE(back.size() == 1);
    CHECK(back[0].title.value == cv.publications[0].title.value);
}
