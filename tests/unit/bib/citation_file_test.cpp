#include "bib/citation_file.h"

#include <catch2/catch.hpp>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

fs::path scratch_dir() {
    const fs::path dir =
        fs::temp_directory_path() / ("mkcv-citations-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}  // namespace

TEST_CASE("citation counts are written in key order and read back as written", "[citations]") {
    const CitationCounts counts{
        {"zhao2023muri", {42, "openalex", "2026-12-01"}},
        {"key with \"quotes\" and ] brackets", {0, "semantic_scholar", "2025-01-31"}},
        {"gu2023elasticflow", {1000000000, "semantic_scholar", "2026-11-30"}}};
    const Result<std::string> text = citation_file_text(counts);
    REQUIRE(text);
    CHECK(text->find("gu2023elasticflow") < text->find("zhao2023muri"));
    const fs::path dir = scratch_dir();
    const fs::path path = dir / kCitationsFile;
    REQUIRE(write_file_atomically(path, *text));
    Diagnostics d;
    const CitationCounts back = read_citation_file(path, d);
    CHECK(d.empty());
    REQUIRE(back.size() == counts.size());
    for (const auto& [key, c] : counts) {
        REQUIRE(back.count(key));
        CHECK(back.at(key).count == c.count);
        CHECK(back.at(key).source == c.source);
        CHECK(back.at(key).date == c.date);
    }
    // The same counts give the same bytes: a weekly sync changes nothing when nothing changed.
    CHECK(*citation_file_text(back) == *text);
    fs::remove_all(dir);
}

TEST_CASE("a count that would not read back is never written", "[citations]") {
    CHECK(!citation_file_text({{"k", {-1, "openalex", "2026-12-01"}}}));
    CHECK(!citation_file_text({{"k", {1, "google_scholar", "2026-12-01"}}}));
    CHECK(!citation_file_text({{"k", {1, "openalex", "2026-12-1"}}}));
    CHECK(!citation_file_text({{"k\nx", {1, "openalex", "2026-12-01"}}}));
    CHECK(!citation_file_text({{"", {1, "openalex", "2026-12-01"}}}));
}

TEST_CASE("the citations file is read as untrusted: bad entries left out, links not followed",
          "[citations]") {
    const fs::path dir = scratch_dir();
    const fs::path path = dir / kCitationsFile;
    std::ofstream(path) << "[citations.good]\ncount = 3\nsource = \"openalex\"\ndate = "
                           "\"2026-12-01\"\n"
                           "[citations.negative]\ncount = -3\nsource = \"openalex\"\ndate = "
                           "\"2026-12-01\"\n"
                           "[citations.script]\ncount = 3\nsource = \"<script>\"\ndate = "
                           "\"2026-12-01\"\n"
                           "[citations.nodate]\ncount = 3\nsource = \"openalex\"\n";
    Diagnostics d;
    const CitationCounts counts = read_citation_file(path, d);
    CHECK(counts.size() == 1);
    CHECK(counts.count("good"));
    CHECK(d.items().size() == 3);
    CHECK(d.items()[0].severity == Severity::Warning);
    CHECK(d.items()[0].pos.line == 5);  // at the key of the entry it leaves out
    // Not TOML at all: a warning, no counts, no failure of the build.
    std::ofstream(path) << "[citations\n";
    Diagnostics broken;
    CHECK(read_citation_file(path, broken).empty());
    CHECK(broken.has_errors());
    // A symbolic link in its place is not followed.
    fs::remove(path);
    std::ofstream(dir / "elsewhere.toml") << "[citations.good]\ncount = 3\nsource = "
                                             "\"openalex\"\ndate = \"2026-12-01\"\n";
    fs::create_symlink(dir / "elsewhere.toml", path);
    Diagnostics linked;
    CHECK(read_citation_file(path, linked).empty());
    CHECK(linked.items().size() == 1);
    // None at all: no counts, nothing said.
    Diagnostics none;
    CHECK(read_citation_file(dir / "absent.toml", none).empty());
    CHECK(none.empty());
    fs::remove_all(dir);
}

TEST_CASE("papers get their counts by citekey", "[citations]") {
    std::vector<Publication> papers(2);
    papers[0].key.value = "a";
    papers[1].key.value = "b";
    attach_citations(papers, {{"a", {7, "openalex", "2026-12-01"}}});
    REQUIRE(papers[0].citations);
    CHECK(papers[0].citations->count == 7);
    CHECK(!papers[1].citations);
}
