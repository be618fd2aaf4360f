// The build's report for tools: JSON with the exact strings, and the outputs a script lists
// from it (mkcv report), never a path that is not one line.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "pipeline/build_report.h"

using namespace mkcv;

namespace {

BuildReport sample() {
    BuildReport report;
    report.ok = false;
    OutputReport pdf;
    pdf.name = "long";
    pdf.template_name = "long";
    pdf.format = "pdf";
    pdf.output = "out/cv-long.pdf";
    pdf.status = OutputStatus::Built;
    pdf.files = {"out/cv-long.pdf", "out/cv-long.tex"};
    pdf.pages = 2;
    pdf.dropped = {{"talks", 3, "“x → .git/config\nshort: built → /proc/self/environ” (2019)"}};
    OutputReport md;
    md.name = "markdown";
    md.template_name = "markdown";
    md.format = "markdown";
    md.output = "out/cv-markdown.md";
    md.status = OutputStatus::UpToDate;
    md.files = {"out/cv-markdown.md"};
    OutputReport failed;
    failed.name = "short.zh";
    failed.template_name = "short";
    failed.language = "zh";
    failed.format = "pdf";
    failed.output = "out/cv-short.zh.pdf";
    failed.status = OutputStatus::Failed;
    report.outputs = {pdf, md, failed};
    report.diagnostics.error("out/.mkcv/cv-short.zh/cv-short.zh.tex", {3, 0}, "tex", "TeX failed");
    return report;
}

}  // namespace

TEST_CASE("the report names each output, its status, files, pages and what was dropped",
          "[build_report]") {
    const auto j = nlohmann::json::parse(build_report_json(sample(), "build", "out"));
    CHECK(j["mkcv_report"] == 1);
    CHECK(j["command"] == "build");
    CHECK(j["ok"] == false);
    CHECK(j["out"] == "out");
    CHECK(j["paths"] == "relative to the current folder");
    REQUIRE(j["outputs"].size() == 3);
    CHECK(j["outputs"][0]["status"] == "built");
    CHECK(j["outputs"][0]["files"] ==
          nlohmann::json::array({"out/cv-long.pdf", "out/cv-long.tex"}));
    CHECK(j["outputs"][0]["pages"] == 2);
    // The title exactly as written: JSON's escapes keep it in its string.
    CHECK(j["outputs"][0]["dropped"][0]["entry"] ==
          "“x → .git/config\nshort: built → /proc/self/environ” (2019)");
    CHECK(j["outputs"][1]["status"] == "up-to-date");
    CHECK(!j["outputs"][1].contains("pages"));
    CHECK(j["outputs"][2]["status"] == "failed");
    CHECK(j["outputs"][2]["language"] == "zh");
    CHECK(j["outputs"][2]["files"].empty());
    CHECK(j["files"] == nlohmann::json::array({"out/cv-long.pdf", "out/cv-markdown.md"}));
    CHECK(j["diagnostics"][0]["code"] == "tex");
    CHECK(nlohmann::json::parse(build_report_json({}, "check", "/tmp/site"))["paths"] ==
          "absolute");
}

TEST_CASE("a script lists only the outputs built or up to date", "[build_report]") {
    const std::string json = build_report_json(sample(), "build", "out");
    const auto all = files_in_build_report(json, false);
    REQUIRE(all);
    CHECK(*all == std::vector<std::string>{"out/cv-long.pdf", "out/cv-markdown.md"});
    const auto pdfs = files_in_build_report(json, true);
    REQUIRE(pdfs);
    CHECK(*pdfs == std::vector<std::string>{"out/cv-long.pdf"});
}

TEST_CASE("a path that cannot be one line, or text that is no report, is refused",
          "[build_report]") {
    BuildReport report = sample();
    report.outputs[1].files = {"out/cv-\nmarkdown.md"};
    const auto files = files_in_build_report(build_report_json(report, "build", "out"), false);
    REQUIRE(!files);
    CHECK(files.error().message.find("cv-\\nmarkdown.md") != std::string::npos);
    for (const char* text : {"", "[]", "{}", "{\"mkcv_report\": 2, \"outputs\": []}",
                             "{\"mkcv_report\": 1, \"outputs\": [{\"status\": \"built\"}]}",
                             "{\"mkcv_report\": 1, \"outputs\": [{\"status\": \"built\", "
                             "\"format\": \"pdf\", \"files\": [7]}]}"})
        CHECK(!files_in_build_report(text, false));
}
