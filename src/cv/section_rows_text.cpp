// Rows of what the owner writes as text: the paragraphs (summary, research interests),
// a homepage's news and the custom sections.
#include "cv/section_rows.h"

namespace mkcv::section_rows {
namespace {

void check_custom_section(const Entry& entry, const std::string& file, Diagnostics& diag) {
    const auto& s = static_cast<const CustomSection&>(entry);
    const int bodies = !s.text.empty() + !s.items.empty() + !s.entries.empty();
    if (bodies > 1)
        diag.error(
            file, s.pos, "section",
            "section \"" + s.title.value + "\" has more than one of `text`, `items` and `entries`",
            "split it into two sections");
}

}  // namespace

Section summary_row() {
    return {.key = "summary",
            .doc =
                "A paragraph about you, printed first under \"Summary\" (usually "
                "written in [person]).",
            .filter_doc = "Summary.",
            .heading = "Summary",
            .print_rank = 0,
            .filterable = false,
            .droppable = false,
            .paragraph = &Cv::summary};
}

Section research_interests_row() {
    return {.key = "research_interests",
            .doc = "A paragraph on research interests.",
            .filter_doc = "Research interests.",
            .heading = "Research Interests",
            .print_rank = 0,
            .filterable = false,
            .droppable = false,
            .paragraph = &Cv::research_interests};
}

// A homepage's news (the academic theme prints them; the other templates leave them out).
Section news_row() {
    return {
        .key = "news",
        .doc = "News for a homepage, each a date and a line: printed newest first.",
        .filter_doc = "News.",
        .heading = "News",
        .print_rank = 0,
        .entry_doc = "A piece of news.",
        .fields =
            {
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", true,
                 date_field<&News::date, &News::date_pos>()},
                {"text", "What happened, in a line (inline markup).", true, prose<&News::text>()},
                {"selected", kSelectedDoc, false, flag<&News::selected>(true)},
                tags<News>(),
            },
        .entries = store<News>(),
        .name_field = member<&News::text>(),
        .label = joined<&News::text>,
    };
}

Section custom_sections_row() {
    return {
        .key = "sections",
        .doc = "Custom sections.",
        .filter_doc = "Custom sections.",
        .heading = "",  // custom sections carry their own titles
        .print_rank = 6,
        .entry_doc = "A section of your own, printed in file order after the built-in ones.",
        .fields =
            {
                {"title", "Section heading.", true, text<&CustomSection::title>(true)},
                {"text", "A paragraph.", false, prose<&CustomSection::text>()},
                {"items", "A bulleted list.", false,
                 texts<&CustomSection::items>(ListForm::Bullets)},
                {"entries", "Entries with title, subtitle, date ...", false,
                 records<&CustomSection::entries>(
                     "entry", "An entry of a custom section.",
                     {
                         {"title", "First line, in bold.", true, text<&SectionEntry::title>(true)},
                         {"subtitle", "Second line.", false, text<&SectionEntry::subtitle>()},
                         {"date", "Date text, printed right-aligned.", false,
                          text<&SectionEntry::date>()},
                         {"location", "Place.", false, text<&SectionEntry::location>()},
                         {"url", "Where the title links to (http(s):// or mailto:).", false,
                          url_text<&SectionEntry::url>()},
                         {"dates", "", false, DatesField{member<&SectionEntry::dates>()}},
                         {"links", "Links by label, e.g. { slides = \"...\" }.", false,
                          LinksField{member<&SectionEntry::links>()}},
                         {"text", "A paragraph.", false, prose<&SectionEntry::text>()},
                         {"highlights", "Bullet points.", false,
                          texts<&SectionEntry::highlights>(ListForm::Bullets)},
                     })},
                {"selected", kSelectedDoc, false, flag<&CustomSection::selected>(false)},
                tags<CustomSection>(),
            },
        .entries = store<CustomSection, &Cv::sections>(),
        .name_field = member<&CustomSection::title>(),
        .label = quoted<&CustomSection::title>,
        .check = check_custom_section,
    };
}

}  // namespace mkcv::section_rows
