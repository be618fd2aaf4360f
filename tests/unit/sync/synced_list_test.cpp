#include "sync/synced_list.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "../test_support.h"
#include "bib/publication_ids.h"

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
    REQUIRE(write_synced_list(path, synced_list_text({p})));
    Diagnostics d;
    Result<std::vector<Publication>> back = read_synced_list(path, d);
    REQUIRE(back);
    REQUIRE(back->size() == 1);
    const Publication& q = back->front();
    CHECK(q.key.value == "doe2021fast");
    CHECK(q.title.value == p.title.value);
    CHECK(q.kind == PublicationKind::Conference);
    CHECK(q.month == 6);
    const PublicationIds ids = ids_of(q);
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
