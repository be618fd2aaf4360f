#include "cv/sections.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <type_traits>

namespace mkcv {
namespace {

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
