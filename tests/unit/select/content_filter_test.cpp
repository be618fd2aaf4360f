#include "select/content_filter.h"

#include <catch2/catch.hpp>

#include "cv/locale_texts.h"
#include "cv/sections.h"
#include "pipeline/page_budget.h"
#include "render/template_input.h"
#include "render/template_manifest.h"
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

namespace {

const char* kPapers = R"(
[person]
name = "Ada Lovelace"

[[publications]]
title = "Old"
authors = ["Ada Lovelace"]
venue = "V"
year = 2015
tags = ["theory"]

[[publications]]
title = "Mid"
authors = ["A", "B", "C", "D", "Ada Lovelace*", "F"]
venue = "V"
year = 2019
selected = true
tags = ["systems"]

[[publications]]
title = "New"
authors = ["A", "B", "C", "D"]
venue = "V"
year = 2024
tags = ["systems", "draft"]

[[awards]]
title = "Prize"
year = 2020
)";

std::vector<std::string> titles(const Cv& cv) {
    std::vector<std::string> out;
    for (const auto& p : cv.publications)
        out.push_back(p.title.value);
    return out;
}

}  // namespace

TEST_CASE("section rules keep entries by selected, tags, year and count") {
    const Cv cv = test::load_ok(kPapers);
    ContentRules rules;
    using V = std::vector<std::string>;
    CHECK(titles(apply_rules(cv, rules).cv) == V{"New", "Mid", "Old"});  // newest first

    rules.sections["publications"].selected_only = true;
    CHECK(titles(apply_rules(cv, rules).cv) == V{"Mid"});

    rules = {};
    rules.sections["publications"].include_tags = V{"systems"};
    rules.sections["publications"].exclude_tags = V{"draft"};
    CHECK(titles(apply_rules(cv, rules).cv) == V{"Mid"});

    rules = {};
    rules.sections["publications"].since = 2019;
    CHECK(titles(apply_rules(cv, rules).cv) == V{"New", "Mid"});

    rules = {};
    rules.sections["publications"].max_entries = 1;
    CHECK(titles(apply_rules(cv, rules).cv) == V{"New"});
}

TEST_CASE("authors are shortened after N names, keeping the owner and the last author") {
    const Cv cv = test::load_ok(kPapers);
    auto names = [&](std::size_t max, std::size_t paper) {
        std::vector<std::string> out;
        for (const auto& a : shorten_authors(cv.publications[paper].authors, max, cv.person))
            out.push_back(a.value);
        return out;
    };
    using V = std::vector<std::string>;
    CHECK(names(2, 1) == V{"A", "…", "Ada Lovelace*", "F"});
    CHECK(names(3, 1) == V{"A", "B", "…", "Ada Lovelace*", "F"});
    CHECK(names(5, 1) == V{"A", "B", "C", "D", "Ada Lovelace*", "F"});
    CHECK(names(2, 2) == V{"A", "…", "D"});
    CHECK(names(3, 2) == V{"A", "B", "…", "D"});
    CHECK(names(4, 2) == V{"A", "B", "C", "D"});
}

TEST_CASE("a shortened author list keeps the people of keep_authors, each gap one ellipsis") {
    const Cv cv = test::load_ok(R"(
[person]
name = "Yihao Zhao"
aliases = ["Zhao, Y."]
keep_authors = ["Xuanzhe Liu", "Jin, Xin"]

[[publications]]
title = "Many hands"
authors = ["A", "B", "C", "Y. Zhao", "D", "E", "Xuanzhe Liu", "F", "Xin Jin", "G"]
venue = "V"
year = 2024
)");
    const auto names = [&](std::size_t max, const Person& person) {
        std::vector<std::string> out;
        for (const auto& a : shorten_authors(cv.publications[0].authors, max, person))
            out.push_back(a.value);
        return out;
    };
    using V = std::vector<std::string>;
    // The owner by an alias, both advisors (one in BibTeX's order), the last author.
    CHECK(names(3, cv.person) ==
          V{"A", "B", "…", "Y. Zhao", "…", "Xuanzhe Liu", "…", "Xin Jin", "G"});
    // Kept people next to each other or to the first authors need no ellipsis between them.
    CHECK(names(5, cv.person) ==
          V{"A", "B", "C", "Y. Zhao", "…", "Xuanzhe Liu", "…", "Xin Jin", "G"});
    CHECK(names(10, cv.person).size() == 10);
    Person alone = cv.person;
    alone.keep_authors.clear();
    CHECK(names(3, alone) == V{"A", "B", "…", "Y. Zhao", "…", "G"});
}

TEST_CASE("order chooses and orders sections, and titles come from the rules") {
    const Cv cv = test::load_ok(kPapers);
    ContentRules rules;
    rules.order = std::vector<std::string>{"awards", "publications"};
    rules.sections["awards"].title = "Prizes";
    const FilteredCv f = apply_rules(cv, rules);
    REQUIRE(f.sections.size() == 2);
    CHECK(f.sections[0].name == "awards");
    CHECK(f.sections[0].title == "Prizes");
    CHECK(f.sections[1].title == "Publications");

    rules.order = std::vector<std::string>{"publications"};
    CHECK(apply_rules(cv, rules).cv.awards.empty());
}

TEST_CASE("a cv.toml [templates.NAME] table overrides the manifest key by key") {
    Diagnostics diagnostics;
    const TemplateManifest manifest = parse_manifest(R"(
name = "mine"
max_pages = 2
order = ["publications", "awards"]
[filters.publications]
selected = true
max_authors = 3
)",
                                                     "template.toml", diagnostics);
    REQUIRE(diagnostics.empty());
    const Cv cv = test::load_ok(std::string(kPapers) + R"(
[templates.mine]
max_pages = 1
[templates.mine.filters.publications]
selected = false
since = 2016
)");
    Template tmpl;
    tmpl.manifest = manifest;
    const TemplateInput input = input_for(cv, tmpl);
    CHECK(input.max_pages == 1);
    CHECK(titles(input.filtered.cv) == std::vector<std::string>{"New", "Mid"});
    CHECK(input.filtered.cv.publications[1].authors.back().value == "F");  // kept: 3
    const auto context = to_json(template_context(input.filtered.cv, input));
    CHECK(context["sections_order"][0]["name"] == "publications");
    CHECK(context["sections_order"][0]["is"]["publications"] == true);
}

TEST_CASE("mistakes in filters are reported with their place") {
    Diagnostics diagnostics;
    parse_manifest("order = [\"publication\"]\n[filters.publications]\nsince = \"2020\"\nmax = 3\n",
                   "template.toml", diagnostics);
    REQUIRE(diagnostics.error_count() == 3);
    CHECK(diagnostics.items()[0].hint == "did you mean \"publications\"?");
    CHECK(test::problems("[person]\nname = \"A\"\n[templates.short]\norder = [\"podcasts\"]\n") ==
          std::vector<std::string>{
              "4:10: error: `order` must be one of summary, research_interests, news, education, "
              "publications, experience, teaching, awards, talks, service, grants, students, "
              "patents, press, projects, volunteer, certificates, skills, languages, interests, "
              "references, sections, found \"podcasts\""});
}

TEST_CASE("the page budget drops unselected before selected, within sections before whole ones") {
    const Cv cv = test::load_ok(kPapers);
    Template tmpl;
    tmpl.manifest.rules.sections["awards"].priority = 5;
    const TemplateInput input = input_for(cv, tmpl);
    const auto order = droppable_entries(input);
    std::vector<std::string> labels;
    for (const auto& e : order)
        labels.push_back(e.section + " " + e.label);
    // The one award goes only with its whole section, after the papers' unselected ones.
    CHECK(labels == std::vector<std::string>{"publications “Old” (2015)",
                                             "publications “New” (2024)", "awards Prize (2020)",
                                             "publications “Mid” (2019)"});
    const Cv smaller = without_entries(input.filtered.cv, order, 3);
    CHECK(titles(smaller) == std::vector<std::string>{"Mid"});
    CHECK(smaller.awards.empty());
}

TEST_CASE("a [templates.NAME] table naming no template is a warning with a guess") {
    const Cv cv = test::load_ok(std::string(kPapers) + "\n[templates.shrot]\nmax_pages = 2\n");
    Diagnostics diagnostics;
    const auto search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
    check_template_overrides(cv, search, {}, diagnostics);
    REQUIRE(diagnostics.warning_count() == 1);
    CHECK(diagnostics.items()[0].message == "[templates.shrot] names no template mkcv can find");
    CHECK(diagnostics.items()[0].hint == "did you mean [templates.short]?");
    CHECK(diagnostics.items()[0].pos.line == 31);
    Diagnostics none;
    check_template_overrides(cv, search, {"shrot"}, none);
    CHECK(none.empty());
}

TEST_CASE("the shorthand of earlier manifests still filters publications") {
    Diagnostics diagnostics;
    const TemplateManifest manifest =
        parse_manifest("[filters]\npublications = \"selected\"\n", "template.toml", diagnostics);
    REQUIRE(diagnostics.empty());
    Template tmpl;
    tmpl.manifest = manifest;
    const Cv cv = test::load_ok(kPapers);
    CHECK(titles(input_for(cv, tmpl).filtered.cv) == std::vector<std::string>{"Mid"});
}

TEST_CASE("keep protects the first entries of a section from the page budget") {
    const Cv cv = test::load_ok(kPapers);
    Template tmpl;
    tmpl.manifest.rules.sections["publications"].keep = 2;
    const auto order = droppable_entries(input_for(cv, tmpl));
    REQUIRE(order.size() == 2);
    CHECK(order[0].label == "“Old” (2015)");  // New and Mid, printed first, are kept
    CHECK(order[1].label == "Prize (2020)");
}

TEST_CASE("headings: a rule's title, else its locale heading, else the locale's default") {
    Cv cv = test::load_ok(
        "[person]\nname = \"A\"\n[[education]]\ndegree = \"PhD\"\ninstitution = \"U\"\n"
        "[[publications]]\ntitle = \"P\"\nauthors = [\"A\"]\nvenue = \"V\"\nyear = 2024\n");
    LocaleTexts zh;
    zh.set("headings.education", "教育经历");
    zh.set("headings.selected_publications", "代表性论文");
    cv.locale.texts = std::make_shared<const LocaleTexts>(zh);
    ContentRules rules;
    rules.sections["publications"].heading = "selected_publications";
    const auto titles = [&](const ContentRules& r) {
        std::map<std::string, std::string> out;
        for (const auto& h : section_headings(cv, {}, r))
            out[h.name] = h.title;
        return out;
    };
    CHECK(titles(rules)["education"] == "教育经历");
    CHECK(titles(rules)["publications"] == "代表性论文");
    ContentRules mine;
    mine.sections["publications"].title = "Papers";
    CHECK(titles(merge_rules(rules, mine))["publications"] == "Papers");
    cv.locale.texts.reset();  // English
    CHECK(titles(rules)["publications"] == "Selected Publications");
}

TEST_CASE("filters apply to each declared section by its own key, and order places them") {
    const Cv cv = test::load_ok(R"([person]
name = "Ada"
[section.invited]
kind = "talks"
heading = "Invited Talks"
[[talks]]
title = "Contributed"
event = "E"
date = "2020"
[[invited]]
title = "Old invited"
event = "E"
date = "2010"
[[invited]]
title = "New invited"
event = "E"
date = "2022"
selected = true
[[invited]]
title = "Tagged"
event = "E"
date = "2023"
tags = ["private"]
)");
    const Section& invited = *sections_of(cv).find("invited");
    ContentRules rules;
    rules.sections["invited"].since = 2015;
    rules.sections["invited"].exclude_tags = std::vector<std::string>{"private"};
    FilteredCv f = apply_rules(cv, rules);
    REQUIRE(invited.size(f.cv) == 1);
    CHECK(static_cast<const Talk&>(invited.entries.at(f.cv, "invited", 0)).title.value ==
          "New invited");
    CHECK(f.cv.talks.size() == 1);  // the rules of `invited` leave [[talks]] alone

    rules = {};
    rules.sections["invited"].selected_only = true;
    CHECK(invited.size(apply_rules(cv, rules).cv) == 1);
    rules = {};
    rules.sections["invited"].max_entries = 2;
    CHECK(invited.size(apply_rules(cv, rules).cv) == 2);

    // A template's order names kinds: a declared section follows its kind, under its heading.
    rules = {};
    rules.order = std::vector<std::string>{"talks", "education"};
    f = apply_rules(cv, rules);
    REQUIRE(f.sections.size() == 2);
    CHECK(f.sections[0].name == "talks");
    CHECK(f.sections[1].name == "invited");
    CHECK(f.sections[1].title == "Invited Talks");
    // Named, it goes where named; an order without its kind leaves it out.
    rules.order = std::vector<std::string>{"invited", "talks"};
    f = apply_rules(cv, rules);
    REQUIRE(f.sections.size() == 2);
    CHECK(f.sections[0].name == "invited");
    rules.order = std::vector<std::string>{"education"};
    CHECK(invited.size(apply_rules(cv, rules).cv) == 0);
}

TEST_CASE("a declared section the rules do not name is filtered by its kind's rules") {
    const Cv cv = test::load_ok(R"([person]
name = "Ada"
[section.invited]
kind = "talks"
heading = "Invited Talks"
[[invited]]
title = "Kept"
event = "E"
date = "2020"
selected = true
[[invited]]
title = "Left out"
event = "E"
date = "2021"
)");
    const Section& invited = *sections_of(cv).find("invited");
    ContentRules rules;
    rules.sections["talks"].selected_only = true;
    rules.sections["talks"].title = "Talks of the kind";
    FilteredCv f = apply_rules(cv, rules);
    REQUIRE(invited.size(f.cv) == 1);
    REQUIRE(f.sections.size() == 1);
    CHECK(f.sections[0].title == "Invited Talks");  // never the kind's title
    rules.sections["invited"] = {};                 // its own rules win
    CHECK(invited.size(apply_rules(cv, rules).cv) == 2);
}
