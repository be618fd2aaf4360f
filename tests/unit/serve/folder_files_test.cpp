// The served folder's files: regular files inside it only, never through a symbolic link,
// and a folder serves its index.html or nothing.
#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "serve/folder_files.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;
using mkcv::test::TempDir;

namespace {

void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

FolderFile get(const fs::path& root, std::string_view target) {
    const auto path = parse_request_path(target);
    REQUIRE(path);
    return read_folder_file(root, *path);
}

}  // namespace

TEST_CASE("a file inside the folder is read whole", "[serve]") {
    TempDir dir;
    const fs::path root = dir.path / "out";
    write(root / "cv-homepage.html", "<p>page</p>");
    write(root / "papers" / "a.bib", "@article{a,}");
    write(root / "zh" / "index.html", "zh");
    FolderFile page = get(root, "/cv-homepage.html");
    CHECK(page.status == FolderFile::Status::Found);
    CHECK(page.bytes == "<p>page</p>");
    CHECK(page.name == "cv-homepage.html");
    CHECK(get(root, "/papers/a.bib").bytes == "@article{a,}");
    FolderFile index = get(root, "/zh/");
    CHECK(index.status == FolderFile::Status::Found);
    CHECK(index.name == "index.html");
    CHECK(index.bytes == "zh");
    CHECK(get(root, "/zh").status == FolderFile::Status::Folder);
}

TEST_CASE("missing files, folders without an index and files named as folders are missing",
          "[serve]") {
    TempDir dir;
    const fs::path root = dir.path / "out";
    write(root / "papers" / "a.bib", "x");
    CHECK(get(root, "/nothing.html").status == FolderFile::Status::Missing);
    CHECK(get(root, "/papers/").status == FolderFile::Status::Missing);  // no listing
    CHECK(get(root, "/").status == FolderFile::Status::Missing);
    CHECK(get(root, "/papers/a.bib/").status == FolderFile::Status::Missing);
    CHECK(get(dir.path / "absent", "/a.bib").status == FolderFile::Status::Missing);
}

TEST_CASE("no symbolic link is followed, pipes and hard-linked files are not read", "[serve]") {
    TempDir dir;
    const fs::path root = dir.path / "out";
    write(dir.path / "secret" / "SECRET", "secret");
    write(root / "inside.html", "inside");
    write(root / "papers" / "index.html", "papers");
    fs::create_symlink(dir.path / "secret" / "SECRET", root / "link.html");
    fs::create_symlink(dir.path / "secret", root / "dir");
    fs::create_symlink("inside.html", root / "same.html");  // even one that stays inside
    fs::create_symlink("papers", root / "alias");
    REQUIRE(::mkfifo((root / "pipe.html").c_str(), 0600) == 0);
    fs::create_hard_link(dir.path / "secret" / "SECRET", root / "hard.html");
    for (const char* target : {"/link.html", "/dir/SECRET", "/same.html", "/alias/", "/alias",
                               "/alias/index.html", "/pipe.html", "/hard.html"}) {
        INFO(target);
        const FolderFile file = get(root, target);
        CHECK(file.status == FolderFile::Status::Missing);
        CHECK(file.bytes.empty());
    }
    CHECK(get(root, "/inside.html").status == FolderFile::Status::Found);
    // A folder's index.html that is a link is not followed either.
    fs::create_directories(root / "zh");
    fs::create_symlink(dir.path / "secret" / "SECRET", root / "zh" / "index.html");
    CHECK(get(root, "/zh/").status == FolderFile::Status::Missing);
}

TEST_CASE("a served folder that is a symbolic link serves nothing", "[serve][security]") {
    // `site` refuses a `_site` that is a link; serve served the link's target.
    TempDir dir;
    write(dir.path / "elsewhere" / "index.html", "secret");
    fs::create_directory_symlink(dir.path / "elsewhere", dir.path / "_site");
    CHECK(get(dir.path / "_site", "/").status == FolderFile::Status::Missing);
    CHECK(get(dir.path / "_site/", "/index.html").status == FolderFile::Status::Missing);
    CHECK(get(dir.path / "elsewhere", "/").bytes == "secret");
}
