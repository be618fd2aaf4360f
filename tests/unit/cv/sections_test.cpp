#include "cv/sections.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "context/context_builder.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "cv/value_origins.h"
#include "pipeline/page_budget.h"
#include "select/content_filter.h"
#include "test_support.h"

using namespace mkcv;

namespace {

// A section mkcv does not have: its struct ...
struct Invention : Entry {
    Text title;
    Text office;
    std::optional<DateRange> dates;
    std::vector<Text> inventors;
};

// ... and its row. Nothing else in mkcv changes for it.
Section inventions_row() {
    return {
        .key = "inventions",
        .doc = "Inventions.",
        .filter_doc = "Inventions.",
        .heading = "Inventions",
        .print_rank = 7,
        .entry_doc = "An invention.",
        .fields =
            {
                {"title", "Title of the invention.", true,
                 TextField{member<&Invention::title>(), true}},
                {"office", "Where it was granted.", false, TextField{member<&Invention::office>()}},
                {"dates", "", false, DatesField{member<&Invention::dates>()}},
                {"inventors", "Inventors.", false,
                 TextListField{member<&Invention::inventors>(), ListForm::People}},
                {"selected", "Keep in short CVs.", false,
                 FlagField{member<&Invention::selected>()}},
                {"tags", "Free tags.", false,
                 TextListField{member<&Invention::tags>(), ListForm::Hidden}},
            },
        .entries = store<Invention>(),
        .name_field = member<&Invention::title>(),
        .label = [](const Entry& e) { return static_cast<const Invention&>(e).title.value; },
    };
}

const SectionTable& table_with_inventions() {
    static const SectionTable kTable = [] {
        auto rows = builtin_section_rows();
        rows.push_back(inventions_row());
        return SectionTable(std::move(rows));
    }();
    return kTable;
}

const char* kCv = R"([person]
name = "Ada Lovelace"

[[inventions]]
title = "A Difference Engine"
office = "EPO"
start = "2019"
end = "2020"
inventors = ["Ada Lovelace", "Charles Babbage"]
tags = ["engines"]

[[inventions]]
title = "A Loom"
selected = true
)";

Cv load_with_inventions(const std::string& text, Diagnostics* diagnostics = nullptr) {
    LoadResult result = load_cv(text, "cv.toml", table_with_inventions());
    REQUIRE(result.cv);
    validate_cv(*result.cv, result.diagnostics);
    if (diagnostics)
        *diagnostics = result.diagnostics;
    else
        REQUIRE(result.diagnostics.empty());
    return std::move(*result.cv);
}

}  // namespace

TEST_CASE("the built-in table has mkcv's sections, in file and in print order") {
    const SectionTable& table = builtin_sections();
    std::vector<std::string> keys;
    for (const auto& row : table.rows())
        keys.emplace_back(row.key);
    CHECK(keys == std::vector<std::string>{"summary",      "research_interests",
                                           "education",    "experience",
                                           "publications", "teaching",
                                           "awards",       "news",
                                           "talks",        "service",
                                           "grants",       "students",
                                           "patents",      "press",
                                           "projects",     "volunteer",
                                           "certificates", "skills",
                                           "languages",    "interests",
                                           "references",   "sections"});
    CHECK(section_names() == std::vector<std::string>{"summary",      "research_interests",
                                                      "news",         "education",
                                                      "publications", "experience",
                                                      "teaching",     "awards",
                                                      "talks",        "service",
                                                      "grants",       "students",
                                                      "patents",      "press",
                                                      "projects",     "volunteer",
                                                      "certificates", "skills",
                                                      "languages",    "interests",
                                                      "references",   "sections"});
    CHECK(default_section_title("awards") == "Honors and Awards");
    CHECK(default_section_title("sections").empty());
    CHECK(&cv_schema() == &table.schema());
}

TEST_CASE("a section added by a row is loaded, checked and in the schema") {
    const Cv cv = load_with_inventions(kCv);
    const Section& row = *sections_of(cv).find("inventions");
    REQUIRE(row.size(cv) == 2);
    const auto& first = static_cast<const Invention&>(row.entries.at(cv, "inventions", 0));
    CHECK(first.title.value == "A Difference Engine");
    CHECK(first.title.pos.line == 5);
    CHECK(first.inventors.size() == 2);
    CHECK(entry_year(row, first) == 2020);
    CHECK(row.entries.at(cv, "inventions", 1).selected);

    const TableSpec& schema = table_with_inventions().schema();
    const FieldSpec* inventions = schema.find("inventions");
    REQUIRE(inventions);
    CHECK(inventions->type == FieldType::TableArray);
    CHECK(inventions->nested->names() == std::vector<std::string>{"title", "office", "start", "end",
                                                                  "inventors", "selected", "tags"});
    const FieldSpec* order = schema.find("templates")->nested->find("order");
    CHECK(order->allowed.back() == "inventions");
    CHECK(schema.find("templates")->nested->find("filters")->nested->find("inventions"));
    CHECK(!cv_schema().find("inventions"));  // the built-in table is untouched

    Diagnostics diagnostics;
    load_with_inventions("[person]\nname = \"A\"\n[[inventions]]\ntitel = \"x\"\n", &diagnostics);
    REQUIRE(diagnostics.items().size() == 2);
    CHECK(diagnostics.items()[0].message == "unknown key `titel` in [[inventions]]");
    CHECK(diagnostics.items()[0].hint == "did you mean `title`?");
    CHECK(diagnostics.items()[1].message == "[[inventions]] lacks the required key `title`");

    load_with_inventions("[person]\nname = \"A\"\n[[inventions]]\ntitle = \" \"\n", &diagnostics);
    REQUIRE(diagnostics.items().size() == 1);
    CHECK(diagnostics.items()[0].message == "`title` must not be empty");
}

TEST_CASE("a section added by a row reaches the value origins, filters and context") {
    const Cv cv = load_with_inventions(kCv);
    std::vector<std::string> texts;
    for (const auto& origin : value_origins(cv))
        texts.push_back(std::to_string(origin.pos.line) + " " + origin.text);
    CHECK(texts == std::vector<std::string>{"2 Ada Lovelace", "5 A Difference Engine", "6 EPO",
                                            "9 Ada Lovelace", "9 Charles Babbage", "13 A Loom"});

    const auto context = to_json(build_context(cv, {}));
    REQUIRE(context["inventions"].size() == 2);
    CHECK(context["inventions"][0]["title"] == "A Difference Engine");
    CHECK(context["inventions"][0]["dates"] == "2019 – 2020");
    CHECK(context["inventions"][0]["inventors_text"] == "Ada Lovelace and Charles Babbage");
    CHECK(context["inventions"][1]["office"].is_null());
    CHECK(context["has"]["inventions"] == true);
    CHECK(context["titles"]["inventions"] == "Inventions");
    CHECK(context["sections_order"].back()["name"] == "inventions");

    ContentRules rules;
    rules.sections["inventions"].include_tags = std::vector<std::string>{"engines"};
    rules.sections["inventions"].title = "Inventions";
    const FilteredCv filtered = apply_rules(cv, rules);
    CHECK(sections_of(filtered.cv).find("inventions")->size(filtered.cv) == 1);
    CHECK(filtered.sections.back().name == "inventions");
    CHECK(filtered.sections.back().title == "Inventions");
    rules.order = std::vector<std::string>{"education"};
    CHECK(sections_of(cv).find("inventions")->empty(apply_rules(cv, rules).cv));
}

TEST_CASE("the page budget drops entries of a section added by a row") {
    const Cv cv = load_with_inventions(kCv);
    TemplateInput input;
    input.filtered = apply_rules(cv, {});
    const auto order = droppable_entries(input);
    REQUIRE(order.size() == 2);
    CHECK(order[0].section == "inventions");
    CHECK(order[0].label == "A Difference Engine (2020)");  // unselected first
    CHECK(order[1].label == "A Loom");
    const Cv fewer = without_entries(input.filtered.cv, order, 1);
    const Section& row = *sections_of(fewer).find("inventions");
    REQUIRE(row.size(fewer) == 1);
    CHECK(static_cast<const Invention&>(row.entries.at(fewer, "inventions", 0)).title.value ==
          "A Loom");
}

TEST_CASE("walking the table writes each section into the context once") {
    const Cv cv = load_with_inventions(kCv);
    const ContextTree tree = build_context(cv, {});
    std::vector<std::string_view> keys;
    for (auto id = tree.node(ContextTree::root()).first; id != ContextTree::kNone;
         id = tree.node(id).next)
        keys.push_back(tree.key_name(id));
    std::sort(keys.begin(), keys.end());
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
}

TEST_CASE("the academic sections are dated for `since` and the page budget, and droppable") {
    LoadResult result = load_cv(
        "[person]\nname = \"Ada\"\n"
        "[[talks]]\ntitle = \"Old Talk\"\nevent = \"E\"\ndate = \"2019-05\"\n"
        "[[press]]\ntitle = \"New Story\"\noutlet = \"O\"\ndate = \"2024-03-02\"\n"
        "[[service]]\nrole = \"Reviewer\"\norganization = \"J\"\nstart = \"2020\"\n"
        "end = \"present\"\n[[students]]\nname = \"Bo\"\n",
        "cv.toml");
    REQUIRE(result.cv);
    const Cv& cv = *result.cv;
    const SectionTable& table = builtin_sections();
    CHECK(entry_year(*table.find("talks"), cv.talks[0]) == 2019);
    CHECK(entry_year(*table.find("press"), cv.press[0]) == 2024);
    CHECK(entry_year(*table.find("service"), cv.service[0]) == 9999);
    CHECK(entry_year(*table.find("students"), cv.students[0]) == 0);
    TemplateInput input;
    input.filtered = apply_rules(cv, {});
    const auto order = droppable_entries(input);
    REQUIRE(order.size() == 4);
    // One entry each: whole sections, the academic budget's lowest priority first.
    CHECK(order[0].label == "“New Story” (2024)");
    CHECK(order[1].label == "Reviewer, J (present)");
    CHECK(order[3].label == "“Old Talk” (2019)");
}

TEST_CASE("the résumé sections are dated by their dates for `since` and the budget, or undated") {
    const Cv cv = test::load_ok(test::source_file("tests/data/resume_sections.toml"));
    const SectionTable& table = builtin_sections();
    CHECK(entry_year(*table.find("projects"), cv.projects[0]) == 9999);  // ongoing
    CHECK(entry_year(*table.find("projects"), cv.projects[1]) == 2020);
    CHECK(entry_year(*table.find("volunteer"), cv.volunteer[0]) == 2019);
    CHECK(entry_year(*table.find("volunteer"), cv.volunteer[1]) == 0);
    CHECK(entry_year(*table.find("certificates"), cv.certificates[0]) == 2022);
    // No date, and no year taken from the text: "C++20" names none.
    CHECK(entry_year(*table.find("skills"), cv.skills[0]) == 0);
    CHECK(entry_year(*table.find("languages"), cv.languages[0]) == 0);
    CHECK(entry_year(*table.find("interests"), cv.interests[0]) == 0);
    CHECK(entry_year(*table.find("references"), cv.references[0]) == 0);
    for (const char* key : {"projects", "volunteer", "certificates", "skills", "languages",
                            "interests", "references"}) {
        const Section* row = table.find(key);
        REQUIRE(row);
        CHECK(row->filterable);
        CHECK(row->droppable);
    }
    // The page budget's order over three of them, skills with a higher priority.
    ContentRules rules;
    rules.order = std::vector<std::string>{"projects", "skills", "certificates"};
    rules.sections["skills"].priority = 5;
    TemplateInput input;
    input.rules = rules;
    input.filtered = apply_rules(cv, rules);
    const auto order = droppable_entries(input);
    REQUIRE(order.size() == 6);
    // Within sections first (the lower priority first, then undated before dated), each
    // keeping its newest; then whole sections, the lower priority first, then the later.
    CHECK(order[0].label == "First Aid");
    CHECK(order[1].label == "Shared Cluster Scheduler (2020)");
    CHECK(order[2].label == "Systems");
    CHECK(order[3].label == "Certified Kubernetes Administrator {CKA} (2022)");
    CHECK(order[4].label == "mkcv & friends #1 (present)");
    CHECK(order[5].label == "Programming ^^5c");
}
