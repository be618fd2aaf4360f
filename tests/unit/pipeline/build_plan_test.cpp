// The planning step: loaded, rendered per language, each output knowing what it is made
// from, and the files watch and serve follow.
#include <algorithm>
#include <filesystem>
#include <fstream>

#include <catch2/catch.hpp>

#include "pipeline/build_plan.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const char* const kPlannedCv = R"(
[person]
name = "Ada Lovelace"
email = "ada@example.org"
photo = "ada.png"

[[publications]]
title = "Notes on the Engine"
authors = ["Ada Lovelace"]
venue = "Memoirs"
year = 1843
thumbnail = "notes.png"
)";

struct PlanFolder {
    test::TempDir dir;
    PlanRequest request;
    PlanFolder() {
        const std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + "pixels";
        std::ofstream(dir.path / "cv.toml") << kPlannedCv;
        std::ofstream(dir.path / "ada.png", std::ios::binary) << png;
        std::ofstream(dir.path / "notes.png", std::ios::binary) << png;
        request.cv_path = dir.path / "cv.toml";
        request.templates = {"markdown"};
        request.search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
    }
};

bool contains_file(const std::vector<fs::path>& files, const fs::path& file) {
    return std::find(files.begin(), files.end(), file) != files.end();
}

}  // namespace

TEST_CASE("a plan renders each template and knows what each output is made from") {
    PlanFolder f;
    const BuildPlan plan = plan_build(f.request);
    REQUIRE(plan.outputs);
    REQUIRE(plan.outputs->size() == 1);
    const RenderedTemplate& r = plan.outputs->front();
    CHECK(r.tex.find("Ada Lovelace") != std::string::npos);
    CHECK(contains_file(r.made_from, f.request.cv_path));
    CHECK(contains_file(r.made_from, r.tmpl.dir / "template.toml"));
    CHECK(contains_file(r.made_from, f.dir.path / "ada.png"));
    CHECK(contains_file(r.made_from, f.dir.path / "notes.png"));

    const std::vector<fs::path> watched = watched_files(plan, f.request.cv_path);
    CHECK(watched.front() == f.request.cv_path);
    CHECK(std::count(watched.begin(), watched.end(), f.request.cv_path) == 1);
    CHECK(contains_file(watched, r.tmpl.main.path));
    for (const auto& [name, partial] : r.tmpl.partials)
        CHECK(contains_file(watched, partial.path));
    CHECK(contains_file(watched, f.dir.path / "ada.png"));
}

TEST_CASE("a plan in two languages names the other one's outputs") {
    PlanFolder f;
    f.request.languages = {"en", "de"};
    const BuildPlan plan = plan_build(f.request);
    REQUIRE(plan.outputs);
    REQUIRE(plan.outputs->size() == 2);
    CHECK(plan.outputs->at(0).language.empty());  // [locale] language: en by default
    CHECK(plan.outputs->at(1).language == "de");
}

TEST_CASE("an invalid CV plans no output but still names its files") {
    PlanFolder f;
    std::ofstream(f.request.cv_path) << "[person]\nname = 3\n";
    const BuildPlan plan = plan_build(f.request);
    CHECK_FALSE(plan.outputs);
    CHECK(plan.diagnostics.has_errors());
    CHECK(watched_files(plan, f.request.cv_path) == std::vector<fs::path>{f.request.cv_path});

    SECTION("even when cv.toml is not there") {
        fs::remove(f.request.cv_path);
        const BuildPlan none = plan_build(f.request);
        CHECK_FALSE(none.outputs);
        CHECK(watched_files(none, f.request.cv_path) == std::vector<fs::path>{f.request.cv_path});
    }
}

TEST_CASE("a template named like another language's output is refused") {
    PlanFolder f;
    const fs::path own = f.dir.path / "templates" / "markdown.de";
    fs::create_directories(own);
    fs::copy(builtin_template_root() / "markdown", own, fs::copy_options::recursive);
    std::string manifest;
    REQUIRE(read_file(own / "template.toml", manifest));
    const auto at = manifest.find("name = \"markdown\"");
    REQUIRE(at != std::string::npos);
    manifest.replace(at, 17, "name = \"markdown.de\"");
    std::ofstream(own / "template.toml") << manifest;
    f.request.languages = {"en", "de"};
    f.request.templates = {"markdown", own.string()};
    const BuildPlan plan = plan_build(f.request);
    CHECK_FALSE(plan.outputs);
    CHECK(plan.diagnostics.has_errors());
}
