#include "sync/citation_counts.h"

#include <catch2/catch.hpp>

using namespace mkcv;
using namespace mkcv::sync;

namespace {

Work counted_work(std::string source, std::string title, int year, long count,
                  std::string doi = "") {
    Work w;
    w.source = std::move(source);
    w.title.value = std::move(title);
    w.year = year;
    w.doi = std::move(doi);
    w.citations = count;
    return w;
}

Publication keyed_paper(std::string key, std::string title, int year, std::string doi = "") {
    Publication p;
    p.key.value = std::move(key);
    p.title.value = std::move(title);
    p.year = year;
    if (!doi.empty())
        p.links.push_back(Link{Text{"doi"}, Text{"https://doi.org/" + doi}});
    return p;
}

}  // namespace

TEST_CASE("a paper's count is the highest a source gives for it", "[citations]") {
    const std::vector<Work> works{
        counted_work("openalex", "Muri: Multi-Resource Interleaving", 2022, 40, "10.1145/1"),
        counted_work("semantic_scholar", "Muri: multi-resource interleaving", 2022, 55),
        counted_work("dblp", "Muri", 2022, 999),  // DBLP gives none: never counted
        counted_work("openalex", "Other Paper", 2020, 3)};
    const std::vector<Publication> papers{
        keyed_paper("zhao2022muri", "Muri: Multi-Resource Interleaving", 2022, "10.1145/1"),
        keyed_paper("", "Unkeyed", 2020), keyed_paper("x2019", "Never Counted", 2019)};
    const CitationCounts counts = count_citations(works, papers, {}, "2026-12-05");
    REQUIRE(counts.size() == 1);
    // The DOI matched OpenAlex's work; Semantic Scholar's (no DOI) matched by title only, so
    // OpenAlex's count stands: an id match is not second-guessed by a title.
    CHECK(counts.at("zhao2022muri").count == 40);
    CHECK(counts.at("zhao2022muri").source == "openalex");
    CHECK(counts.at("zhao2022muri").date == "2026-12-05");
}

TEST_CASE("a count keeps its date until it changes, and a silent source keeps the last count",
          "[citations]") {
    const std::vector<Publication> papers{keyed_paper("a2020", "Paper A", 2020),
                                          keyed_paper("b2021", "Paper B", 2021)};
    const CitationCounts before{{"a2020", {10, "semantic_scholar", "2026-11-01"}},
                                {"b2021", {5, "openalex", "2026-11-01"}},
                                {"gone", {1, "openalex", "2026-11-01"}}};
    const std::vector<Work> works{counted_work("semantic_scholar", "Paper A", 2020, 10),
                                  counted_work("openalex", "Paper B", 2021, 6)};
    const CitationCounts counts = count_citations(works, papers, before, "2026-12-05");
    CHECK(counts.at("a2020").date == "2026-11-01");  // the same count: the same line
    CHECK(counts.at("b2021").count == 6);
    CHECK(counts.at("b2021").date == "2026-12-05");
    CHECK(!counts.count("gone"));  // no longer a paper of the CV
    // No source answered with counts this time: every count stays as it was.
    const CitationCounts kept = count_citations({}, papers, before, "2026-12-05");
    CHECK(kept.at("b2021").count == 5);
    CHECK(kept.at("b2021").date == "2026-11-01");
}

TEST_CASE("a paper linked by its arXiv DOI gets the count of the work with that arXiv id",
          "[citations]") {
    // The parsers make an arXiv DOI the work's arXiv id; the paper's link is read by the same
    // rule (bib/paper_identity.h). The title differs, so only the id can match (issue 35).
    Work w = counted_work("openalex", "Graph Networks (extended)", 2023, 12);
    w.arxiv = "2203.01234";
    const std::vector<Publication> papers{
        keyed_paper("doe2022graph", "Graph Networks", 2022, "10.48550/arXiv.2203.01234")};
    const CitationCounts counts = count_citations({w}, papers, {}, "2026-12-05");
    REQUIRE(counts.count("doe2022graph"));
    CHECK(counts.at("doe2022graph").count == 12);
}
