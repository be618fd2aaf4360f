// The render step over the built-in templates and a copy of one: each template rendered once,
// in the order named, with the build's date; an unknown template or two templates of one name
// stop it. [build] date is given, so no git runs.
#include "pipeline/render_step.h"

#include <filesystem>

#include <catch2/catch.hpp>

#include "render/template_set.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const std::string kDatedCv = std::string(test::kMinimal) + "[build]\ndate = \"2024-03-05\"\n";

TemplateSearchPath builtin_search() {
    return TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
}

}  // namespace

TEST_CASE("render_all renders each template named once, in order, dated by [build] date") {
    const Cv cv = test::load_ok(kDatedCv);
    Diagnostics diagnostics;
    const auto rendered = render_all(cv, {"short", "long", "short"}, builtin_search(), diagnostics);
    INFO(diagnostics.items().size());
    REQUIRE(rendered);
    REQUIRE(rendered->size() == 2);
    CHECK((*rendered)[0].tmpl.manifest.name == "short");
    CHECK((*rendered)[1].tmpl.manifest.name == "long");
    for (const RenderedTemplate& r : *rendered) {
        CHECK_FALSE(r.tex.empty());
        CHECK(r.source_date_epoch == 1709596800);  // 2024-03-05, 00:00 UTC
        CHECK(r.language.empty());
    }
    CHECK(render_all(cv, {"long"}, builtin_search(), diagnostics, {}, "de")->front().language ==
          "de");
}

TEST_CASE("render_all renders nothing when a template is unknown or two share a name") {
    const Cv cv = test::load_ok(kDatedCv);
    Diagnostics unknown;
    CHECK_FALSE(render_all(cv, {"long", "no-such-template"}, builtin_search(), unknown));
    CHECK(unknown.has_errors());

    test::TempDir dir;
    fs::copy(builtin_template_root() / "long", dir.path / "long", fs::copy_options::recursive);
    Diagnostics twice;
    CHECK_FALSE(render_all(cv, {"long", (dir.path / "long").string()}, builtin_search(), twice));
    REQUIRE(twice.has_errors());
    CHECK(twice.items().back().message.find("two templates are named `long`") != std::string::npos);
}

TEST_CASE("updated_date: [build] date, else the date from outside the CV, else none") {
    const Cv dated = test::load_ok(kDatedCv);
    CHECK(updated_date(dated, 0) == PartialDate{2024, 3, 5});
    const Cv undated = test::load_ok(test::kMinimal);
    CHECK(updated_date(undated, 1709596800) == PartialDate{2024, 3, 5});
    CHECK_FALSE(updated_date(undated, std::nullopt));
}

TEST_CASE("unique_in_order keeps each name where it first occurs") {
    CHECK(unique_in_order({"long", "short", "long", "web", "short"}) ==
          std::vector<std::string>{"long", "short", "web"});
    CHECK(unique_in_order({}).empty());
}
