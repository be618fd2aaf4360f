// `mkcv import` run in-process: what it detects, where the cv.toml goes, and its refusals.
#include <catch2/catch.hpp>

#include "cli/exit_code.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;

namespace {

const std::string kResume = R"({"basics": {"name": "Zoë  O’Brien", "email": "zoe@example.org"},
  "work": [{"name": "Acme", "position": "Engineer", "startDate": "2020-01"}]})";

}  // namespace

TEST_CASE("mkcv import writes a cv.toml that validates, and says what it detected") {
    test::TempDir dir;
    const auto resume = dir.path / "resume.json";
    REQUIRE(write_file_atomically(resume, kResume));
    const auto out = dir.path / "cv.toml";
    const auto imported = run_mkcv({"import", resume.string(), "-o", out.string()});
    CHECK(imported.status == kExitOk);
    CHECK(imported.err.find(": jsonresume (detected: ") != std::string::npos);
    CHECK(imported.err.find("basics.name → person.name") != std::string::npos);
    const Cv cv = test::load_ok(test::file_text(out));
    CHECK(cv.person.name.value == "Zoë  O’Brien");

    const auto printed = run_mkcv({"import", resume.string(), "-o", "-"});
    CHECK(printed.status == kExitOk);
    CHECK(printed.out == test::file_text(out));
}

TEST_CASE("mkcv import refuses to replace a file, a missing file and a bad --from") {
    test::TempDir dir;
    const auto resume = dir.path / "resume.json";
    REQUIRE(write_file_atomically(resume, kResume));
    const auto out = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(out, "mine"));
    CHECK(run_mkcv({"import", resume.string(), "-o", out.string()}).status == kExitInvalid);
    CHECK(test::file_text(out) == "mine");
    CHECK(run_mkcv({"import", resume.string(), "-o", out.string(), "--force"}).status == kExitOk);
    CHECK(run_mkcv({"import", (dir.path / "none.json").string(), "-o", "-"}).status ==
          kExitInvalid);
    CHECK(run_mkcv({"import", resume.string(), "--from", "word"}).status == kExitInvalid);
    REQUIRE(write_file_atomically(resume, "{\"basics\": "));
    CHECK(run_mkcv({"import", resume.string(), "-o", "-"}).status == kExitInvalid);
}
