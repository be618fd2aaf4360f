// The one list of what an output is made from: the record's digests and the files watch
// and serve follow come from it alone.
#include <algorithm>
#include <filesystem>

#include <catch2/catch.hpp>

#include "pipeline/build_state.h"
#include "pipeline/output_inputs.h"
#include "render/rendered_template.h"
#include "tex/tex_job.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

RenderedTemplate sample_output(TextFormat format) {
    RenderedTemplate r;
    r.tmpl.manifest.name = "long";
    r.tmpl.manifest.format = format;
    r.tmpl.dir = "templates/long";
    r.tmpl.main = {"templates/long/cv.tex.mustache", "\\documentclass{article}"};
    r.tmpl.partials["header"] = {"templates/long/header.tex.mustache", "header"};
    r.tex = "rendered";
    r.made_from = {"cv.toml", "refs.bib", "templates/long/template.toml"};
    return r;
}

std::vector<std::string> listed_names(const BuildInputs& inputs) {
    std::vector<std::string> out;
    for (const BuildInput& input : inputs.items())
        out.push_back(input.name);
    return out;
}

bool lists(const std::vector<std::string>& list, const std::string& name) {
    return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

TEST_CASE("a LaTeX output depends on its job, its files and this machine") {
    const RenderedTemplate r = sample_output(TextFormat::Latex);
    TexJob job;
    job.tex_file = "cv-long.tex";
    job.environment["SOURCE_DATE_EPOCH"] = "0";
    const BuildInputs inputs = inputs_of(r, "cv-long", &job);
    const std::vector<std::string> listed = listed_names(inputs);
    CHECK(listed.front() == "mkcv version");
    CHECK(lists(listed, "engine and options"));
    CHECK(lists(listed, "environment SOURCE_DATE_EPOCH"));
    CHECK(lists(listed, "template file long/cv.tex.mustache"));
    CHECK(lists(listed, "template file long/header.tex.mustache"));
    CHECK(lists(listed, "cv-long.tex (cv.toml rendered)"));
    CHECK(lists(listed, "TeX installation (this machine)"));
    CHECK_FALSE(lists(listed, "output format"));

    SECTION("a job that changes changes an input") {
        TexJob other = job;
        other.environment["SOURCE_DATE_EPOCH"] = "1";
        const BuildRecord record{inputs.items(), "", ""};
        const BuildInputs now = inputs_of(r, "cv-long", &other);
        CHECK_FALSE(input_unchanged(now, record, "environment SOURCE_DATE_EPOCH"));
        CHECK(input_unchanged(now, record, "cv-long.tex (cv.toml rendered)"));
    }
}

TEST_CASE("a text output depends on its format and files, nothing of the machine") {
    const RenderedTemplate r = sample_output(TextFormat::Markdown);
    const std::vector<std::string> listed = listed_names(inputs_of(r, "cv-long", nullptr));
    CHECK(listed == std::vector<std::string>{
                        "mkcv version", "output format", "template file long/cv.tex.mustache",
                        "template file long/header.tex.mustache", "cv-long.md (cv.toml rendered)"});
}

TEST_CASE("the files of an output are its template files and what it was made from") {
    RenderedTemplate r = sample_output(TextFormat::Latex);
    r.made_from.push_back("cv.toml");  // named twice, listed once
    TexJob job;
    job.tex_file = "cv-long.tex";
    const std::vector<fs::path> files = files_of(inputs_of(r, "cv-long", &job));
    CHECK(files == std::vector<fs::path>{"templates/long/cv.tex.mustache",
                                         "templates/long/header.tex.mustache", "cv.toml",
                                         "refs.bib", "templates/long/template.toml"});
    // The job does not change which files count.
    CHECK(files == files_of(inputs_of(r, "cv-long", nullptr)));
}
