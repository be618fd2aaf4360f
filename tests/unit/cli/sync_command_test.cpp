// `mkcv sync --offline` run in-process on the recorded answers of tests/data/sync: its exit
// statuses, what it writes and when, and that a second sync over the same answers leaves
// the list byte for byte (integration/sync_test.sh runs the binary over every source).
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/exit_code.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;
namespace fs = std::filesystem;

namespace {

const fs::path kData = fs::path(MKCV_TEST_SOURCE_DIR) / "tests/data/sync";

struct SyncFolder {
    test::TempDir dir;
    fs::path cv = dir.path / "cv.toml";
    fs::path list = dir.path / "publications.sync.bib";
    SyncFolder() {
        fs::copy_file(kData / "cv.toml", cv);
        fs::copy_file(kData / "own.bib", dir.path / "own.bib");
    }
    test::CliRun sync(std::vector<std::string> flags) {
        std::vector<std::string> args = {"sync", cv.string()};
        args.insert(args.end(), flags.begin(), flags.end());
        for (const char* file : {"dblp.xml", "crossref.json", "openalex.json"})
            args.push_back((kData / file).string());
        return run_mkcv(args);
    }
};

}  // namespace

TEST_CASE("sync --check exits 3 while a source has a new paper, and --dry-run writes nothing") {
    SyncFolder f;
    const auto check = f.sync({"--check", "--offline"});
    CHECK(check.status == kExitSyncBehind);
    CHECK((check.out + check.err).find("paper(s) the CV lacks") != std::string::npos);
    CHECK_FALSE(fs::exists(f.list));
    const auto dry = f.sync({"--dry-run", "--offline"});
    CHECK(dry.status == kExitOk);
    CHECK((dry.out + dry.err).find("dry run: nothing written") != std::string::npos);
    CHECK_FALSE(fs::exists(f.list));
}

TEST_CASE("sync writes the golden list, and a second sync over the same answers keeps it") {
    SyncFolder f;
    REQUIRE(f.sync({"--offline"}).status == kExitOk);
    const std::string first = test::file_text(f.list);
    CHECK(first == test::file_text(kData / "expected/three_sources.bib"));
    const auto second = f.sync({"--offline"});
    CHECK(second.status == kExitOk);
    CHECK((second.out + second.err).find("is up to date") != std::string::npos);
    CHECK(test::file_text(f.list) == first);
    CHECK(f.sync({"--check", "--offline"}).status == kExitOk);
}

TEST_CASE("sync refuses a file it cannot read, and --offline with nothing after it") {
    SyncFolder f;
    CHECK(
        run_mkcv({"sync", f.cv.string(), "--offline", (f.dir.path / "none.xml").string()}).status !=
        kExitOk);
    CHECK_FALSE(fs::exists(f.list));
    CHECK(run_mkcv({"sync", f.cv.string(), "--offline"}).status == kExitInvalid);
}
