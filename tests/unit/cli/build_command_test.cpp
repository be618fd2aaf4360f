// mkcv build, check and report run in-process with a stand-in TeX (tests/unit/pipeline/
// stand_in_tex.h): exit statuses, what is compiled again and what is up to date, and the
// --report a CI script reads. integration/incremental_build_test.sh does it with real TeX.
#include <catch2/catch.hpp>

#include <filesystem>

#include <nlohmann/json.hpp>

#include "cli/exit_code.h"
#include "pipeline/stand_in_tex.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;
namespace fs = std::filesystem;

namespace {

// A CV in a scratch folder, built into its out/ with a stand-in TeX.
struct Workspace {
    test::TempDir dir;
    test::StandInTex tex;
    fs::path cv = dir.path / "cv.toml";
    fs::path out = dir.path / "out";

    Workspace() { write_cv("[person]\nname = \"Zoë  O’Brien\"\n"); }
    void write_cv(const std::string& text) { REQUIRE(write_file_atomically(cv, text)); }
    test::CliRun mkcv(const std::string& command, std::vector<std::string> more = {}) {
        std::vector<std::string> args = {command, cv.string(), "-o", out.string(),
                                         "-t",    "long",      "-t", "short"};
        args.insert(args.end(), more.begin(), more.end());
        return run_mkcv(args, test::stand_in_options(dir.path, tex).processes);
    }
};

}  // namespace

TEST_CASE("mkcv build compiles each PDF once, and check says when one is stale") {
    Workspace w;
    const auto first = w.mkcv("build");
    CHECK(first.status == kExitOk);
    CHECK(w.tex.runs == 2);
    CHECK(fs::exists(w.out / "cv-long.pdf"));
    CHECK(fs::exists(w.out / "cv-short.pdf"));
    CHECK(w.mkcv("check").status == kExitOk);

    const auto again = w.mkcv("build");
    CHECK(again.status == kExitOk);
    CHECK(w.tex.runs == 2);  // nothing changed: nothing compiled

    w.write_cv("[person]\nname = \"Zoë O’Brien\"\n");
    const auto stale = w.mkcv("check");
    CHECK(stale.status == kExitStale);
    CHECK(w.tex.runs == 2);  // check never compiles
    CHECK(w.mkcv("build").status == kExitOk);
    CHECK(w.tex.runs == 4);
    CHECK(w.mkcv("check").status == kExitOk);
}

TEST_CASE("a TeX failure exits 1, keeps the PDF that was there, and --report says which failed") {
    Workspace w;
    REQUIRE(w.mkcv("build").status == kExitOk);
    const std::string pdf = test::file_text(w.out / "cv-long.pdf");
    w.write_cv("[person]\nname = \"Someone Else\"\n");
    w.tex.status = TexResult::Status::Failed;
    const fs::path report = w.dir.path / "report.json";
    CHECK(w.mkcv("build", {"--report", report.string()}).status == kExitBuildFailed);
    CHECK(test::file_text(w.out / "cv-long.pdf") == pdf);
    const auto json = nlohmann::json::parse(test::file_text(report));
    CHECK(json.at("command") == "build");
    CHECK(json.at("ok") == false);
    for (const auto& output : json.at("outputs"))
        CHECK(output.at("status") == "failed");

    w.tex.status = TexResult::Status::Ok;
    CHECK(w.mkcv("build", {"--report", report.string()}).status == kExitOk);
    const auto listed = run_mkcv({"report", report.string(), "--pdfs"});
    CHECK(listed.status == kExitOk);
    CHECK(listed.out ==
          (w.out / "cv-long.pdf").string() + "\n" + (w.out / "cv-short.pdf").string() + "\n");
}

TEST_CASE("an invalid CV exits 2, compiles nothing, and its --report has no outputs") {
    Workspace w;
    w.write_cv("[person]\nname = 5\n");
    const fs::path report = w.dir.path / "report.json";
    CHECK(w.mkcv("build", {"--report", report.string()}).status == kExitInvalid);
    CHECK(w.tex.runs == 0);
    const auto json = nlohmann::json::parse(test::file_text(report));
    CHECK(json.at("ok") == false);
    CHECK(json.at("outputs").empty());
    CHECK_FALSE(json.at("diagnostics").empty());
    CHECK(w.mkcv("check").status == kExitInvalid);
}

TEST_CASE("mkcv build --lang en,zh makes each language's PDF with its own name in it") {
    Workspace w;
    w.write_cv("[person]\nname = { en = \"Zoë  O’Brien\", zh = \"赵  怡浩\" }\n");
    CHECK(w.mkcv("build", {"--lang", "en,zh"}).status == kExitOk);
    CHECK(w.tex.runs == 4);
    // The stand-in PDF carries the .tex it was made from.
    const std::string en = test::file_text(w.out / "cv-long.pdf");
    const std::string zh = test::file_text(w.out / "cv-long.zh.pdf");
    CHECK(en.find("Zoë") != std::string::npos);
    CHECK(en.find("赵") == std::string::npos);
    CHECK(zh.find("赵") != std::string::npos);
    CHECK(fs::exists(w.out / "cv-short.zh.pdf"));
    CHECK(w.mkcv("check", {"--lang", "en,zh"}).status == kExitOk);

    // A bad value in the Chinese name: said with its place, and nothing built in any language.
    w.write_cv("[person]\nname = { en = \"Zoë\", zh = 5 }\n");
    const auto bad = w.mkcv("build", {"--lang", "en,zh"});
    CHECK(bad.status == kExitInvalid);
    CHECK(bad.err.find("cv.toml:2:") != std::string::npos);
    CHECK(w.tex.runs == 4);
}
