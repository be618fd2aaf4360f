#include "pipeline/page_budget.h"

#include <catch2/catch.hpp>
#include <regex>

#include "render/renderer.h"
#include "select/content_filter.h"
#include "test_support.h"

using namespace mkcv;

namespace {

// A CV of `talks` talks, one a year from 2001, in a template that prints one line per talk.
RenderedTemplate with_talks(int talks, int max_pages) {
    std::string toml = test::kMinimal;
    for (int i = 1; i <= talks; ++i)
        toml += "[[talks]]\ntitle = \"Talk " + std::to_string(i) + "\"\nevent = \"E\"\ndate = \"" +
                std::to_string(2000 + i) + "\"\n";
    RenderedTemplate r;
    r.tmpl.manifest.name = "short";
    r.tmpl.main = {"main.tex.mustache", "<<#talks>>LINE <<title>>\n<</talks>>"};
    r.input.filtered = apply_rules(test::load_ok(toml), {});
    r.input.max_pages = max_pages;
    Diagnostics ignored;
    r.tex = render_template(r.tmpl, template_context(r.input.filtered.cv, r.input), ignored).tex;
    return r;
}

// A stand-in for TeX: `lines_per_page` lines fill a page. Remembers the .tex of the last
// compile, the one whose PDF the build keeps.
struct FakeTex {
    int lines_per_page;
    std::string last_tex;
    int compiles = 0;
    CompileAttempt operator()(const std::string& tex) {
        last_tex = tex;
        ++compiles;
        const auto lines = std::count(tex.begin(), tex.end(), '\n');
        const int pages =
            std::max<int>(1, static_cast<int>((lines + lines_per_page - 1) / lines_per_page));
        return {true, pages, "short: " + std::to_string(pages) + " pages\n", {}};
    }
};

int lines_in(const std::string& tex) {
    return static_cast<int>(std::count(tex.begin(), tex.end(), '\n'));
}

int dropped_in(const std::string& report) {
    const std::regex line("short:   dropped talks: ");
    return static_cast<int>(
        std::distance(std::sregex_iterator(report.begin(), report.end(), line), {}));
}

}  // namespace

TEST_CASE("the page budget drops the fewest entries that fit, and keeps that PDF") {
    for (const int talks : {1, 2, 7, 10, 31}) {
        for (const int per_page : {1, 3, 4}) {
            for (const int budget : {1, 2, 3}) {
                const int fits = per_page * budget;
                if (fits < 1)
                    continue;
                FakeTex tex{per_page};
                const BudgetOutcome outcome =
                    compile_within_budget(with_talks(talks, budget), false, std::ref(tex));
                const int fewest = std::max(0, talks - fits);
                INFO(talks << " talks, " << per_page << " a page, budget " << budget);
                REQUIRE(outcome.ok);
                CHECK(dropped_in(outcome.report) == fewest);
                CHECK(lines_in(tex.last_tex) == talks - fewest);
                if (fewest > 0)
                    CHECK(outcome.report.find("dropped " + std::to_string(fewest) +
                                              (fewest == 1 ? " entry" : " entries") + " to fit") !=
                          std::string::npos);
            }
        }
    }
}

TEST_CASE("the page budget drops the oldest talks first and names each one it drops") {
    FakeTex tex{4};
    const BudgetOutcome outcome = compile_within_budget(with_talks(7, 1), false, std::ref(tex));
    REQUIRE(outcome.ok);
    const std::string why = " — not selected, the oldest left in its section, priority 40\n";
    CHECK(outcome.report.find("short:   dropped talks: “Talk 1” (2001)" + why +
                              "short:   dropped talks: “Talk 2” (2002)" + why +
                              "short:   dropped talks: “Talk 3” (2003)" + why) !=
          std::string::npos);
    CHECK(outcome.report.find("Talk 4”") == std::string::npos);
    CHECK(tex.last_tex.find("LINE Talk 3\n") == std::string::npos);
    CHECK(tex.last_tex.find("LINE Talk 4\n") != std::string::npos);
}

TEST_CASE("a CV within its budget compiles once and drops nothing") {
    FakeTex tex{10};
    const BudgetOutcome outcome = compile_within_budget(with_talks(5, 1), false, std::ref(tex));
    REQUIRE(outcome.ok);
    CHECK(tex.compiles == 1);
    CHECK(outcome.report.find("dropped") == std::string::npos);
}

TEST_CASE("with strict pages an overflow fails and drops nothing") {
    FakeTex tex{2};
    const BudgetOutcome outcome = compile_within_budget(with_talks(5, 1), true, std::ref(tex));
    CHECK_FALSE(outcome.ok);
    CHECK(tex.compiles == 1);
    CHECK(outcome.diagnostics.has_errors());
}

TEST_CASE("the page budget drops the entries of a declared section by its own priority") {
    const Cv cv = test::load_ok(std::string(test::kMinimal) + R"(
[section.invited]
kind = "talks"
heading = "Invited Talks"
[[talks]]
title = "Contributed"
event = "E"
date = "2020"
[[invited]]
title = "Invited"
event = "E"
date = "2020"
)");
    TemplateInput input;
    input.filtered = apply_rules(cv, {});
    auto order = droppable_entries(input);
    REQUIRE(order.size() == 2);
    CHECK(order[0].section == "invited");  // same year: the later in print order goes first
    CHECK(order[0].label.find("Invited") != std::string::npos);
    input.rules.sections["talks"].priority = -1;
    order = droppable_entries(input);
    CHECK(order[0].section == "invited");  // the kind's priority, where its own is unsaid
    input.rules.sections["invited"].priority = 0;
    order = droppable_entries(input);
    CHECK(order[0].section == "talks");
    input.rules.sections["invited"].keep = 1;
    order = droppable_entries(input);
    REQUIRE(order.size() == 1);
    CHECK(without_entries(input.filtered.cv, order, 1).talks.empty());
}

namespace {

BudgetEntry entry(std::size_t index, int year, bool selected = false) {
    return {index, "e" + std::to_string(index), selected, year};
}

BudgetSection section(const std::string& key, int priority, std::vector<BudgetEntry> entries) {
    SectionRules rules;
    rules.priority = priority;
    return {key, rules, std::move(entries)};
}

// "teaching 0" for each drop, in order.
std::vector<std::string> names(const std::vector<DroppableEntry>& order) {
    std::vector<std::string> out;
    for (const auto& d : order)
        out.push_back(d.section + " " + std::to_string(d.index));
    return out;
}

// A PhD candidate's CV as the issue found it: two degrees, a long paper list, teaching.
const char* kCandidate = R"(
[[education]]
degree = "Ph.D."
institution = "U"
start = "2021-09"
end = "present"
[[education]]
degree = "B.S."
institution = "U"
start = "2015-09"
end = "2019-06"
[[experience]]
role = "Research Intern"
organization = "A"
start = "2025-06"
end = "present"
[[experience]]
role = "Research Intern"
organization = "B"
start = "2020-06"
end = "2020-09"
[[teaching]]
role = "TA"
course = "Operating Systems"
institution = "U"
terms = ["Fall 2022"]
[[teaching]]
role = "TA"
course = "Networks"
institution = "U"
terms = ["Fall 2023"]
[[publications]]
title = "Old"
authors = ["Ada Lovelace"]
venue = "V"
year = 2019
kind = "conference"
[[publications]]
title = "New"
authors = ["Ada Lovelace"]
venue = "V"
year = 2024
kind = "conference"
)";

}  // namespace

TEST_CASE("the budget drops within sections before it drops a whole section") {
    const auto order = drop_order({section("publications", 90, {entry(0, 2024), entry(1, 2019)}),
                                   section("teaching", 30, {entry(0, 2022), entry(1, 2023)}),
                                   section("awards", 50, {entry(0, 2020)})});
    // Each section keeps its newest until every section is down to one; then the sections
    // go whole, lowest priority first.
    CHECK(names(order) == std::vector<std::string>{"teaching 0", "publications 1", "teaching 1",
                                                   "awards 0", "publications 0"});
    CHECK(order[0].reason == "not selected, the oldest left in its section, priority 30");
    CHECK(order[2].reason == "the last of its section (priority 30): the section is left out");
}

TEST_CASE("the budget drops unselected entries before selected ones, whatever the section") {
    const auto order =
        drop_order({section("publications", 90, {entry(0, 2024, true), entry(1, 2018, true)}),
                    section("awards", 10, {entry(0, 2024, true), entry(1, 2023)})});
    CHECK(names(order) ==
          std::vector<std::string>{"awards 1", "publications 1", "awards 0", "publications 0"});
    CHECK(order[1].reason == "selected, the oldest left in its section, priority 90");
}

TEST_CASE("the budget never drops what is not droppable, kept or current") {
    BudgetSection education = section("education", 100, {entry(0, 9999), entry(1, 2019)});
    education.rules.droppable = false;
    BudgetSection experience = section("experience", 60, {entry(0, 9999), entry(1, 2020)});
    experience.rules.keep_current = true;
    BudgetSection skills = section("skills", 10, {entry(0, 0), entry(1, 0), entry(2, 0)});
    skills.rules.keep = 2;
    const auto order = drop_order({education, experience, skills});
    // With something kept, a section's last droppable entry is no whole section.
    CHECK(names(order) == std::vector<std::string>{"skills 2", "experience 1"});
    education.rules.droppable = true;  // the user said so
    CHECK(names(drop_order({education})) == std::vector<std::string>{"education 1", "education 0"});
}

TEST_CASE("an academic budget keeps the degrees, the current position and the papers longest") {
    TemplateInput input;
    input.filtered = apply_rules(test::load_ok(std::string(test::kMinimal) + kCandidate), {});
    const auto order = droppable_entries(input);
    CHECK(names(order) == std::vector<std::string>{"teaching 0", "experience 1", "publications 1",
                                                   "teaching 1", "publications 0"});
    // Never the degrees nor the current internship; a recruiter reads positions first.
    input.rules.budget = BudgetProfile::Industry;
    CHECK(names(droppable_entries(input)) ==
          std::vector<std::string>{"teaching 0", "publications 1", "experience 1", "teaching 1",
                                   "publications 0"});
}

TEST_CASE("a cv.toml override makes education droppable and ranks by its own priority") {
    const Cv cv = test::load_ok(std::string(test::kMinimal) + kCandidate + R"(
[templates.short]
budget = "industry"
[templates.short.filters.education]
droppable = true
[templates.short.filters.experience]
keep_current = false
priority = 1
)");
    TemplateInput input;
    input.rules = cv.templates.at("short");
    input.filtered = apply_rules(cv, input.rules);
    const auto order = names(droppable_entries(input));
    CHECK(order.front() == "experience 1");
    CHECK(std::find(order.begin(), order.end(), "education 1") != order.end());
    CHECK(std::find(order.begin(), order.end(), "experience 0") != order.end());
}

TEST_CASE("a section emptied by the budget takes its heading with it") {
    RenderedTemplate r;
    r.tmpl.manifest.name = "short";
    r.tmpl.main = {"main.tex.mustache",
                   "<<#sections_order>>HEADING <<title>>\n<<#is.teaching>><<#teaching>>LINE "
                   "<<course>>\n<</teaching>><</is.teaching>><<#is.education>><<#education>>"
                   "LINE <<degree>>\n<</education>><</is.education>><</sections_order>>"};
    r.input.filtered = apply_rules(test::load_ok(std::string(test::kMinimal) + R"(
[[education]]
degree = "Ph.D."
institution = "U"
end = "2020"
[[teaching]]
role = "TA"
course = "Networks"
institution = "U"
terms = ["Fall 2023"]
)"),
                                   {});
    r.input.max_pages = 1;
    Diagnostics ignored;
    r.tex = render_template(r.tmpl, template_context(r.input.filtered.cv, r.input), ignored).tex;
    REQUIRE(r.tex.find("HEADING Teaching") != std::string::npos);
    FakeTex tex{3};
    const BudgetOutcome outcome = compile_within_budget(r, false, std::ref(tex));
    REQUIRE(outcome.ok);
    CHECK(tex.last_tex == "HEADING Education\nLINE Ph.D.\n");
    INFO(outcome.report);
    CHECK(outcome.report.find("dropped teaching: TA") != std::string::npos);
    CHECK(outcome.report.find("the section is left out") != std::string::npos);
}
