// mkcv site run in-process with a stand-in TeX (site_command, and site_run, which serve
// shares): the folder it writes, its languages, and the folders it will not replace.
// integration/site_test.sh checks the real pages in a browser.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/exit_code.h"
#include "pipeline/stand_in_tex.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;
namespace fs = std::filesystem;

namespace {

struct SiteFolder {
    test::TempDir dir;
    test::StandInTex tex;
    fs::path cv = dir.path / "cv.toml";
    fs::path site = dir.path / "site";

    SiteFolder() { REQUIRE(write_file_atomically(cv, "[person]\nname = \"Zoë  O’Brien\"\n")); }
    test::CliRun mkcv_site(std::vector<std::string> more = {}) {
        std::vector<std::string> args = {
            "site", cv.string(), "-o", site.string(), "--build-dir", (dir.path / "build").string()};
        args.insert(args.end(), more.begin(), more.end());
        return run_mkcv(args, test::stand_in_options(dir.path, tex).processes);
    }
};

}  // namespace

TEST_CASE("mkcv site writes the page with the name exactly, and the PDFs it links") {
    SiteFolder f;
    const auto made = f.mkcv_site();
    CHECK(made.status == kExitOk);
    const std::string page = test::file_text(f.site / "index.html");
    CHECK(page.find("Zoë  O’Brien") != std::string::npos);
    CHECK(page.find("cv-long.pdf") != std::string::npos);
    CHECK(fs::exists(f.site / "cv-long.pdf"));
    CHECK(f.tex.runs > 0);
    CHECK(made.err.find("files in " + f.site.string()) != std::string::npos);
    // Again: mkcv made the folder, so it replaces it.
    CHECK(f.mkcv_site().status == kExitOk);
}

TEST_CASE("mkcv site writes a page a language, and refuses a --lang that is none") {
    SiteFolder f;
    CHECK(f.mkcv_site({"--lang", "en,zh"}).status == kExitOk);
    CHECK(fs::exists(f.site / "index.html"));
    CHECK(fs::exists(f.site / "zh" / "index.html"));
    const auto bad = f.mkcv_site({"--lang", "en,z h"});
    CHECK(bad.status == kExitInvalid);
    CHECK(bad.err.find("--lang") != std::string::npos);
}

TEST_CASE("mkcv site replaces a folder it did not make only with --force") {
    SiteFolder f;
    fs::create_directories(f.site);
    REQUIRE(write_file_atomically(f.site / "notes.txt", "mine"));
    CHECK(f.mkcv_site().status == kExitInvalid);
    CHECK(test::file_text(f.site / "notes.txt") == "mine");
    CHECK(f.mkcv_site({"--force"}).status == kExitOk);
    CHECK(fs::exists(f.site / "index.html"));
}
