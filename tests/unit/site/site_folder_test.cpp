#include "site/site_folder.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

TEST_CASE("the site folder mkcv replaces: absent, empty, or with its marker") {
    test::TempDir dir;
    const fs::path out = dir.path / "_site";
    CHECK_FALSE(site_folder_problem(out, false));
    fs::create_directory(out);
    CHECK_FALSE(site_folder_problem(out, false));
    std::ofstream(out / "notes.txt") << "mine";
    const auto mine = site_folder_problem(out, false);
    REQUIRE(mine);
    CHECK(mine->why.find("did not make") != std::string::npos);
    CHECK_FALSE(site_folder_problem(out, true));  // --force
    std::ofstream(out / kSiteMarker) << "mkcv";
    CHECK_FALSE(site_folder_problem(out, false));
}

TEST_CASE("a symbolic link or a file as the site folder is refused, even forced") {
    test::TempDir dir;
    fs::create_directory(dir.path / "target");
    std::ofstream(dir.path / "target" / kSiteMarker) << "mkcv";
    fs::create_directory_symlink(dir.path / "target", dir.path / "link");
    const auto link = site_folder_problem(dir.path / "link", true);
    REQUIRE(link);
    CHECK(link->why == "is a symbolic link");
    std::ofstream(dir.path / "file") << "x";
    CHECK(site_folder_problem(dir.path / "file", true));
    // A marker that is a symbolic link does not count.
    fs::create_directory(dir.path / "other");
    std::ofstream(dir.path / "other" / "x") << "x";
    fs::create_symlink(dir.path / "target" / kSiteMarker, dir.path / "other" / kSiteMarker);
    CHECK(site_folder_problem(dir.path / "other", false));
}

TEST_CASE("a site is built beside the old one and swapped in whole") {
    test::TempDir dir;
    const fs::path out = dir.path / "_site";
    for (const std::string text : {"first", "second"}) {
        Result<fs::path> staging = make_staging_folder(out);
        REQUIRE(staging);
        CHECK(staging->parent_path() == dir.path);
        CHECK(staging->filename().string().rfind("._site.mkcv-", 0) == 0);
        REQUIRE(write_site_file(*staging, "index.html", text));
        REQUIRE(write_site_file(*staging, "bib/a.bib", "@misc{a}"));
        // Never over a file that is there already (nothing is followed or overwritten).
        CHECK_FALSE(write_site_file(*staging, "index.html", "again"));
        REQUIRE(put_site_in_place(*staging, out));
        CHECK_FALSE(fs::exists(*staging));
        CHECK(test::file_text(out / "index.html") == text);
        CHECK(test::file_text(out / "bib" / "a.bib") == "@misc{a}");
        CHECK((fs::status(out).permissions() & fs::perms::others_read) != fs::perms::none);
    }
    // Nothing else was left beside it.
    std::size_t entries = 0;
    for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path))
        ++entries;
    CHECK(entries == 1);
}
