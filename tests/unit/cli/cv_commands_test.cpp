// validate, render, context, schema and export run in-process on a CV in a scratch folder:
// what they print, where, and their exit status. None needs TeX.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "cli/exit_code.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;
using mkcv::test::TempDir;

namespace {

const std::string kCv = R"([person]
name = "Zoë O’Brien  赵"

[[publications]]
title = "A {Title} with 100% of $5"
authors = ["Zoë O’Brien  赵"]
venue = "Venue"
year = 2024
kind = "journal"
)";

std::string cv_in(const TempDir& dir, const std::string& text = kCv) {
    const auto path = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(path, text));
    return path.string();
}

}  // namespace

TEST_CASE("validate says ok on standard error, and exits 2 with the line of a problem") {
    TempDir dir;
    const auto ok = run_mkcv({"validate", cv_in(dir)});
    CHECK(ok.status == kExitOk);
    CHECK(ok.err.find("cv.toml: ok") != std::string::npos);
    CHECK(ok.out.empty());

    const auto bad = run_mkcv({"validate", cv_in(dir, "[person]\nname = 5\n")});
    CHECK(bad.status == kExitInvalid);
    CHECK(bad.err.find("cv.toml:2:") != std::string::npos);

    const auto missing = run_mkcv({"validate", (dir.path / "none.toml").string()});
    CHECK(missing.status == kExitInvalid);

    const auto json =
        run_mkcv({"validate", cv_in(dir, "[person]\nname = 5\n"), "--diagnostics", "json"});
    CHECK(json.status == kExitInvalid);
    CHECK_NOTHROW(nlohmann::json::parse(json.out));
}

TEST_CASE("render prints one template's .tex with the name as written, and takes one of each") {
    TempDir dir;
    const auto tex = run_mkcv({"render", cv_in(dir), "-t", "long"});
    CHECK(tex.status == kExitOk);
    CHECK(tex.out.find("\\documentclass") != std::string::npos);
    CHECK(tex.out.find("100\\%") != std::string::npos);
    CHECK(run_mkcv({"render", cv_in(dir), "-t", "long", "-t", "short"}).status == kExitInvalid);
    CHECK(run_mkcv({"render", cv_in(dir), "--lang", "en,zh"}).status == kExitInvalid);
    CHECK(run_mkcv({"render", cv_in(dir), "-t", "no-such-template"}).status == kExitInvalid);

    const auto md = run_mkcv({"render", cv_in(dir), "-t", "markdown"});
    CHECK(md.status == kExitOk);
    CHECK(md.out.find("Zoë O’Brien  赵") != std::string::npos);  // both spaces kept
}

TEST_CASE("context prints the template's data as JSON, the strings exactly as written") {
    TempDir dir;
    const auto context = run_mkcv({"context", cv_in(dir)});
    REQUIRE(context.status == kExitOk);
    const auto json = nlohmann::json::parse(context.out);
    CHECK(json.at("person").at("name") == "Zoë O’Brien  赵");
    CHECK(run_mkcv({"context", cv_in(dir), "--lang", "en,zh"}).status == kExitInvalid);
}

TEST_CASE("schema prints a JSON Schema") {
    const auto schema = run_mkcv({"schema"});
    CHECK(schema.status == kExitOk);
    const auto json = nlohmann::json::parse(schema.out);
    CHECK(json.contains("$schema"));
}

TEST_CASE(
    "export bib writes to standard output, or to a new file, and replaces one only with --force") {
    TempDir dir;
    const std::string cv = cv_in(dir);
    const auto bib = run_mkcv({"export", "bib", cv});
    CHECK(bib.status == kExitOk);
    CHECK(bib.out.find("@article{") != std::string::npos);
    const auto out = (dir.path / "papers.bib").string();
    CHECK(run_mkcv({"export", "bib", cv, "-o", out}).status == kExitOk);
    CHECK(test::file_text(out) == bib.out);
    // `-o cv.toml` must not replace the CV.
    const auto refused = run_mkcv({"export", "bib", cv, "-o", cv});
    CHECK(refused.status == kExitInvalid);
    CHECK(refused.err.find("add --force") != std::string::npos);
    CHECK(test::file_text(cv) == kCv);
    CHECK(run_mkcv({"export", "bib", cv, "-o", out, "--force"}).status == kExitOk);
}
