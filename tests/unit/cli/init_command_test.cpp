// mkcv init run in-process in a scratch folder (it sets up the current folder): the files it
// writes, that it never replaces one, and the links it refuses. integration/init_test.sh and
// init_pipeline_test.sh run the binary and parse the workflows.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/exit_code.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;
namespace fs = std::filesystem;

namespace {

// The test process in `dir` while it lives: init works in the current folder.
class InFolder {
  public:
    explicit InFolder(const fs::path& dir) : before_(fs::current_path()) { fs::current_path(dir); }
    ~InFolder() { fs::current_path(before_); }
    InFolder(const InFolder&) = delete;
    InFolder& operator=(const InFolder&) = delete;

  private:
    fs::path before_;
};

}  // namespace

TEST_CASE("mkcv init writes a CV, the CI workflow and the ignore line, and replaces nothing") {
    test::TempDir dir;
    const InFolder here(dir.path);
    const auto first = run_mkcv({"init", "Zoë  O’Brien", "--sync", "--gitlab"});
    CHECK(first.status == kExitOk);
    CHECK(test::load_ok(test::file_text("cv.toml")).person.name.value == "Zoë  O’Brien");
    CHECK(fs::exists(".github/workflows/cv.yml"));
    CHECK(fs::exists(".github/workflows/sync.yml"));
    CHECK(fs::exists(".gitlab-ci.yml"));
    CHECK(test::file_text(".gitignore").find("out/.mkcv\n") != std::string::npos);
    CHECK(first.err.find("next:") != std::string::npos);

    REQUIRE(write_file_atomically(".github/workflows/cv.yml", "mine\n"));
    REQUIRE(write_file_atomically("cv.toml", "[person]\nname = \"Someone Else\"\n"));
    const auto again = run_mkcv({"init"});
    CHECK(again.status == kExitOk);
    CHECK(test::file_text(".github/workflows/cv.yml") == "mine\n");
    CHECK(test::file_text("cv.toml") == "[person]\nname = \"Someone Else\"\n");
    const std::string ignore = test::file_text(".gitignore");
    CHECK(ignore.find("out/.mkcv") == ignore.rfind("out/.mkcv"));  // the line once
}

TEST_CASE("mkcv init follows no link at .github and refuses a --lang that is none") {
    test::TempDir dir;
    const InFolder here(dir.path);
    fs::create_directories("elsewhere");
    fs::create_directory_symlink("elsewhere", ".github");
    CHECK(run_mkcv({"init"}).status == kExitInvalid);
    CHECK(fs::is_empty("elsewhere"));
    fs::remove(".github");
    CHECK(run_mkcv({"init", "--lang", "en,z h"}).status == kExitInvalid);
    CHECK_FALSE(fs::exists(".github"));
}
