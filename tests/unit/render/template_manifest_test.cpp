#include "render/template_manifest.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "render/template_input.h"
#include "test_support.h"

using namespace mkcv;

namespace {
// The template's input for the CV, whose template options must all be fine.
TemplateInput input_for(const Cv& cv, const Template& tmpl) {
    Diagnostics problems;
    TemplateInput input = template_input(cv, tmpl, std::nullopt, problems);
    REQUIRE(problems.empty());
    return input;
}
}  // namespace

TEST_CASE("a manifest orders and names the publication groups") {
    Diagnostics d;
    const TemplateManifest m = parse_manifest(
        "publication_kinds = [\"preprint\", \"journal\"]\n"
        "[publication_headings]\nconference = \"Refereed Conference Papers\"\n",
        "template.toml", d);
    CHECK(d.empty());
    CHECK(m.publication_kinds == std::vector<std::string>{"preprint", "journal"});
    CHECK(m.publication_headings.at("conference") == "Refereed Conference Papers");

    Template t;
    t.manifest = m;
    t.manifest.name = "test";
    const Cv cv = test::load_ok(test::source_file("cv.toml"));
    const TemplateInput input = input_for(cv, t);
    const auto groups =
        to_json(template_context(input.filtered.cv, input))["publications"]["groups"];
    REQUIRE(groups.size() == 4);
    CHECK(groups[0]["kind"] == "preprint");
    CHECK(groups[1]["kind"] == "journal");
    CHECK(groups[2]["kind"] == "conference");  // the kinds not listed follow in the usual order
    CHECK(groups[2]["heading"] == "Refereed Conference Papers");
    CHECK(groups[3]["heading"] == "Workshop Papers");
}

TEST_CASE("a manifest's publication kinds are checked") {
    Diagnostics d;
    parse_manifest("publication_kinds = [\"conferense\"]\n[publication_headings]\njornal = \"J\"\n",
                   "template.toml", d);
    REQUIRE(d.items().size() == 2);
    CHECK(d.items()[0].message ==
          "\"conferense\" is not a publication kind (conference, journal, workshop, preprint, "
          "thesis, other)");
    CHECK(d.items()[0].hint == "did you mean \"conference\"?");
    CHECK(d.items()[1].hint == "did you mean \"journal\"?");
}

TEST_CASE("an unknown key in template.toml has its caret under the key") {
    Diagnostics d;
    parse_manifest(
        "name = \"t\"\n  bogus = \"value\"\n[filters.publications]\n  tittle = \"x\"\n"
        "[filters.pubs]\nselected = true\n",
        "template.toml", d);
    REQUIRE(d.items().size() == 3);
    d.sort();
    CHECK(d.items()[0].message == "unknown key `bogus` in template.toml");
    CHECK(d.items()[0].pos.column == 3);
    CHECK(d.items()[1].message == "unknown key `tittle` in a filter");
    CHECK(d.items()[1].pos.column == 3);
    CHECK(d.items()[2].message == "unknown section `pubs` in [filters]");
    CHECK(d.items()[2].pos.line == 5);
    CHECK(d.items()[2].pos.column == 10);
}

TEST_CASE("max_pages in template.toml: 1 to kMaxPagesLimit") {
    Diagnostics d;
    CHECK(parse_manifest("max_pages = 1000\n", "template.toml", d).max_pages == 1000);
    CHECK(d.empty());
    parse_manifest("max_pages = 1001\n", "template.toml", d);
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].message == "`max_pages` must be a whole number from 1 to 1000");
}

TEST_CASE("format in template.toml: latex by default, html, markdown or json") {
    Diagnostics d;
    const TemplateManifest latex = parse_manifest("name = \"t\"\n", "template.toml", d);
    CHECK(latex.format == TextFormat::Latex);
    CHECK(latex.main == "cv.tex.mustache");
    CHECK(parse_manifest("format = \"latex\"\n", "template.toml", d).format == TextFormat::Latex);
    const TemplateManifest html = parse_manifest("format = \"html\"\n", "template.toml", d);
    CHECK(html.format == TextFormat::Html);
    CHECK(html.main == "cv.html.mustache");
    const TemplateManifest md = parse_manifest("format = \"markdown\"\n", "template.toml", d);
    CHECK(md.format == TextFormat::Markdown);
    CHECK(md.main == "cv.md.mustache");
    const TemplateManifest json = parse_manifest("format = \"json\"\n", "template.toml", d);
    CHECK(json.format == TextFormat::Json);
    CHECK(json.main == "cv.json.mustache");
    // `main` given: kept whatever the format.
    CHECK(
        parse_manifest("format = \"html\"\nmain = \"page.mustache\"\n", "template.toml", d).main ==
        "page.mustache");
    CHECK(d.empty());

    CHECK(output_extension(TextFormat::Latex) == ".pdf");
    CHECK(output_extension(TextFormat::Html) == ".html");
    CHECK(output_extension(TextFormat::Markdown) == ".md");
    CHECK(output_extension(TextFormat::Json) == ".json");
    CHECK_FALSE(output_format_named("bibtex"));
    CHECK_FALSE(output_format_named("HTML"));
}

TEST_CASE("an unknown format is an error at its value, with a guess") {
    Diagnostics d;
    const TemplateManifest m =
        parse_manifest("name = \"t\"\nformat = \"htlm\"\n", "template.toml", d);
    CHECK(m.format == TextFormat::Latex);
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].message ==
          "`format` must be \"latex\", \"html\", \"markdown\" or \"json\", found \"htlm\"");
    CHECK(d.items()[0].hint == "did you mean \"html\"?");
    CHECK(d.items()[0].pos.line == 2);
    CHECK(d.items()[0].pos.column == 10);

    Diagnostics d2;
    parse_manifest("format = 3\n", "template.toml", d2);
    REQUIRE(d2.items().size() == 1);
    CHECK(d2.items()[0].message ==
          "`format` must be \"latex\", \"html\", \"markdown\" or \"json\"");

    Diagnostics d3;
    parse_manifest("fromat = \"html\"\n", "template.toml", d3);
    REQUIRE(d3.items().size() == 1);
    CHECK(d3.items()[0].hint == "did you mean `format`?");
}

TEST_CASE("max_pages is refused for a template that writes no PDF") {
    Diagnostics d;
    const TemplateManifest m =
        parse_manifest("format = \"markdown\"\nmax_pages = 2\n", "template.toml", d);
    CHECK(m.max_pages == 0);
    CHECK_FALSE(m.rules.max_pages);
    REQUIRE(d.items().size() == 1);
    CHECK(d.items()[0].message == "`max_pages` counts PDF pages; only a LaTeX template has them");
}

TEST_CASE("the built-in short keeps its first skills and languages through the page budget") {
    Diagnostics diagnostics;
    const OptionDeclarations common = parse_common_options(
        test::source_file("builtin_templates/common/options.toml"), "options.toml", diagnostics);
    const TemplateManifest m =
        parse_manifest(test::source_file("builtin_templates/short/template.toml"),
                       "short/template.toml", diagnostics, common);
    CHECK(diagnostics.empty());
    CHECK(m.max_pages == 1);
    REQUIRE(m.rules.order);
    CHECK(std::find(m.rules.order->begin(), m.rules.order->end(), "skills") !=
          m.rules.order->end());
    CHECK(m.rules.sections.at("skills").keep == 3);
    CHECK(m.rules.sections.at("languages").keep == 3);
}

TEST_CASE("a filter's heading names a heading of the locale") {
    Diagnostics d;
    const TemplateManifest m = parse_manifest(
        "[filters.publications]\nheading = \"selected_publications\"\n", "template.toml", d);
    CHECK(d.empty());
    CHECK(m.rules.sections.at("publications").heading == "selected_publications");
    CHECK_FALSE(m.rules.sections.at("publications").title);
    parse_manifest("[filters.publications]\nheading = \"Selected Publications\"\n", "template.toml",
                   d);
    REQUIRE(d.error_count() == 1);
    CHECK(d.items()[0].message.find("`heading` must be the name of a heading of the locale") !=
          std::string::npos);
    CHECK(d.items()[0].pos.line == 2);
}
