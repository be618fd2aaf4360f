#include "cv/photo.h"

#include <catch2/catch.hpp>
#include <fstream>

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const std::string kPng = std::string("\x89PNG\r\n\x1a\n", 8) + "data";

void write(const fs::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary) << bytes;
}

// Loads `photo` for a cv.toml in `folder`; the messages, or the type read.
std::string try_photo(const fs::path& folder, const std::string& photo) {
    Cv cv;
    cv.person.photo.path = {photo, {3, 9}};
    Diagnostics diagnostics;
    load_photo(cv, folder / "cv.toml", diagnostics);
    if (diagnostics.items().empty())
        return cv.person.photo.type;
    REQUIRE(diagnostics.items().size() == 1);
    CHECK(diagnostics.items()[0].pos.line == 3);
    CHECK(cv.person.photo.bytes.empty());
    return diagnostics.items()[0].message;
}

}  // namespace

TEST_CASE("a photo's type is read from its first bytes") {
    CHECK(photo_type_of(kPng) == "png");
    CHECK(photo_type_of("\xFF\xD8\xFF\xE0rest") == "jpeg");
    CHECK(photo_type_of("GIF89a").empty());
    CHECK(photo_type_of("%PDF-1.4").empty());
    CHECK(photo_type_of("").empty());
}

TEST_CASE("a photo becomes a base64 data: URI and a fixed file name") {
    Photo photo{{"me.png"}, "Man", "png"};
    CHECK(photo_data_uri(photo) == "data:image/png;base64,TWFu");
    photo.bytes = "Ma";
    CHECK(photo_data_uri(photo) == "data:image/png;base64,TWE=");
    photo.bytes = "M";
    CHECK(photo_data_uri(photo) == "data:image/png;base64,TQ==");
    CHECK(photo_file_name(photo) == "mkcv-photo.png");
    photo.type = "jpeg";
    CHECK(photo_file_name(photo) == "mkcv-photo.jpg");
}

TEST_CASE("a photo must be a PNG or JPEG inside the folder of cv.toml") {
    test::TempDir dir;
    const fs::path folder = dir.path / "cv";
    fs::create_directories(folder / "pictures");
    write(folder / "pictures" / "me.png", kPng);
    write(folder / "me.gif", "GIF89a");
    write(dir.path / "secret.png", kPng);
    fs::create_symlink(dir.path / "secret.png", folder / "link.png");
    fs::create_symlink(folder / "pictures" / "me.png", folder / "inside-link.png");
    write(folder / "big.jpg", "\xFF\xD8\xFF" + std::string(kMaxPhotoBytes, 'x'));

    CHECK(try_photo(folder, "pictures/me.png") == "png");
    CHECK(try_photo(folder, "pictures/../pictures/me.png") == "png");
    CHECK(try_photo(folder, "inside-link.png") == "png");  // a link that stays inside
    CHECK_THAT(try_photo(folder, "../secret.png"), Catch::Contains("outside the folder"));
    CHECK_THAT(try_photo(folder, "link.png"), Catch::Contains("outside the folder"));
    CHECK_THAT(try_photo(folder, (dir.path / "secret.png").string()),
               Catch::Contains("must be a path relative"));
    CHECK_THAT(try_photo(folder, "me.gif"), Catch::Contains("is not a PNG or JPEG"));
    CHECK_THAT(try_photo(folder, "big.jpg"), Catch::Contains("larger than 5 MiB"));
    CHECK_THAT(try_photo(folder, "pictures"), Catch::Contains("is a folder"));
    CHECK_THAT(try_photo(folder, "none.png"), Catch::Contains("cannot read the photo"));
    CHECK_THAT(try_photo(folder, "."), Catch::Contains("is a folder"));
}

TEST_CASE("a paper's thumbnail is checked like the photo, a bibtex file is read") {
    test::TempDir dir;
    write(dir.path / "t.png", kPng);
    write(dir.path / "acl.bib", "@misc{a, title = {A}}\n");
    write(dir.path / "t.gif", "GIF89a");
    Cv cv;
    Publication p;
    p.thumbnail.path = {"t.png", {4, 13}};
    p.links.push_back({{"bibtex", {}}, {"acl.bib", {5, 10}}});
    cv.publications.push_back(p);
    p.thumbnail.path = {"t.gif", {6, 13}};
    p.links = {{{"bibtex", {}}, {"../outside.bib", {7, 10}}}};
    cv.publications.push_back(p);
    p.thumbnail.path = {};
    p.links = {{{"BibTeX", {}}, {"missing.bib", {8, 10}}}};
    cv.publications.push_back(p);
    Diagnostics diagnostics;
    load_paper_files(cv, dir.path / "cv.toml", diagnostics);
    CHECK(cv.publications[0].thumbnail.type == "png");
    CHECK(cv.publications[0].bibtex_file == "@misc{a, title = {A}}\n");
    REQUIRE(diagnostics.items().size() == 3);
    CHECK(diagnostics.items()[0].message == "the thumbnail \"t.gif\" is not a PNG or JPEG file");
    CHECK(diagnostics.items()[1].pos.line == 7);
    CHECK(diagnostics.items()[1].message.find("outside the folder") != std::string::npos);
    CHECK(diagnostics.items()[1].hint.find("bibtex = \"paper.bib\"") != std::string::npos);
    CHECK(diagnostics.items()[2].message.find("missing.bib") != std::string::npos);
    CHECK(cv.publications[1].bibtex_file.empty());
}

TEST_CASE("a bibtex link names a file when it has no scheme and ends in .bib") {
    CHECK(is_local_bibtex({{"bibtex", {}}, {"acl.bib", {}}}));
    CHECK(is_local_bibtex({{"BibTeX", {}}, {"papers/acl.BIB", {}}}));
    CHECK_FALSE(is_local_bibtex({{"bibtex", {}}, {"https://x.org/acl.bib", {}}}));
    CHECK_FALSE(is_local_bibtex({{"code", {}}, {"acl.bib", {}}}));
    CHECK_FALSE(is_local_bibtex({{"bibtex", {}}, {"acl.txt", {}}}));
}
