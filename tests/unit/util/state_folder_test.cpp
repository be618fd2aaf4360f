// The state folder (out/.mkcv) holds only what mkcv makes: links, pipes and hard-linked
// files there are named, never followed, and outputs that a rename cannot replace are too.
#include <filesystem>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "util/file_io.h"
#include "util/state_folder.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;
using mkcv::test::TempDir;

namespace {

std::vector<std::string> listed(const fs::path& out) {
    std::vector<std::string> out_list;
    for (const UnsafePath& unsafe : state_folder_problems(out))
        out_list.push_back(unsafe.path.lexically_relative(out).string() + " " + unsafe.why);
    return out_list;
}

}  // namespace

TEST_CASE("a state folder mkcv made has no problems", "[state_folder]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    CHECK(listed(out).empty());  // none yet
    fs::create_directories(out / ".mkcv" / "cv-long" / "deeper");
    REQUIRE(write_file_atomically(out / ".mkcv" / "cv-long.state", "x"));
    REQUIRE(write_file_atomically(out / ".mkcv" / "cv-long" / "cv-long.aux", "x"));
    CHECK(listed(out).empty());
    CHECK(state_folder(out) == out / ".mkcv");
}

TEST_CASE("a linked state folder is named and not looked into", "[state_folder]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    fs::create_directories(out);
    fs::create_directories(dir.path / "elsewhere" / "cv-long");
    fs::create_symlink(dir.path / "elsewhere" / "cv-long", dir.path / "elsewhere" / "link");
    fs::create_directory_symlink(dir.path / "elsewhere", out / ".mkcv");
    CHECK(listed(out) == std::vector<std::string>{".mkcv is a symbolic link, not a folder"});
    fs::remove(out / ".mkcv");
    REQUIRE(write_file_atomically(out / ".mkcv", "x"));
    CHECK(listed(out) == std::vector<std::string>{".mkcv is a file, not a folder"});
}

TEST_CASE("links and pipes and hard links in the state folder and its build folders are named",
          "[state_folder]") {
    TempDir dir;
    const fs::path out = dir.path / "out";
    const fs::path state = out / ".mkcv";
    fs::create_directories(state / "cv-long" / "deeper");
    fs::create_directories(state / "cv-short");
    REQUIRE(write_file_atomically(dir.path / "outside", "keep"));
    fs::create_symlink(dir.path / "outside", state / ".lock");
    fs::create_symlink(dir.path / "missing", state / "cv-long.state");
    fs::create_directory_symlink(dir.path, state / "cv-short.fmt");
    REQUIRE(::mkfifo((state / "cv-long" / "cv-long.aux").c_str(), 0600) == 0);
    fs::create_symlink(dir.path / "outside", state / "cv-short" / "cv-short.log");
    fs::create_hard_link(dir.path / "outside", state / "cv-short" / "cv-short.tex");
    // Deeper than a build folder: removed by the build as it is (a link is removed, never
    // followed), so not refused.
    fs::create_symlink(dir.path / "outside", state / "cv-long" / "deeper" / "x");
    CHECK(listed(out) == std::vector<std::string>{
                             ".mkcv/.lock is a symbolic link",
                             ".mkcv/cv-long.state is a symbolic link",
                             ".mkcv/cv-long/cv-long.aux is a pipe (FIFO)",
                             ".mkcv/cv-short.fmt is a symbolic link",
                             ".mkcv/cv-short/cv-short.log is a symbolic link",
                             ".mkcv/cv-short/cv-short.tex has other hard links (each file mkcv "
                             "makes has one)",
                         });
    std::string kept;
    REQUIRE(read_file(dir.path / "outside", kept));
    CHECK(kept == "keep");
}

TEST_CASE("an output that a rename replaces is fine and one it cannot is named", "[state_folder]") {
    TempDir dir;
    const fs::path& d = dir.path;
    REQUIRE(write_file_atomically(d / "outside", "keep"));
    REQUIRE(write_file_atomically(d / "cv-long.pdf", "x"));
    fs::create_symlink(d / "outside", d / "linked.pdf");
    fs::create_symlink(d / "missing", d / "dangling.pdf");
    REQUIRE(::mkfifo((d / "fifo").c_str(), 0600) == 0);
    fs::create_symlink(d / "fifo", d / "to-fifo.md");
    fs::create_directories(d / "folder.pdf");
    CHECK_FALSE(output_file_problem(d / "absent.pdf"));
    CHECK_FALSE(output_file_problem(d / "cv-long.pdf"));
    CHECK_FALSE(output_file_problem(d / "linked.pdf"));
    CHECK_FALSE(output_file_problem(d / "dangling.pdf"));
    REQUIRE(output_file_problem(d / "fifo"));
    CHECK(output_file_problem(d / "fifo")->why == "is a pipe (FIFO), not a regular file");
    REQUIRE(output_file_problem(d / "to-fifo.md"));
    CHECK(output_file_problem(d / "to-fifo.md")->why ==
          "is a symbolic link to something that is a pipe (FIFO), not a file");
    REQUIRE(output_file_problem(d / "folder.pdf"));
    CHECK(output_file_problem(d / "folder.pdf")->path == d / "folder.pdf");
}

TEST_CASE("a file mkcv keeps beside the user's is never a link", "[state_folder]") {
    TempDir dir;
    REQUIRE(write_file_atomically(dir.path / "outside", "keep"));
    REQUIRE(write_file_atomically(dir.path / ".gitignore", "x"));
    fs::create_symlink(dir.path / "outside", dir.path / "linked");
    CHECK_FALSE(own_file_problem(dir.path / ".gitignore"));
    CHECK_FALSE(own_file_problem(dir.path / "absent"));
    REQUIRE(own_file_problem(dir.path / "linked"));
    CHECK(own_file_problem(dir.path / "linked")->why == "is a symbolic link");
    REQUIRE(own_file_problem(dir.path));
    CHECK(own_file_problem(dir.path)->why == "is a folder, not a regular file");
}
