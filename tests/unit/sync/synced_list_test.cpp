#include "sync/synced_list.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "../test_support.h"
#include "bib/paper_identity.h"
#include "util/ascii.h"

using namespace mkcv;
using namespace mkcv::sync;
namespace fs = std::filesystem;

TEST_CASE("the synced list reads back as it was written, ids and hostile text included", "[sync]") {
    test::TempDir dir("mkcv-synced");
    Publication p;
    p.key = {"doe2021fast"};
    p.title = {"\\input{/etc/passwd} ^^5c & 50% <b>"};
    p.authors = {{"Jane Q. Doe"}, {"Bob Roe"}};
    p.venue = {"SIGMOD Conference"};
    p.year = 2021;
    p.month = 6;
    p.kind = PublicationKind::Conference;
    p.links = {{{"doi"}, {"10.1145/3448016.3457000"}},
               {{"arXiv"}, {"https://arxiv.org/abs/2203.01234"}},
               {{"dblp"}, {"https://dblp.org/rec/conf/sigmod/DoeR21"}}};
    const fs::path path = dir.path / "publications.sync.bib";
    const Result<std::string> text = synced_list_text({p}, "publications.sync.bib");
    REQUIRE(text);
    REQUIRE(write_synced_list(path, *text));
    Diagnostics d;
    Result<std::vector<Publication>> back = read_synced_list(path, d);
    REQUIRE(back);
    REQUIRE(back->size() == 1);
    const Publication& q = back->front();
    CHECK(q.key.value == "doe2021fast");
    CHECK(q.title.value == p.title.value);
    CHECK(q.kind == PublicationKind::Conference);
    CHECK(q.month == 6);
    const PaperIdentity ids = identity_of(q);
    CHECK(ids.doi == "10.1145/3448016.3457000");
    CHECK(ids.arxiv == "2203.01234");
    CHECK(ids.dblp_key == "conf/sigmod/DoeR21");
    CHECK(!d.has_errors());
}

TEST_CASE("the synced list is never read or written through a symbolic link", "[sync]") {
    test::TempDir dir("mkcv-synced");
    const fs::path target = dir.path / "target.bib";
    const fs::path link = dir.path / "publications.sync.bib";
    REQUIRE(write_file_atomically(target, "keep"));
    fs::create_symlink(target, link);
    Diagnostics d;
    CHECK(!read_synced_list(link, d));
    CHECK(!write_synced_list(link, "new"));
    std::string text;
    REQUIRE(read_file(target, text));
    CHECK(text == "keep");
    CHECK(fs::is_symlink(link));
    // No file yet: an empty list.
    Result<std::vector<Publication>> none = read_synced_list(dir.path / "none.bib", d);
    REQUIRE(none);
    CHECK(none->empty());
}

namespace {

// Writes `list`, reads it back, and writes what was read: each value must come back as it
// was, and the second file must be the first byte for byte (a weekly sync rewrites nothing).
std::vector<Publication> round_trip(const std::vector<Publication>& list, std::string& first,
                                    std::string& second) {
    test::TempDir dir("mkcv-synced");
    const fs::path path = dir.path / "publications.sync.bib";
    const Result<std::string> text = synced_list_text(list, "publications.sync.bib");
    REQUIRE(text);
    first = *text;
    REQUIRE(write_synced_list(path, first));
    Diagnostics d;
    Result<std::vector<Publication>> back = read_synced_list(path, d);
    REQUIRE(back);
    CHECK(!d.has_errors());
    const Result<std::string> again = synced_list_text(*back, "publications.sync.bib");
    REQUIRE(again);
    second = *again;
    return *back;
}

}  // namespace

TEST_CASE("a synced title cannot write BibTeX entries of its own", "[sync][security]") {
    // `}}}` closed the field and the entry when braces were written as \{ and \}: the rest
    // became a fake paper and a fake award, and the real paper was gone.
    const std::vector<std::string> titles = {
        "Real}}} @article{fake2024, title={Fake Paper}, author={Someone}, year={2024}}",
        "One unbalanced { brace",
        "One unbalanced } brace",
        "AACR's O'Donoghue `quoted' \"double\" pages 1--10 and 1---2",
        "\\input{/etc/passwd} ^^5c & 50% $x$ #1 a_b ~ ^",
        "line\n@misc{x,\n title={y}}",
        "@comment{ @preamble{\"\\write18{rm}\"}",
        "賽 Ünïcödé עברית   spaced  out"};
    std::vector<Publication> list;
    for (std::size_t i = 0; i < titles.size(); ++i) {
        Publication p;
        p.key = {"paper" + std::to_string(i)};
        p.title = {titles[i]};
        p.authors = {{"P. O'Donoghue"}, {"A. {B}} C"}};
        p.venue = {"AACR's Meeting -- 2024 }}"};
        p.year = 2024;
        p.kind = PublicationKind::Journal;
        p.links = {{{"code"}, {"https://x.org/}},{ b\\c"}}};
        list.push_back(p);
    }
    std::string first, second;
    const std::vector<Publication> back = round_trip(list, first, second);
    REQUIRE(back.size() == list.size());
    for (std::size_t i = 0; i < list.size(); ++i) {
        CAPTURE(titles[i]);
        CHECK(back[i].key.value == list[i].key.value);
        // BibTeX folds runs of white space, line breaks included, into one space.
        CHECK(back[i].title.value == collapse_ascii_spaces(list[i].title.value));
        CHECK(back[i].venue.value == list[i].venue.value);
        REQUIRE(back[i].authors.size() == 2);
        CHECK(back[i].authors[0].value == "P. O'Donoghue");
        REQUIRE(back[i].links.size() == 1);
        CHECK(back[i].links[0].url.value == "https://x.org/%7D%7D,%7B%20b%5Cc");
    }
    CHECK(first.find("@article{fake2024") == std::string::npos);
    CHECK(second == first);
}

TEST_CASE("a key that could end its entry is replaced by a made one", "[sync][security]") {
    Publication p;
    p.key = {"k,title={x}},@misc{y,"};
    p.title = {"Fast Joins"};
    p.authors = {{"Jane Doe"}};
    p.year = 2021;
    p.kind = PublicationKind::Conference;
    std::string first, second;
    const std::vector<Publication> back = round_trip({p}, first, second);
    REQUIRE(back.size() == 1);
    CHECK(back[0].key.value == "doe2021fast");
    CHECK(back[0].title.value == "Fast Joins");
}

TEST_CASE("a link cannot stand in for a field of the entry", "[sync][security]") {
    Publication p;
    p.key = {"doe2021fast"};
    p.title = {"Fast Joins"};
    p.authors = {{"Jane Doe"}};
    p.year = 2021;
    p.kind = PublicationKind::Conference;
    p.links = {{{"Title"}, {"https://x.org/t"}},
               {{"year"}, {"https://x.org/y"}},
               {{"doi"}, {"10.1/a"}},
               {{"doi"}, {"10.1/b"}},
               {{""}, {"https://x.org/e"}}};
    const Result<std::string> text = synced_list_text({p}, "publications.sync.bib");
    REQUIRE(text);
    CHECK(text->find("title_link = {https://x.org/t}") != std::string::npos);
    CHECK(text->find("year_link = {https://x.org/y}") != std::string::npos);
    CHECK(text->find("doi_link  = {10.1/b}") != std::string::npos);
    CHECK(text->find("link_     = {https://x.org/e}") != std::string::npos);
    std::string first, second;
    const std::vector<Publication> back = round_trip({p}, first, second);
    REQUIRE(back.size() == 1);
    CHECK(back[0].title.value == "Fast Joins");
    CHECK(back[0].year == 2021);
}
