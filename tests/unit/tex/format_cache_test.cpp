#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "test_support.h"
#include "tex/format.h"
#include "tex/format_cache.h"
#include "tex/tex_job.h"
#include "util/file_io.h"

using namespace mkcv;
using mkcv::test::file_text;
using mkcv::test::TempDir;
namespace fs = std::filesystem;

namespace {

const std::string kTex =
    "\\documentclass{article}\n\\csname endofdump\\endcsname\n"
    "\\begin{document}\nHello\n\\end{document}\n";

TexJob job_dated(const std::string& date) {
    TexJob job;
    job.engine = "xelatex";
    job.environment["SOURCE_DATE_EPOCH"] = date;
    return job;
}

// A format as dump_format leaves it in `out`: the file, and a record naming a TeX file it
// was made from with that file's size and time.
PreambleFormat made_format(const fs::path& out, const fs::path& tex_file,
                           const std::string& bytes) {
    fs::create_directories(out / ".mkcv");
    PreambleFormat format = *preamble_format(kTex, job_dated("1700000000"), out, "cv-long");
    REQUIRE(write_file_atomically(format.file, bytes));
    const std::string state =
        std::to_string(fs::file_size(tex_file)) + " " +
        std::to_string(fs::last_write_time(tex_file).time_since_epoch().count());
    REQUIRE(write_file_atomically(format.record, "mkcv format 1\nkey " + format.key + "\nfile " +
                                                     state + " " + tex_file.string() + "\n"));
    REQUIRE(format_is_current(format));
    return format;
}

}  // namespace

TEST_CASE("a format made in one folder starts another folder's build, whatever its date") {
    TempDir dir("mkcv-format-cache");
    const fs::path tex_file = dir.path / "hyperref.sty";
    REQUIRE(write_file_atomically(tex_file, "\\endinput\n"));
    const fs::path cache = dir.path / "mkcv" / "formats";
    const PreambleFormat made = made_format(dir.path / "a", tex_file, "dumped preamble");
    offer_format(made, cache);
    CHECK(fs::is_regular_file(cache / (made.key + ".fmt")));

    fs::create_directories(dir.path / "b" / ".mkcv");
    const PreambleFormat wanted =
        *preamble_format(kTex, job_dated("1600000000"), dir.path / "b", "cv-long");
    CHECK_FALSE(format_is_current(wanted));
    CHECK(take_cached_format(wanted, cache));
    CHECK(format_is_current(wanted));
    CHECK(file_text(wanted.file) == "dumped preamble");
}

TEST_CASE("a cached format is taken only whole, verified, current and unlinked") {
    TempDir dir("mkcv-format-cache");
    const fs::path tex_file = dir.path / "hyperref.sty";
    REQUIRE(write_file_atomically(tex_file, "\\endinput\n"));
    const fs::path cache = dir.path / "mkcv" / "formats";
    const PreambleFormat made = made_format(dir.path / "a", tex_file, "dumped preamble");
    offer_format(made, cache);
    const fs::path cached = cache / (made.key + ".fmt");
    REQUIRE(fs::is_regular_file(cached));
    fs::create_directories(dir.path / "b" / ".mkcv");
    const PreambleFormat wanted = *preamble_format(kTex, job_dated("1"), dir.path / "b", "cv-long");

    SECTION("changed bytes of the same size") {
        REQUIRE(write_file_atomically(cached, "dumped preambl!"));
        CHECK_FALSE(take_cached_format(wanted, cache));
    }
    SECTION("cut short") {
        REQUIRE(write_file_atomically(cached, "dumped"));
        CHECK_FALSE(take_cached_format(wanted, cache));
    }
    SECTION("a TeX file it was made from changed") {
        REQUIRE(write_file_atomically(tex_file, "\\endinput %changed\n"));
        CHECK_FALSE(take_cached_format(wanted, cache));
    }
    SECTION("a symbolic link in place of the format") {
        const fs::path elsewhere = dir.path / "elsewhere.fmt";
        fs::rename(cached, elsewhere);
        fs::create_symlink(elsewhere, cached);
        CHECK_FALSE(take_cached_format(wanted, cache));
    }
    SECTION("a folder others may write") {
        ::chmod(cache.c_str(), 0777);
        CHECK_FALSE(take_cached_format(wanted, cache));
        ::chmod(cache.c_str(), 0700);
    }
    SECTION("the cache's folder is a link") {
        const fs::path moved = dir.path / "moved";
        fs::rename(cache, moved);
        fs::create_directory_symlink(moved, cache);
        CHECK_FALSE(take_cached_format(wanted, cache));
    }
    CHECK_FALSE(format_is_current(wanted));
}

TEST_CASE("the cache keeps within its bound, the least recently used format out first") {
    TempDir dir("mkcv-format-cache");
    const fs::path tex_file = dir.path / "hyperref.sty";
    REQUIRE(write_file_atomically(tex_file, "\\endinput\n"));
    const fs::path cache = dir.path / "mkcv" / "formats";
    const PreambleFormat first = made_format(dir.path / "a", tex_file, std::string(100, 'a'));
    offer_format(first, cache, 150);
    // Another preamble, another key.
    fs::create_directories(dir.path / "b" / ".mkcv");
    PreambleFormat second =
        *preamble_format("%\n" + kTex, job_dated("1"), dir.path / "b", "cv-long");
    REQUIRE(write_file_atomically(second.file, std::string(100, 'b')));
    std::string record = file_text(first.record);
    record.replace(record.find(first.key), first.key.size(), second.key);
    REQUIRE(write_file_atomically(second.record, record));
    REQUIRE(format_is_current(second));
    offer_format(second, cache, 150);
    CHECK_FALSE(fs::exists(cache / (first.key + ".fmt")));
    CHECK_FALSE(fs::exists(cache / (first.key + ".record")));
    CHECK(fs::exists(cache / (second.key + ".fmt")));
}

TEST_CASE("the cache's folder comes from the environment, and can be turned off") {
    test::EnvScope cache("MKCV_FORMAT_CACHE", "off");
    CHECK(format_cache_folder().empty());
    cache.set("relative/path");
    CHECK(format_cache_folder().empty());
    cache.set("/var/cache/mkcv-formats");
    CHECK(format_cache_folder() == fs::path("/var/cache/mkcv-formats"));
    cache.set(std::nullopt);
    const test::EnvScope xdg("XDG_CACHE_HOME", "/x/cache");
    CHECK(format_cache_folder() == fs::path("/x/cache/mkcv/formats"));
}
