// The cache of answers: what mkcv writes reads back, and anything else found there (a
// corrupt or foreign entry, a symbolic link, a folder in the way) is ignored, never followed.
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include "net/http_cache.h"
#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
using namespace mkcv::net;
namespace fs = std::filesystem;
using mkcv::test::TempDir;

namespace {

CachedAnswer sample() {
    return {"https://dblp.org/pid/l/x.xml", "\"abc\"", "Wed, 21 Oct 2015 07:28:00 GMT",
            "https://dblp.org/pid/l/x.xml", std::string("<dblpperson>\0\n\n</dblpperson>", 28)};
}

std::string slurp(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), {}};
}

}  // namespace

TEST_CASE("a cache entry reads back as it was written", "[http_cache]") {
    const CachedAnswer answer = sample();
    const auto back = parse_cache_entry(cache_entry_text(answer), 1024);
    REQUIRE(back);
    CHECK(back->url == answer.url);
    CHECK(back->etag == answer.etag);
    CHECK(back->last_modified == answer.last_modified);
    CHECK(back->final_url == answer.final_url);
    CHECK(back->body == answer.body);
}

TEST_CASE("a corrupt cache entry is not read", "[http_cache]") {
    const std::string good = cache_entry_text(sample());
    CHECK_FALSE(parse_cache_entry("", 1024));
    CHECK_FALSE(parse_cache_entry("mkcv http cache 2\n" + good.substr(18), 1024));
    CHECK_FALSE(parse_cache_entry(good.substr(0, good.size() - 1), 1024));  // cut short
    CHECK_FALSE(parse_cache_entry(good + "x", 1024));                       // longer
    CHECK_FALSE(parse_cache_entry(good, 10));                               // over the cap
    std::string injected = good;
    injected.replace(injected.find("\"abc\""), 5, "\"a\"\rX-Evil: 1");
    CHECK_FALSE(parse_cache_entry(injected, 1024));
    CachedAnswer escape = sample();
    escape.final_url += "\x1b]8;;";  // a terminal escape, for a message that shows it
    CHECK_FALSE(parse_cache_entry(cache_entry_text(escape), 1024));
    std::string twice = good;
    twice.insert(twice.find("etag:"), "etag: \"other\"\n");
    CHECK_FALSE(parse_cache_entry(twice, 1024));
    std::string unknown = good;
    unknown.insert(unknown.find("etag:"), "command: rm -rf\n");
    CHECK_FALSE(parse_cache_entry(unknown, 1024));
    std::string huge_length = good;
    huge_length.replace(huge_length.find("body: 28"), 8, "body: 99999999999999999999");
    CHECK_FALSE(parse_cache_entry(huge_length, 1024));
    CachedAnswer no_validator = sample();
    no_validator.etag.clear();
    no_validator.last_modified.clear();
    CHECK_FALSE(parse_cache_entry(cache_entry_text(no_validator), 1024));
}

TEST_CASE("the cache folder is under XDG_CACHE_HOME, else ~/.cache", "[http_cache]") {
    test::EnvScope xdg("XDG_CACHE_HOME", "/tmp/xdg");
    CHECK(default_cache_folder() == fs::path("/tmp/xdg/mkcv"));
    xdg.set("relative");  // ignored, as the specification says
    CHECK(default_cache_folder() == fs::path(std::getenv("HOME")) / ".cache" / "mkcv");
}

TEST_CASE("the cache keeps an answer and gives it back for its URL only", "[http_cache]") {
    TempDir dir;
    const HttpCache cache(dir.path / "mkcv", 1024);
    const CachedAnswer answer = sample();
    CHECK_FALSE(cache.read("key", answer.url));
    REQUIRE(cache.write("key", answer));
    const auto back = cache.read("key", answer.url);
    REQUIRE(back);
    CHECK(back->body == answer.body);
    CHECK_FALSE(cache.read("key", "https://other.org/"));
    CHECK_FALSE(cache.read("other key", answer.url));
    // Private: what a user fetches is theirs.
    struct stat info {};
    REQUIRE(::stat((dir.path / "mkcv").c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0700);
}

TEST_CASE("a corrupt entry in the cache folder is ignored and replaced", "[http_cache]") {
    TempDir dir;
    const HttpCache cache(dir.path / "mkcv", 1024);
    REQUIRE(cache.write("key", sample()));
    REQUIRE(write_file_atomically(cache.entry_path("key"), "garbage"));
    CHECK_FALSE(cache.read("key", sample().url));
    REQUIRE(cache.write("key", sample()));
    CHECK(cache.read("key", sample().url));
    // Too large to be an entry: not read at all.
    REQUIRE(write_file_atomically(cache.entry_path("key"), std::string(1 << 20, 'x')));
    CHECK_FALSE(cache.read("key", sample().url));
}

TEST_CASE("a symbolic link in the cache is never followed", "[http_cache]") {
    TempDir dir;
    const fs::path secret = dir.path / "secret";
    const CachedAnswer answer = sample();
    // A file that would read as an entry, behind a link mkcv did not make.
    REQUIRE(write_file_atomically(secret, cache_entry_text(answer)));
    const HttpCache cache(dir.path / "mkcv", 1024);
    REQUIRE(cache.write("key", answer));
    const fs::path entry = cache.entry_path("key");
    fs::remove(entry);
    fs::create_symlink(secret, entry);
    CHECK_FALSE(cache.read("key", answer.url));
    CHECK_FALSE(cache.write("key", answer));
    CHECK(fs::is_symlink(entry));
    CHECK(slurp(secret) == cache_entry_text(answer));

    // mkcv's folder itself a link: neither read nor written through.
    TempDir other;
    fs::create_directories(other.path / "elsewhere" / "http");
    fs::create_symlink(other.path / "elsewhere", other.path / "mkcv");
    const HttpCache linked(other.path / "mkcv", 1024);
    CHECK_FALSE(linked.write("key", answer));
    CHECK(fs::is_empty(other.path / "elsewhere" / "http"));
    fs::create_symlink(
        secret, other.path / "elsewhere" / "http" / fs::path(linked.entry_path("key")).filename());
    CHECK_FALSE(linked.read("key", answer.url));
}
