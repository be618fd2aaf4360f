#include "cv/sections.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <type_traits>

namespace mkcv {
namespace {

// An entry's label in the page budget's report: the texts of `M...`, joined by ", ".
template <auto... M>
std::string joined(const Entry& e) {
    std::string out;
    bool first = true;
    ((out += (first ? "" : ", ") + member<M>()(e).value, first = false), ...);
    return out;
}

template <auto M>
std::string quoted(const Entry& e) {
    return "“" + member<M>()(e).value + "”";
}

template <auto M>
TextField text(bool check_blank = false) {
    return {member<M>(), check_blank};
}

// A text that holds inline Markdown (notes, thesis, a section's text).
template <auto M>
TextField prose() {
    return {member<M>(), false, true};
}

// A URL the entry links to (checked like links; the context adds `href`).
template <auto M>
TextField url_text() {
    return {member<M>(), false, false, true};
}

// Education's degree, joined with its field as the locale says (degree_in_field).
TextField degree_text() {
    TextField f = text<&Education::degree>(true);
    f.join_pattern = "degree_in_field";
    f.joined_key = "field";
    f.joined_with = member<&Education::field>();
    return f;
}

// A picture's path (a Photo's `path`), read and checked later (cv/photo.h).
template <auto M>
TextField text_of_photo() {
    return {{[](Record& r) -> Text& {
        using Traits = MemberTraits<M>;
        return (static_cast<typename Traits::Class&>(r).*M).path;
    }}};
}

template <auto D, auto P>
DateField date_field() {
    return {member<D>(), member<P>()};
}

template <auto M>
TextListField texts(ListForm form) {
    return {member<M>(), form};
}

template <auto M>
FlagField flag(bool in_context) {
    return {member<M>(), in_context};
}

template <typename E>
Field tags() {
    return {"tags", "Free tags that templates can filter on.", false,
            texts<&E::tags>(ListForm::Hidden)};
}

void check_custom_section(const Entry& entry, const std::string& file, Diagnostics& diag) {
    const auto& s = static_cast<const CustomSection&>(entry);
    const int bodies = !s.text.empty() + !s.items.empty() + !s.entries.empty();
    if (bodies > 1)
        diag.error(
            file, s.pos, "section",
            "section \"" + s.title.value + "\" has more than one of `text`, `items` and `entries`",
            "split it into two sections");
}

void set_publication_kind(Record& record, const Text& kind) {
    auto& p = static_cast<Publication&>(record);
    p.kind = kind.empty()
                 ? PublicationKind::Other
                 : publication_kind_from_string(kind.value).value_or(PublicationKind::Other);
    p.kind_given = !kind.empty();
}

constexpr std::string_view kSelectedDoc = "Keep in CVs that print selected entries only.";
constexpr std::string_view kShortSelectedDoc =
    "Keep in short CVs that print selected entries only.";

int year_of(const std::optional<PartialDate>& date) {
    if (!date)
        return 0;
    return date->present ? 9999 : date->year;
}

int year_of(const DateRange& range) {
    return range.end ? year_of(range.end) : year_of(range.start);
}

// The last four-digit number standing alone in any of `terms`.
int last_year_named(const std::vector<Text>& terms) {
    int year = 0;
    for (const auto& term : terms) {
        const std::string& s = term.value;
        for (std::size_t i = 0; i + 4 <= s.size(); ++i) {
            const bool digits =
                std::all_of(s.begin() + static_cast<long>(i), s.begin() + static_cast<long>(i + 4),
                            [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
            const bool alone =
                (i == 0 || !std::isdigit(static_cast<unsigned char>(s[i - 1]))) &&
                (i + 4 == s.size() || !std::isdigit(static_cast<unsigned char>(s[i + 4])));
            if (digits && alone)
                year = std::max(year, std::stoi(s.substr(i, 4)));
        }
    }
    return year;
}

TableSpec entry_table(std::string_view name, std::string_view doc, const std::vector<Field>& fields,
                      std::deque<TableSpec>& store);

// A field's keys in cv.toml: one, or two or three for dates.
void add_specs(const Field& field, std::vector<FieldSpec>& out, std::deque<TableSpec>& store) {
    const auto plain = [&](FieldType type, bool translatable = true) {
        out.push_back({field.key, type, field.required, field.doc, nullptr, field.allowed,
                       field.required_unless, translatable});
    };
    const FieldSpec start{"start", FieldType::Date, false, "When it began."};
    const FieldSpec end{"end", FieldType::Date, false, "When it ended, or \"present\"."};
    std::visit(
        [&]<typename K>(const K& kind) {
            if constexpr (std::is_same_v<K, TextField> || std::is_same_v<K, ChoiceField>) {
                plain(FieldType::String);
            } else if constexpr (std::is_same_v<K, DateField>) {
                plain(FieldType::Date);
            } else if constexpr (std::is_same_v<K, TextListField>) {
                plain(FieldType::StringList, kind.form != ListForm::Hidden);  // not tags
            } else if constexpr (std::is_same_v<K, YearField>) {
                plain(FieldType::Integer);
                if (kind.month)
                    out.push_back({"date", FieldType::Date, false,
                                   "Month or day, \"2023-10\" or \"2023-10-05\" (a TOML date "
                                   "too), instead of `year` or agreeing with it."});
            } else if constexpr (std::is_same_v<K, FlagField>) {
                plain(FieldType::Bool);
            } else if constexpr (std::is_same_v<K, LinksField>) {
                plain(FieldType::UrlMap);
            } else if constexpr (std::is_same_v<K, DatesField>) {
                out.push_back(start);
                out.push_back(end);
            } else if constexpr (std::is_same_v<K, PeriodsField>) {
                out.push_back(start);
                out.push_back(end);
                out.push_back({"periods", FieldType::TableArray, false,
                               "Several date ranges at the same place, each { start, end }; "
                               "instead of start/end.",
                               &period_spec()});
            } else if constexpr (std::is_same_v<K, RecordsField>) {
                store.push_back(entry_table(kind.name, kind.doc, kind.fields, store));
                out.push_back(
                    {field.key, FieldType::TableArray, field.required, field.doc, &store.back()});
            }
        },
        field.kind);
}

TableSpec entry_table(std::string_view name, std::string_view doc, const std::vector<Field>& fields,
                      std::deque<TableSpec>& store) {
    TableSpec spec{name, doc, {}};
    for (const auto& field : fields)
        add_specs(field, spec.fields, store);
    return spec;
}

const TableSpec& build_cv_schema(const std::vector<Section>& rows,
                                 const std::vector<const Section*>& print_order,
                                 std::deque<TableSpec>& store) {
    TableSpec filters{"filters", "Rules per section.", {}};
    std::vector<std::string_view> names;
    for (const Section* section : print_order) {
        filters.fields.push_back(
            {section->key, FieldType::Table, false, section->filter_doc, &section_rules_spec()});
        names.push_back(section->key);
    }
    store.push_back(std::move(filters));
    const TableSpec& filter_spec = store.back();
    store.push_back(
        {"template",
         "Overrides a template's template.toml for this CV, key by key.",
         {{"order", FieldType::StringList, false,
           "Sections to print, in order; sections not named are left out.", nullptr, names},
          {"max_pages", FieldType::Integer, false, "Page budget: at most this many pages."},
          {"budget",
           FieldType::String,
           false,
           "Page budget: whose priorities its defaults follow (academic or industry).",
           nullptr,
           {"academic", "industry"}},
          {"filters", FieldType::Table, false, "Rules per section.", &filter_spec}},
         &design_options_spec()});
    const TableSpec& template_spec = store.back();

    // [section.KEY]: a section of a built-in kind under a key and heading of one's own.
    std::vector<std::string_view> kinds;
    for (const auto& section : rows)
        if (section.is_list() && !section.declared() && section.key != "sections")
            kinds.push_back(section.key);
    store.push_back(
        {"section",
         "A section of your own of a built-in kind: its entries are [[KEY]] tables "
         "of that kind.",
         {{"kind", FieldType::String, true,
           "The built-in section whose entries these are, e.g. \"experience\".", nullptr, kinds},
          {"heading", FieldType::String, false,
           "Printed heading, e.g. \"Industry Experience\"; the kind's own "
           "heading when left out."}}});
    const TableSpec& declared_spec = store.back();

    TableSpec root{"cv", "A CV for mkcv.", {}};
    root.fields.push_back(
        {"person", FieldType::Table, true, "Who the CV is about.", &person_spec()});
    for (const auto& section : rows) {
        if (section.companion)
            root.fields.push_back(*section.companion);
        if (!section.is_list()) {
            root.fields.push_back({section.key, FieldType::String, false, section.doc});
            continue;
        }
        store.push_back(entry_table(section.key, section.entry_doc, section.fields, store));
        root.fields.push_back(
            {section.key, FieldType::TableArray, false, section.doc, &store.back()});
    }
    root.fields.push_back({"build", FieldType::Table, false, "Build settings.", &build_spec()});
    root.fields.push_back(
        {"site", FieldType::Table, false, "What `mkcv site` publishes.", &site_spec()});
    root.fields.push_back({"locale", FieldType::Table, false, "Language.", &locale_spec()});
    root.fields.push_back(
        {"sync", FieldType::Table, false, "Sources of `mkcv sync`.", &sync_spec()});
    root.fields.push_back({"applications", FieldType::TableArray, false,
                           "Applications `mkcv apply` builds: a letter, statements and a "
                           "tailored CV each.",
                           &application_spec()});
    root.fields.push_back({"extra", FieldType::Table, false,
                           "Data kept for other tools and never printed: any keys and values "
                           "(mkcv import keeps a source's extension fields here).",
                           &extra_spec()});
    store.push_back({"design",
                     "Template options for every template that declares them; "
                     "[templates.NAME] sets them for one and wins.",
                     {},
                     &design_options_spec()});
    root.fields.push_back({"design", FieldType::Table, false,
                           "Template options for all templates; see docs/templates.md.",
                           &store.back()});
    root.fields.push_back({"templates", FieldType::TableMap, false,
                           "Per-template overrides by template name, e.g. [templates.short].",
                           &template_spec});
    root.fields.push_back({"section", FieldType::TableMap, false,
                           "Sections of your own of a built-in kind, by key, e.g. "
                           "[section.industry] kind = \"experience\", then [[industry]] entries.",
                           &declared_spec});
    store.push_back(std::move(root));
    return store.back();
}

}  // namespace

std::vector<Section> builtin_section_rows() {
    std::vector<Section> rows;
    rows.push_back({.key = "summary",
                    .doc = "A paragraph about you, printed first under \"Summary\" (usually "
                           "written in [person]).",
                    .filter_doc = "Summary.",
                    .heading = "Summary",
                    .print_rank = 0,
                    .filterable = false,
                    .droppable = false,
                    .paragraph = &Cv::summary});
    rows.push_back({.key = "research_interests",
                    .doc = "A paragraph on research interests.",
                    .filter_doc = "Research interests.",
                    .heading = "Research Interests",
                    .print_rank = 0,
                    .filterable = false,
                    .droppable = false,
                    .paragraph = &Cv::research_interests});
    rows.push_back({
        .key = "education",
        .doc = "Degrees.",
        .filter_doc = "Education.",
        .heading = "Education",
        .print_rank = 1,
        .entry_doc = "A degree, newest first.",
        .fields =
            {
                {"degree", "Degree, e.g. Ph.D. in Computer Science, or Ph.D. with the field apart.",
                 true, degree_text()},
                {"field",
                 "Field of study, e.g. Computer Science: printed after the degree "
                 "as the locale joins them (degree_in_field).",
                 false, text<&Education::field>()},
                {"institution", "University or school.", true, text<&Education::institution>(true)},
                {"department", "Department, school or programme.", false,
                 text<&Education::department>()},
                {"location", "City.", false, text<&Education::location>()},
                {"dates", "", false, DatesField{member<&Education::dates>()}},
                {"advisors", "Advisors' names.", false,
                 texts<&Education::advisors>(ListForm::People)},
                {"thesis", "Thesis title.", false, prose<&Education::thesis>()},
                {"note", "A remark printed under the entry.", false, prose<&Education::note>()},
                {"highlights", "Bullet points.", false,
                 texts<&Education::highlights>(ListForm::Bullets)},
                {"selected", kShortSelectedDoc, false, flag<&Education::selected>(true)},
                tags<Education>(),
            },
        .entries = store<Education, &Cv::education>(),
        .name_field = member<&Education::degree>(),
        .label = joined<&Education::degree, &Education::institution>,
    });
    rows.push_back({
        .key = "experience",
        .doc = "Positions and internships.",
        .filter_doc = "Experience.",
        .heading = "Experience",
        .print_rank = 3,
        .entry_doc = "A position, newest first.",
        .fields =
            {
                {"role", "Job title, e.g. Research Intern.", true, text<&Experience::role>(true)},
                {"organization", "Company, lab or institution.", true,
                 text<&Experience::organization>(true)},
                {"location", "City.", false, text<&Experience::location>()},
                {"dates", "", false, PeriodsField{member<&Experience::periods>()}},
                {"mentors", "Mentors' names.", false,
                 texts<&Experience::mentors>(ListForm::People)},
                {"note", "A remark printed under the entry.", false, prose<&Experience::note>()},
                {"highlights", "Bullet points.", false,
                 texts<&Experience::highlights>(ListForm::Bullets)},
                {"selected", kShortSelectedDoc, false, flag<&Experience::selected>(true)},
                tags<Experience>(),
            },
        .entries = store<Experience, &Cv::experience>(),
        .name_field = member<&Experience::role>(),
        .label = joined<&Experience::role, &Experience::organization>,
    });
    TextListField authors = texts<&Publication::authors>(ListForm::People);
    authors.list_pos = member<&Publication::authors_pos>();
    rows.push_back({
        .key = kPublicationsSection,
        .doc = "Papers.",
        .filter_doc = "Publications.",
        .heading = "Publications",
        .print_rank = 2,
        .entry_doc = "A paper, in any order: the CV sorts them. With `key`, an entry of the "
                     "bibliography that this table adds to or overrides.",
        .fields =
            {
                {"key",
                 "Citekey of a BibTeX entry in `bibliography`; the other keys then override or "
                 "add to it.",
                 false, text<&Publication::key>()},
                {"title",
                 "Title as it should print.",
                 true,
                 text<&Publication::title>(),
                 {},
                 "key"},
                {"authors",
                 "Authors in order; a trailing * marks equal contribution, † a corresponding "
                 "author. Required unless `key` is given or `kind` is thesis or other.",
                 false, authors},
                {"venue",
                 "Conference, journal or \"Preprint\".",
                 true,
                 text<&Publication::venue>(),
                 {},
                 "key"},
                {"venue_short",
                 "Short name of the venue, e.g. SIGCOMM; BibTeX field `shortvenue` or "
                 "`venue_short`.",
                 false, text<&Publication::venue_short>()},
                {"year",
                 "Year of publication; or `date` with the month or day. One of the two is "
                 "required unless `key` is given.",
                 false,
                 YearField{member<&Publication::year>(), member<&Publication::year_pos>(),
                           member<&Publication::month>(), member<&Publication::day>(),
                           member<&Publication::date_pos>(), true, "key"}},
                {"kind",
                 "Group the paper is listed under.",
                 false,
                 ChoiceField{set_publication_kind},
                 {"conference", "journal", "workshop", "preprint", "thesis", "other"}},
                {"award", "An award the paper received; also listed under Awards.", false,
                 text<&Publication::award>()},
                {"selected", "Print in the short CV.", false, flag<&Publication::selected>(true)},
                {"ignore",
                 "With `key`: leave this entry of the bibliography or the synced list out "
                 "(a homonym's paper, an erratum).",
                 false, flag<&Publication::ignored>(false)},
                {"note", "A remark printed after the entry.", false, prose<&Publication::note>()},
                {"links",
                 "Links by label, e.g. { paper = \"...\", code = \"...\" }; `bibtex` may name "
                 "a .bib file beside cv.toml.",
                 false, LinksField{member<&Publication::links>()}},
                {"abstract", "The abstract, folded under the paper on a homepage.", false,
                 prose<&Publication::abstract>()},
                {"thumbnail",
                 "A PNG or JPEG beside cv.toml (as `photo`) shown beside the paper on a homepage.",
                 false, text_of_photo<&Publication::thumbnail>()},
                {"equal", "Authors (by name, any spelling) marked * for equal contribution.", false,
                 texts<&Publication::equal>(ListForm::Hidden)},
                {"corresponding",
                 "Authors (by name, any spelling) marked † as corresponding authors.", false,
                 texts<&Publication::corresponding>(ListForm::Hidden)},
                tags<Publication>(),
            },
        .entries = store<Publication, &Cv::publications>(),
        .name_field = member<&Publication::title>(),
        .label = quoted<&Publication::title>,
        .companion = FieldSpec{"bibliography",
                               FieldType::StringList,
                               false,
                               "BibTeX files (relative to cv.toml) whose entries are "
                               "publications too.",
                               nullptr,
                               {},
                               {},
                               false},
    });
    TextListField terms = texts<&Teaching::terms>(ListForm::Terms);
    terms.empty_hint = "list the terms taught, e.g. [\"Fall 2023\"]";
    rows.push_back({
        .key = "teaching",
        .doc = "Teaching.",
        .filter_doc = "Teaching.",
        .heading = "Teaching",
        .print_rank = 4,
        .entry_doc = "A course taught or assisted.",
        .fields =
            {
                {"role", "e.g. Teaching Assistant.", true, text<&Teaching::role>(true)},
                {"course", "Course name.", true, text<&Teaching::course>(true)},
                {"institution", "Where it was taught.", true, text<&Teaching::institution>(true)},
                {"terms", "Terms, e.g. [\"Fall 2022\", \"Fall 2023\"].", true, terms},
                {"selected", kSelectedDoc, false, flag<&Teaching::selected>(false)},
                tags<Teaching>(),
            },
        .entries = store<Teaching, &Cv::teaching>(),
        .name_field = member<&Teaching::course>(),
        .label = joined<&Teaching::role, &Teaching::course>,
    });
    rows.push_back({
        .key = "awards",
        .doc = "Honours and awards.",
        .filter_doc = "Honours and awards.",
        .heading = "Honors and Awards",
        .print_rank = 5,
        .entry_doc = "An honour or award.",
        .fields =
            {
                {"title", "Name of the award.", true, text<&Award::title>(true)},
                {"year", "Year received; leave out (and `date`) for an undated award.", false,
                 YearField{member<&Award::year>(), member<&Award::year_pos>(),
                           member<&Award::month>(), member<&Award::day>(),
                           member<&Award::date_pos>()}},
                {"issuer", "Who gave it.", false, text<&Award::issuer>()},
                {"note", "A remark.", false, prose<&Award::note>()},
                {"selected", kSelectedDoc, false, flag<&Award::selected>(true)},
                tags<Award>(),
            },
        .entries = store<Award, &Cv::awards>(),
        .name_field = member<&Award::title>(),
        .label = joined<&Award::title>,
    });
    // A homepage's news (the academic theme prints them; the other templates leave them out).
    rows.push_back({
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
    });
    // Academic sections (issue 13), printed after the awards.
    rows.push_back({
        .key = "talks",
        .doc = "Talks and presentations.",
        .filter_doc = "Talks.",
        .heading = "Talks",
        .print_rank = 5,
        .entry_doc = "A talk.",
        .fields =
            {
                {"title", "Title of the talk.", true, text<&Talk::title>(true)},
                {"event", "Conference, seminar or institution.", true, text<&Talk::event>(true)},
                {"location", "City.", false, text<&Talk::location>()},
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", true,
                 date_field<&Talk::date, &Talk::date_pos>()},
                {"invited", "An invited talk.", false, flag<&Talk::invited>(true)},
                {"links", "Links by label, e.g. { slides = \"...\", video = \"...\" }.", false,
                 LinksField{member<&Talk::links>()}},
                {"selected", kSelectedDoc, false, flag<&Talk::selected>(true)},
                tags<Talk>(),
            },
        .entries = store<Talk, &Cv::talks>(),
        .name_field = member<&Talk::title>(),
        .label = quoted<&Talk::title>,
    });
    rows.push_back({
        .key = "service",
        .doc = "Professional service: reviewing, committees, organising.",
        .filter_doc = "Service.",
        .heading = "Service",
        .print_rank = 5,
        .entry_doc = "A role in service of a community.",
        .fields =
            {
                {"role", "e.g. Reviewer, Program Committee Member, General Chair.", true,
                 text<&Service::role>(true)},
                {"organization", "Journal, conference, venue or organisation.", true,
                 text<&Service::organization>(true)},
                {"kind",
                 "Group it is printed under.",
                 false,
                 text<&Service::kind>(),
                 {"reviewer", "committee", "organiser", "other"}},
                {"dates", "", false, DatesField{member<&Service::dates>()}},
                {"note", "A remark.", false, prose<&Service::note>()},
                {"selected", kSelectedDoc, false, flag<&Service::selected>(true)},
                tags<Service>(),
            },
        .entries = store<Service, &Cv::service>(),
        .name_field = member<&Service::role>(),
        .label = joined<&Service::role, &Service::organization>,
    });
    rows.push_back({
        .key = "grants",
        .doc = "Grants and funding.",
        .filter_doc = "Grants.",
        .heading = "Grants and Funding",
        .print_rank = 5,
        .entry_doc = "A grant, fellowship or other funding.",
        .fields =
            {
                {"title", "Name of the grant or project.", true, text<&Grant::title>(true)},
                {"funder", "Who funds it.", true, text<&Grant::funder>(true)},
                {"amount", "Amount as it should print, e.g. \"EUR 150,000\".", false,
                 text<&Grant::amount>()},
                {"role", "Your role, e.g. PI, co-PI.", false, text<&Grant::role>()},
                {"dates", "", false, DatesField{member<&Grant::dates>()}},
                {"note", "A remark.", false, prose<&Grant::note>()},
                {"selected", kSelectedDoc, false, flag<&Grant::selected>(true)},
                tags<Grant>(),
            },
        .entries = store<Grant, &Cv::grants>(),
        .name_field = member<&Grant::title>(),
        .label = joined<&Grant::title, &Grant::funder>,
    });
    rows.push_back({
        .key = "students",
        .doc = "Students supervised or mentored.",
        .filter_doc = "Students.",
        .heading = "Students Mentored",
        .print_rank = 5,
        .entry_doc = "A student.",
        .fields =
            {
                {"name", "The student's name.", true, text<&Student::name>(true)},
                {"level", "e.g. PhD, MSc, undergraduate.", false, text<&Student::level>()},
                {"dates", "", false, DatesField{member<&Student::dates>()}},
                {"topic", "Project or thesis topic.", false, prose<&Student::topic>()},
                {"now", "Where they are now.", false, text<&Student::now>()},
                {"selected", kSelectedDoc, false, flag<&Student::selected>(true)},
                tags<Student>(),
            },
        .entries = store<Student, &Cv::students>(),
        .name_field = member<&Student::name>(),
        .label = joined<&Student::name>,
    });
    rows.push_back({
        .key = "patents",
        .doc = "Patents.",
        .filter_doc = "Patents.",
        .heading = "Patents",
        .print_rank = 5,
        .entry_doc = "A patent or patent application.",
        .fields =
            {
                {"title", "Title of the patent.", true, text<&Patent::title>(true)},
                {"number", "Patent or application number.", false, text<&Patent::number>()},
                {"inventors", "Inventors in order; the CV's owner prints in bold.", false,
                 texts<&Patent::inventors>(ListForm::Owners)},
                {"status", "e.g. granted, pending.", false, text<&Patent::status>()},
                {"date", "Filed or granted: \"2024\", \"2024-05\" or \"2024-05-14\".", false,
                 date_field<&Patent::date, &Patent::date_pos>()},
                {"links", "Links by label, e.g. { patent = \"...\" }.", false,
                 LinksField{member<&Patent::links>()}},
                {"selected", kSelectedDoc, false, flag<&Patent::selected>(true)},
                tags<Patent>(),
            },
        .entries = store<Patent, &Cv::patents>(),
        .name_field = member<&Patent::title>(),
        .label = quoted<&Patent::title>,
    });
    rows.push_back({
        .key = "press",
        .doc = "Press coverage and media.",
        .filter_doc = "Press.",
        .heading = "Press",
        .print_rank = 5,
        .entry_doc = "An article, interview or broadcast about your work.",
        .fields =
            {
                {"title", "Headline.", true, text<&Press::title>(true)},
                {"outlet", "Newspaper, magazine, site or broadcaster.", true,
                 text<&Press::outlet>(true)},
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", false,
                 date_field<&Press::date, &Press::date_pos>()},
                {"url", "Where to read it.", false, url_text<&Press::url>()},
                {"selected", kSelectedDoc, false, flag<&Press::selected>(true)},
                tags<Press>(),
            },
        .entries = store<Press, &Cv::press>(),
        .name_field = member<&Press::title>(),
        .label = quoted<&Press::title>,
    });
    // Résumé sections (issue 13), named and shaped as JSON Resume's, printed after the
    // academic ones: what was done, then what one knows, then who vouches for it.
    rows.push_back({
        .key = "projects",
        .doc = "Projects.",
        .filter_doc = "Projects.",
        .heading = "Projects",
        .print_rank = 5,
        .entry_doc = "A project.",
        .fields =
            {
                {"name", "Name of the project.", true, text<&Project::name>(true)},
                {"description", "What it is, in a sentence.", false,
                 prose<&Project::description>()},
                {"url", "Where to see it.", false, url_text<&Project::url>()},
                {"roles", "Your roles, e.g. [\"Maintainer\"].", false,
                 texts<&Project::roles>(ListForm::Keywords)},
                {"entity", "Organisation it was done at or for.", false, text<&Project::entity>()},
                {"type", "e.g. application, library, talk.", false, text<&Project::type>()},
                {"dates", "", false, DatesField{member<&Project::dates>()}},
                {"highlights", "Bullet points.", false,
                 texts<&Project::highlights>(ListForm::Bullets)},
                {"keywords", "Technologies or topics, e.g. [\"C++\", \"TeX\"].", false,
                 texts<&Project::keywords>(ListForm::Keywords)},
                {"selected", kSelectedDoc, false, flag<&Project::selected>(true)},
                tags<Project>(),
            },
        .entries = store<Project, &Cv::projects>(),
        .name_field = member<&Project::name>(),
        .label = joined<&Project::name>,
    });
    rows.push_back({
        .key = "volunteer",
        .doc = "Volunteering.",
        .filter_doc = "Volunteering.",
        .heading = "Volunteering",
        .print_rank = 5,
        .entry_doc = "Unpaid work for an organisation.",
        .fields =
            {
                {"organization", "Organisation volunteered for.", true,
                 text<&Volunteer::organization>(true)},
                {"position", "Your role, e.g. Mentor.", false, text<&Volunteer::position>()},
                {"url", "The organisation's site.", false, url_text<&Volunteer::url>()},
                {"dates", "", false, DatesField{member<&Volunteer::dates>()}},
                {"summary", "What you did, in a sentence.", false, prose<&Volunteer::summary>()},
                {"highlights", "Bullet points.", false,
                 texts<&Volunteer::highlights>(ListForm::Bullets)},
                {"selected", kSelectedDoc, false, flag<&Volunteer::selected>(true)},
                tags<Volunteer>(),
            },
        .entries = store<Volunteer, &Cv::volunteer>(),
        .name_field = member<&Volunteer::organization>(),
        .label = joined<&Volunteer::organization>,
    });
    rows.push_back({
        .key = "certificates",
        .doc = "Certificates and licences.",
        .filter_doc = "Certificates.",
        .heading = "Certificates",
        .print_rank = 5,
        .entry_doc = "A certificate or licence.",
        .fields =
            {
                {"name", "Name of the certificate.", true, text<&Certificate::name>(true)},
                {"issuer", "Who issued it.", false, text<&Certificate::issuer>()},
                {"date", "When: \"2024\", \"2024-05\" or \"2024-05-14\".", false,
                 date_field<&Certificate::date, &Certificate::date_pos>()},
                {"url", "Where to verify it.", false, url_text<&Certificate::url>()},
                {"selected", kSelectedDoc, false, flag<&Certificate::selected>(true)},
                tags<Certificate>(),
            },
        .entries = store<Certificate, &Cv::certificates>(),
        .name_field = member<&Certificate::name>(),
        .label = joined<&Certificate::name>,
    });
    rows.push_back({
        .key = "skills",
        .doc = "Skills.",
        .filter_doc = "Skills.",
        .heading = "Skills",
        .print_rank = 5,
        .entry_doc = "A skill or a group of them.",
        .fields =
            {
                {"name", "The skill or group, e.g. Programming.", true, text<&Skill::name>(true)},
                {"level", "e.g. Advanced, Expert.", false, text<&Skill::level>()},
                {"keywords", "What it covers, e.g. [\"C++\", \"Python\"].", false,
                 texts<&Skill::keywords>(ListForm::Keywords)},
                {"selected", kShortSelectedDoc, false, flag<&Skill::selected>(true)},
                tags<Skill>(),
            },
        .entries = store<Skill, &Cv::skills>(),
        .name_field = member<&Skill::name>(),
        .label = joined<&Skill::name>,
    });
    rows.push_back({
        .key = "languages",
        .doc = "Languages spoken.",
        .filter_doc = "Languages.",
        .heading = "Languages",
        .print_rank = 5,
        .entry_doc = "A language.",
        .fields =
            {
                {"language", "e.g. English.", true, text<&Language::language>(true)},
                {"fluency", "e.g. Native speaker, C1.", false, text<&Language::fluency>()},
                {"selected", kShortSelectedDoc, false, flag<&Language::selected>(true)},
                tags<Language>(),
            },
        .entries = store<Language, &Cv::languages>(),
        .name_field = member<&Language::language>(),
        .label = joined<&Language::language>,
    });
    rows.push_back({
        .key = "interests",
        .doc = "Interests outside work.",
        .filter_doc = "Interests.",
        .heading = "Interests",
        .print_rank = 5,
        .entry_doc = "An interest.",
        .fields =
            {
                {"name", "e.g. Music.", true, text<&Interest::name>(true)},
                {"keywords", "Details, e.g. [\"Piano\", \"Choir\"].", false,
                 texts<&Interest::keywords>(ListForm::Keywords)},
                {"selected", kSelectedDoc, false, flag<&Interest::selected>(true)},
                tags<Interest>(),
            },
        .entries = store<Interest, &Cv::interests>(),
        .name_field = member<&Interest::name>(),
        .label = joined<&Interest::name>,
    });
    rows.push_back({
        .key = "references",
        .doc = "References: what others say of you.",
        .filter_doc = "References.",
        .heading = "References",
        .print_rank = 5,
        .entry_doc = "A reference.",
        .fields =
            {
                {"name", "Who gives it, e.g. Prof. Ada Lovelace, University of X.", true,
                 text<&Reference::name>(true)},
                {"reference", "What they say.", true,
                 TextField{member<&Reference::reference>(), true, true}},
                {"selected", kSelectedDoc, false, flag<&Reference::selected>(true)},
                tags<Reference>(),
            },
        .entries = store<Reference, &Cv::references>(),
        .name_field = member<&Reference::name>(),
        .label = joined<&Reference::name>,
    });
    rows.push_back({
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
    });
    return rows;
}

std::size_t Section::size(const Cv& cv) const {
    if (!is_list())
        return (cv.*paragraph).empty() ? 0 : 1;
    return entries.size(cv, key);
}

bool Section::empty(const Cv& cv) const {
    return size(cv) == 0;
}

SectionTable::SectionTable(std::vector<Section> rows) : SectionTable(std::move(rows), {}) {}

SectionTable::SectionTable(std::vector<Section> rows, std::deque<std::string> owned)
    : owned_(std::move(owned)), rows_(std::move(rows)) {
    for (const auto& row : rows_) {
        print_order_.push_back(&row);
        by_key_.emplace(row.key, &row);  // the first row of a key, as a scan would find
    }
    std::stable_sort(
        print_order_.begin(), print_order_.end(),
        [](const Section* a, const Section* b) { return a->print_rank < b->print_rank; });
    for (const Section* row : print_order_)
        names_.emplace_back(row->key);
    schema_ = &build_cv_schema(rows_, print_order_, specs_);
}

const Section* SectionTable::find(std::string_view key) const {
    const auto found = by_key_.find(key);
    return found == by_key_.end() ? nullptr : found->second;
}

// Linear in the rows and the order's names: an order may name thousands of sections.
std::vector<std::string> SectionTable::expand_order(const std::vector<std::string>& order) const {
    const std::set<std::string_view> named(order.begin(), order.end());
    std::map<std::string_view, std::vector<const Section*>> unnamed_of_kind;
    for (const auto& row : rows_)
        if (!named.count(row.key))
            unnamed_of_kind[row.kind].push_back(&row);
    std::vector<std::string> out;
    for (const auto& name : order) {
        out.push_back(name);
        if (const auto kind = unnamed_of_kind.find(name); kind != unnamed_of_kind.end())
            for (const Section* row : kind->second)
                out.emplace_back(row->key);
    }
    return out;
}

std::vector<std::string> declarable_kinds(const SectionTable& base) {
    std::vector<std::string> out;
    for (const auto& row : base.rows())
        if (row.is_list() && !row.declared() && row.key != "sections")
            out.emplace_back(row.key);
    return out;
}

std::shared_ptr<const SectionTable> with_declared_sections(
    const SectionTable& base, const std::vector<DeclaredSection>& declared) {
    std::deque<std::string> owned;
    std::vector<Section> rows;
    for (const Section& row : base.rows()) {
        rows.push_back(row);
        if (row.declared())
            continue;
        for (const DeclaredSection& d : declared) {
            if (d.kind != row.key || !row.is_list() || !row.entries.by_key)
                continue;
            Section copy = row;
            copy.kind = row.key;
            copy.key = owned.emplace_back(d.key);
            // Empty: the kind's heading in the CV's locale (select/default_heading).
            copy.heading = d.heading.empty() ? std::string_view() : owned.emplace_back(d.heading);
            copy.doc = "A section of your own ([section.KEY]).";
            copy.filter_doc = "A section of your own.";
            copy.entries = row.entries.by_key();
            copy.companion = std::nullopt;
            rows.push_back(std::move(copy));
        }
    }
    return std::make_shared<const SectionTable>(std::move(rows), std::move(owned));
}

const SectionTable& builtin_sections() {
    static const SectionTable kTable(builtin_section_rows());
    return kTable;
}

const TableSpec& cv_schema() {
    return builtin_sections().schema();
}

const std::vector<std::string>& section_names() {
    return builtin_sections().names();
}

std::string default_section_title(const std::string& section) {
    const Section* row = builtin_sections().find(section);
    return row ? std::string(row->heading) : "";
}

const SectionTable& sections_of(const Cv& cv) {
    return cv.table ? *cv.table : builtin_sections();
}

int entry_year(const Section& section, const Entry& entry) {
    for (const auto& field : section.fields) {
        const std::optional<int> year = std::visit(
            Overloaded{
                [&](const YearField& f) -> std::optional<int> { return f.year(entry); },
                [&](const DateField& f) -> std::optional<int> { return year_of(f.member(entry)); },
                [&](const DatesField& f) -> std::optional<int> {
                    const auto& dates = f.member(entry);
                    return dates ? year_of(*dates) : 0;
                },
                [&](const PeriodsField& f) -> std::optional<int> {
                    int latest = 0;
                    for (const auto& p : f.member(entry))
                        latest = std::max(latest, year_of(p));
                    return latest;
                },
                [&](const TextListField& f) -> std::optional<int> {
                    if (f.form != ListForm::Terms)
                        return std::nullopt;
                    return last_year_named(f.member(entry));
                },
                [](const auto&) -> std::optional<int> { return std::nullopt; },
            },
            field.kind);
        if (year)
            return *year;
    }
    return 0;
}

void for_each_text(const std::vector<Field>& fields, const Record& record,
                   const std::function<void(const Text&)>& fn) {
    for (const auto& field : fields)
        if (const auto* f = std::get_if<TextField>(&field.kind))
            fn(f->member(record));
    for (const auto& field : fields) {
        if (const auto* f = std::get_if<TextListField>(&field.kind);
            f && f->form != ListForm::Hidden)
            for (const auto& t : f->member(record))
                fn(t);
        if (const auto* f = std::get_if<LinksField>(&field.kind))
            for (const auto& link : f->member(record)) {
                fn(link.label);
                fn(link.url);
            }
    }
    for (const auto& field : fields)
        if (const auto* f = std::get_if<RecordsField>(&field.kind))
            for (std::size_t i = 0; i < f->size(record); ++i)
                for_each_text(f->fields, f->at(record, i), fn);
}

}  // namespace mkcv
