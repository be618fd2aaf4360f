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
    CHECK(outcome.report.find("short:   dropped talks: “Talk 1” (2001)\n"
                              "short:   dropped talks: “Talk 2” (2002)\n"
                              "short:   dropped talks: “Talk 3” (2003)\n") != std::string::npos);
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
