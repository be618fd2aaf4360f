#include "cv/sections.h"

#include <algorithm>
#include <catch2/catch.hpp>

#include "context/context_builder.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "cv/value_origins.h"
#include "pipeline/page_budget.h"
#include "select/content_filter.h"

using namespace mkcv;

namespace {

// A section mkcv does not have: its struct ...
struct Patent : Entry {
    Text title;
    Text office;
    std::optional<DateRange> dates;
    std::vector<Text> inventors;
};

// ... and its row. Nothing else in mkcv changes for it.
Section patents_row() {
    return {
        .key = "patents",
        .doc = "Patents.",
        .filter_doc = "Patents.",
        .heading = "Patents",
        .print_rank = 7,
        .entry_doc = "A patent.",
        .fields =
            {
                {"title", "Title of the patent.", true, TextField{member<&Patent::title>(), true}},
                {"office", "Where it was granted.", false, TextField{member<&Patent::office>()}},
                {"dates", "", false, DatesField{member<&Patent::dates>()}},
                {"inventors", "Inventors.", false,
                 TextListField{member<&Patent::inventors>(), ListForm::People}},
                {"selected", "Keep in short CVs.", false, FlagField{member<&Patent::selected>()}},
                {"tags", "Free tags.", false,
                 TextListField{member<&Patent::tags>(), ListForm::Hidden}},
            },
        .entries = store<Patent>(),
        .name_field = member<&Patent::title>(),
        .label = [](const Entry& e) { return static_cast<const Patent&>(e).title.value; },
    };
}

const SectionTable& table_with_patents() {
    static const SectionTable kTable = [] {
        auto rows = builtin_section_rows();
        rows.push_back(patents_row());
        return SectionTable(std::move(rows));
    }();
    return kTable;
}

const char* kCv = R"([person]
name = "Ada Lovelace"

[[patents]]
title = "A Difference Engine"
office = "EPO"
start = "2019"
end = "2020"
inventors = ["Ada Lovelace", "Charles Babbage"]
tags = ["engines"]

[[patents]]
title = "A Loom"
selected = true
)";

Cv load_with_patents(const std::string& text, Diagnostics* diagnostics = nullptr) {
    LoadResult result = load_cv(text, "cv.toml", table_with_patents());
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
    CHECK(keys == std::vector<std::string>{"summary", "research_interests", "education",
                                           "experience", "publications", "teaching", "awards",
                                           "sections"});
    CHECK(section_names() == std::vector<std::string>{"summary", "research_interests", "education",
                                                      "publications", "experience", "teaching",
                                                      "awards", "sections"});
    CHECK(default_section_title("awards") == "Honors and Awards");
    CHECK(default_section_title("sections").empty());
    CHECK(&cv_schema() == &table.schema());
}

TEST_CASE("a section added by a row is loaded, checked and in the schema") {
    const Cv cv = load_with_patents(kCv);
    const Section& row = *sections_of(cv).find("patents");
    REQUIRE(row.size(cv) == 2);
    const auto& first = static_cast<const Patent&>(row.entries.at(cv, "patents", 0));
    CHECK(first.title.value == "A Difference Engine");
    CHECK(first.title.pos.line == 5);
    CHECK(first.inventors.size() == 2);
    CHECK(entry_year(row, first) == 2020);
    CHECK(row.entries.at(cv, "patents", 1).selected);

    const TableSpec& schema = table_with_patents().schema();
    const FieldSpec* patents = schema.find("patents");
    REQUIRE(patents);
    CHECK(patents->type == FieldType::TableArray);
    CHECK(patents->nested->names() == std::vector<std::string>{"title", "office", "start", "end",
                                                               "inventors", "selected", "tags"});
    const FieldSpec* order = schema.find("templates")->nested->find("order");
    CHECK(order->allowed.back() == "patents");
    CHECK(schema.find("templates")->nested->find("filters")->nested->find("patents"));
    CHECK(!cv_schema().find("patents"));  // the built-in table is untouched

    Diagnostics diagnostics;
    load_with_patents("[person]\nname = \"A\"\n[[patents]]\ntitel = \"x\"\n", &diagnostics);
    REQUIRE(diagnostics.items().size() == 2);
    CHECK(diagnostics.items()[0].message == "unknown key `titel` in [[patents]]");
    CHECK(diagnostics.items()[0].hint == "did you mean `title`?");
    CHECK(diagnostics.items()[1].message == "[[patents]] lacks the required key `title`");

    load_with_patents("[person]\nname = \"A\"\n[[patents]]\ntitle = \" \"\n", &diagnostics);
    REQUIRE(diagnostics.items().size() == 1);
    CHECK(diagnostics.items()[0].message == "`title` must not be empty");
}

TEST_CASE("a section added by a row reaches the value origins, filters and context") {
    const Cv cv = load_with_patents(kCv);
    std::vector<std::string> texts;
    for (const auto& origin : value_origins(cv))
        texts.push_back(std::to_string(origin.pos.line) + " " + origin.text);
    CHECK(texts == std::vector<std::string>{"2 Ada Lovelace", "5 A Difference Engine", "6 EPO",
                                            "9 Ada Lovelace", "9 Charles Babbage", "13 A Loom"});

    const auto context = to_json(build_context(cv, {}));
    REQUIRE(context["patents"].size() == 2);
    CHECK(context["patents"][0]["title"] == "A Difference Engine");
    CHECK(context["patents"][0]["dates"] == "2019 – 2020");
    CHECK(context["patents"][0]["inventors_text"] == "Ada Lovelace and Charles Babbage");
    CHECK(context["patents"][1]["office"].is_null());
    CHECK(context["has"]["patents"] == true);
    CHECK(context["titles"]["patents"] == "Patents");
    CHECK(context["sections_order"].back()["name"] == "patents");

    ContentRules rules;
    rules.sections["patents"].include_tags = std::vector<std::string>{"engines"};
    rules.sections["patents"].title = "Inventions";
    const FilteredCv filtered = apply_rules(cv, rules);
    CHECK(sections_of(filtered.cv).find("patents")->size(filtered.cv) == 1);
    CHECK(filtered.sections.back().name == "patents");
    CHECK(filtered.sections.back().title == "Inventions");
    rules.order = std::vector<std::string>{"education"};
    CHECK(sections_of(cv).find("patents")->empty(apply_rules(cv, rules).cv));
}

TEST_CASE("the page budget drops entries of a section added by a row") {
    const Cv cv = load_with_patents(kCv);
    TemplateInput input;
    input.filtered = apply_rules(cv, {});
    const auto order = droppable_entries(input);
    REQUIRE(order.size() == 2);
    CHECK(order[0].section == "patents");
    CHECK(order[0].label == "A Difference Engine (2020)");  // unselected first
    CHECK(order[1].label == "A Loom");
    const Cv fewer = without_entries(input.filtered.cv, order, 1);
    const Section& row = *sections_of(fewer).find("patents");
    REQUIRE(row.size(fewer) == 1);
    CHECK(static_cast<const Patent&>(row.entries.at(fewer, "patents", 0)).title.value == "A Loom");
}

TEST_CASE("walking the table writes each section into the context once") {
    const Cv cv = load_with_patents(kCv);
    const ContextTree tree = build_context(cv, {});
    std::vector<std::string_view> keys;
    for (auto id = tree.node(ContextTree::root()).first; id != ContextTree::kNone;
         id = tree.node(id).next)
        keys.push_back(tree.key_name(id));
    std::sort(keys.begin(), keys.end());
    CHECK(std::adjacent_find(keys.begin(), keys.end()) == keys.end());
}
