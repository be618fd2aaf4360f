// mkcv apply run in-process with a stand-in TeX: each application's folder and documents,
// only the applications named, and the refusals. integration/apply_test.sh builds the real
// PDFs and reads them back.
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

const std::string kApplyingCv = R"([person]
name = "Zoë  O’Brien"

[[applications]]
key = "mit-2027"
organisation = "MIT"
position = "Assistant Professor"
letter = """I am writing to apply for the position of <<position>> at <<organisation>>."""

[[applications]]
key = "eth-2027"
organisation = "ETH Zürich"
position = "Professor"
letter = """Dear committee."""
)";

}  // namespace

TEST_CASE("mkcv apply builds each application under its key, or only those named") {
    test::TempDir dir;
    test::StandInTex tex;
    const fs::path cv = dir.path / "cv.toml";
    const fs::path out = dir.path / "out";
    REQUIRE(write_file_atomically(cv, kApplyingCv));
    auto apply = [&](std::vector<std::string> more) {
        std::vector<std::string> args = {"apply", cv.string(), "-o", out.string()};
        args.insert(args.end(), more.begin(), more.end());
        return run_mkcv(args, test::stand_in_options(dir.path, tex).processes);
    };
    const auto one = apply({"eth-2027"});
    CHECK(one.status == kExitOk);
    CHECK(fs::is_directory(out / "applications" / "eth-2027"));
    CHECK_FALSE(fs::exists(out / "applications" / "mit-2027"));
    const int runs = tex.runs;
    CHECK(runs > 0);

    CHECK(apply({}).status == kExitOk);
    CHECK(fs::is_directory(out / "applications" / "mit-2027"));
    const int after_all = tex.runs;
    CHECK(after_all > runs);
    CHECK(apply({}).status == kExitOk);
    CHECK(tex.runs == after_all);  // all up to date

    const auto unknown = apply({"harvard-2027"});
    CHECK(unknown.status == kExitInvalid);
    CHECK(unknown.err.find("harvard-2027") != std::string::npos);
}

TEST_CASE("an application whose letter names an unknown field is an error at its place") {
    test::TempDir dir;
    test::StandInTex tex;
    const fs::path cv = dir.path / "cv.toml";
    std::string text = kApplyingCv;
    text.replace(text.find("<<organisation>>"), 16, "<<salary>>");
    REQUIRE(write_file_atomically(cv, text));
    const auto bad = run_mkcv({"apply", cv.string(), "-o", (dir.path / "out").string()},
                              test::stand_in_options(dir.path, tex).processes);
    CHECK(bad.status == kExitInvalid);
    CHECK(bad.err.find("cv.toml:") != std::string::npos);
    CHECK(tex.runs == 0);
}
