#include "util/file_io.h"

#include <chrono>
#include <filesystem>
#include <fstream>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;
using mkcv::test::TempDir;

TEST_CASE("read_regular_file reads a regular file whole") {
    TempDir dir;
    std::ofstream(dir.path / "a.toml") << "x = 1\n";
    std::string text;
    CHECK(read_regular_file(dir.path / "a.toml", text) == "");
    CHECK(text == "x = 1\n");
    std::ofstream(dir.path / "empty.toml");
    CHECK(read_regular_file(dir.path / "empty.toml", text) == "");
    CHECK(text.empty());
    // Through a symlink too.
    fs::create_symlink(dir.path / "a.toml", dir.path / "link.toml");
    CHECK(read_regular_file(dir.path / "link.toml", text) == "");
    CHECK(text == "x = 1\n");
}

TEST_CASE("read_regular_file refuses what is not a regular file, without blocking") {
    TempDir dir;
    std::string text = "stale";
    CHECK(read_regular_file(dir.path, text) == "is a folder, not a file");
    CHECK(text.empty());
    CHECK(read_regular_file("/dev/zero", text) == "is a device, not a regular file");
    CHECK(read_regular_file("/dev/null", text) == "is a device, not a regular file");
    // A FIFO nobody writes to: opening it must not wait for a writer.
    const fs::path fifo = dir.path / "cv.toml";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    const auto started = std::chrono::steady_clock::now();
    CHECK(read_regular_file(fifo, text) == "is a pipe (FIFO), not a regular file");
    CHECK(std::chrono::steady_clock::now() - started < std::chrono::seconds(1));
    CHECK(!read_file(fifo, text));
}

TEST_CASE("read_regular_file names a symlink loop and a missing file") {
    TempDir dir;
    fs::create_symlink(dir.path / "b", dir.path / "a");
    fs::create_symlink(dir.path / "a", dir.path / "b");
    std::string text;
    CHECK(read_regular_file(dir.path / "a", text) ==
          "cannot be read: too many levels of symbolic links");
    CHECK(read_regular_file(dir.path / "none", text) ==
          "cannot be read: no such file or directory");
}

TEST_CASE("read_regular_file refuses files over the size limit") {
    TempDir dir;
    const fs::path big = dir.path / "big.toml";
    std::ofstream(big) << "x";
    fs::resize_file(big, kMaxInputFileBytes + 1);  // sparse: no disk used
    std::string text;
    CHECK(read_regular_file(big, text) ==
          "is larger than 16 MiB (16777216 bytes), the most mkcv reads");
    CHECK(text.empty());
    fs::resize_file(big, kMaxInputFileBytes);
    CHECK(read_regular_file(big, text) == "");
    CHECK(text.size() == kMaxInputFileBytes);
    // A caller's own limit, and none for mkcv's outputs.
    CHECK(read_regular_file(big, text, 10) ==
          "is larger than 0 MiB (10 bytes), the most mkcv reads");
    fs::resize_file(big, kMaxInputFileBytes + 1);
    CHECK(read_file(big, text));
}

TEST_CASE("an atomic write never replaces a device or a pipe with a regular file") {
    TempDir dir;
    // A /dev/null of our own (mknod needs root; skipped without it).
    const fs::path null = dir.path / "null";
    if (::mknod(null.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {
        CHECK(write_file_atomically(null, "text"));
        struct stat info {};
        REQUIRE(::stat(null.c_str(), &info) == 0);
        CHECK(S_ISCHR(info.st_mode));
    }
    CHECK(write_file_atomically(dir.path, "text").error().message ==
          "cannot write " + dir.path.string() + ": it is a folder");
    std::ofstream(dir.path / "a.tex") << "old";
    CHECK(write_file_atomically(dir.path / "a.tex", "new"));
    std::string text;
    CHECK(read_file(dir.path / "a.tex", text));
    CHECK(text == "new");
}

TEST_CASE("a full disk fails the write and names the folder that is out of room") {
    // /dev/full: every write fails with ENOSPC.
    if (!fs::exists("/dev/full"))
        return;
    const Result<> written = write_file_atomically("/dev/full", "text");
    REQUIRE(!written);
    CHECK(written.error().message == "cannot write /dev/full: No space left on device");
    CHECK(written.error().hint ==
          "the disk that holds /dev is full: free some space there and build again");
}

TEST_CASE("a copy replaces its target only when its check passes the content") {
    TempDir dir;
    std::ofstream(dir.path / "new.pdf") << "%PDF-1.5 cut";
    std::ofstream(dir.path / "old.pdf") << "the good one";
    const auto refuse = [](const std::string& content) -> std::string {
        return content.find("%%EOF") == std::string::npos ? "was cut short" : "";
    };
    const Result<> replaced =
        replace_file_atomically(dir.path / "new.pdf", dir.path / "old.pdf", refuse);
    REQUIRE(!replaced);
    CHECK(replaced.error().message == "was cut short");
    CHECK(replaced.error().file == (dir.path / "old.pdf").string());
    std::string text;
    CHECK(read_file(dir.path / "old.pdf", text));
    CHECK(text == "the good one");
    CHECK(remove_atomic_write_temporaries(dir.path) == 0);
    std::ofstream(dir.path / "new.pdf", std::ios::app) << "\n%%EOF\n";
    CHECK(replace_file_atomically(dir.path / "new.pdf", dir.path / "old.pdf", refuse));
    CHECK(read_file(dir.path / "old.pdf", text));
    CHECK(text == "%PDF-1.5 cut\n%%EOF\n");
}

TEST_CASE("read_own_file reads a file mkcv made and never through a link") {
    TempDir dir;
    std::ofstream(dir.path / "cv-long.state") << "record\n";
    fs::create_symlink(dir.path / "cv-long.state", dir.path / "link.state");
    std::string text = "stale";
    CHECK(read_own_file(dir.path / "cv-long.state", text));
    CHECK(text == "record\n");
    CHECK_FALSE(read_own_file(dir.path / "link.state", text));
    CHECK(text.empty());
    // A pipe is refused without waiting, as by read_regular_file.
    REQUIRE(::mkfifo((dir.path / "fifo").c_str(), 0600) == 0);
    CHECK_FALSE(read_own_file(dir.path / "fifo", text));
}
