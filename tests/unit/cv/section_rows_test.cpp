#include "cv/section_rows.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

// The keys of rows, in order.
std::vector<std::string> keys_of(const std::vector<Section>& rows) {
    std::vector<std::string> keys;
    for (const auto& row : rows)
        keys.emplace_back(row.key);
    return keys;
}

}  // namespace

TEST_CASE("each family's row makers give the row of their section, assembled in cv.toml's order") {
    namespace rows = section_rows;
    const std::vector<Section> made = {
        rows::summary_row(),      rows::research_interests_row(),
        rows::education_row(),    rows::experience_row(),
        rows::publications_row(), rows::teaching_row(),
        rows::awards_row(),       rows::news_row(),
        rows::talks_row(),        rows::service_row(),
        rows::grants_row(),       rows::students_row(),
        rows::patents_row(),      rows::press_row(),
        rows::projects_row(),     rows::volunteer_row(),
        rows::certificates_row(), rows::skills_row(),
        rows::languages_row(),    rows::interests_row(),
        rows::references_row(),   rows::custom_sections_row(),
    };
    CHECK(keys_of(builtin_section_rows()) == keys_of(made));
    // Each maker is its section's: the function's name and the row's key agree.
    CHECK(rows::custom_sections_row().key == "sections");
    CHECK(rows::talks_row().fields.front().key == "title");
    CHECK(rows::publications_row().companion.has_value());
    CHECK(rows::education_row().fields.front().key == "degree");
}

TEST_CASE("the shared field makers set what their names say") {
    using namespace section_rows;
    const TextField required = text<&Talk::title>(true);
    CHECK(required.check_blank);
    CHECK_FALSE(required.prose);
    CHECK(prose<&Education::note>().prose);
    CHECK(url_text<&Press::url>().url);
    CHECK(texts<&Talk::tags>(ListForm::Hidden).form == ListForm::Hidden);
    CHECK_FALSE(flag<&Talk::invited>(false).in_context);

    const Field tag_field = tags<Talk>();
    CHECK(tag_field.key == "tags");
    CHECK(std::get<TextListField>(tag_field.kind).form == ListForm::Hidden);

    Education e;
    e.degree.value = "PhD";
    e.institution.value = "ETH";
    CHECK(joined<&Education::degree, &Education::institution>(e) == "PhD, ETH");
    Talk t;
    t.title.value = "On TeX";
    CHECK(quoted<&Talk::title>(t) == "“On TeX”");
}
