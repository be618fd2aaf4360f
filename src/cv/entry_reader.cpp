#include "cv/entry_reader.h"

#include "cv/model.h"

namespace mkcv {
namespace {

// `year`, and `date` beside it where the field has one (see YearField).
void load_year(TomlValues& v, const toml::table& t, const Field& field, const YearField& f,
               const Member<Text>& name_field, Record& record) {
    f.year(record) = v.integer(t, field.key, f.pos(record));
    if (!f.month)
        return;
    SourcePos at;
    const std::optional<PartialDate> d = v.date(t, "date", at);
    f.date_pos(record) = at;
    const std::string name = name_field ? "\"" + name_field(record).value + "\"" : "an entry";
    if (d && d->present) {
        v.error(at, "date", "`date` of " + name + " cannot be \"present\"",
                "write the month, e.g. date = \"2023-10\"");
    } else if (d && f.year(record) != 0 && d->year != f.year(record)) {
        v.error(at, "date",
                "`date` " + iso_date(*d) + " of " + name + " disagrees with `" +
                    std::string(field.key) + "` " + std::to_string(f.year(record)),
                "keep only `date`, or make the years match");
    } else if (d) {
        if (f.year(record) == 0)
            f.pos(record) = at;
        f.year(record) = d->year;
        f.month(record) = d->month;
        f.day(record) = d->day;
    } else if (f.needed && !t.contains(field.key) && !t.contains("date") &&
               !(!f.needed_unless.empty() && t.contains(f.needed_unless))) {
        v.error(source_pos_of(t), "missing-key",
                name + " lacks `" + std::string(field.key) + "` or `date`",
                "add " + std::string(field.key) + " = 2024, or date = \"2024-05\"" +
                    (f.needed_unless.empty() ? std::string()
                                             : ", or " + std::string(f.needed_unless) +
                                                   " = \"...\" to take it from the bibliography"));
    }
}

// A thesis or an `other` item may have no author list (JSON Resume's never do), and the
// owner is not put in one; every other kind needs it, unless `key` brings it from a .bib.
void check_authors_given(TomlValues& v, const toml::table& t, const Publication& p) {
    if (t.contains("authors") || t.contains("key") ||
        (p.kind_given && (p.kind == PublicationKind::Thesis || p.kind == PublicationKind::Other)))
        return;
    v.error(source_pos_of(t), "missing-key", "[[publications]] lacks the required key `authors`",
            "add authors = [\"...\"], or key = \"...\" to take it from the bibliography; "
            "only kind = \"thesis\" or \"other\" may leave them out");
}

// The fields of one table into `record`, in the table's order (so are the messages).
void load_fields(TomlValues& v, const toml::table& t, const std::vector<Field>& fields,
                 const Member<Text>& name_field, Record& record) {
    for (const Field& field : fields)
        std::visit(
            Overloaded{
                [&](const TextField& f) {
                    f.member(record) = f.prose ? v.prose_text(t, field.key) : v.text(t, field.key);
                },
                [&](const TextListField& f) {
                    f.member(record) = f.form == ListForm::Bullets ? v.prose_texts(t, field.key)
                                                                   : v.texts(t, field.key);
                    const auto* list = t.get_as<toml::array>(field.key);
                    if (list && f.list_pos)
                        f.list_pos(record) = source_pos_of(*list);
                    if (list && list->empty() && !f.empty_hint.empty())
                        v.error(source_pos_of(*list), std::string(field.key),
                                "`" + std::string(field.key) + "` of \"" +
                                    (name_field ? name_field(record).value : "") + "\" is empty",
                                std::string(f.empty_hint));
                },
                [&](const YearField& f) { load_year(v, t, field, f, name_field, record); },
                [&](const FlagField& f) { f.member(record) = v.flag(t, field.key); },
                [&](const DatesField& f) { f.member(record) = v.range(t); },
                [&](const DateField& f) { f.member(record) = v.date(t, field.key, f.pos(record)); },
                [&](const PeriodsField& f) {
                    auto& periods = f.member(record);
                    if (auto r = v.range(t))
                        periods.push_back(*r);
                    if (t.contains("periods") && (t.contains("start") || t.contains("end")))
                        v.error(source_pos_of(*t.get("periods")), "periods",
                                "an entry has either `start`/`end` or `periods`, not both",
                                "move start and end into periods");
                    v.each_table(t, "periods", [&](const toml::table& period) {
                        if (auto r = v.range(period))
                            periods.push_back(*r);
                        else
                            v.error(source_pos_of(period), "missing-key",
                                    "a period needs `start` or `end`");
                    });
                },
                [&](const LinksField& f) { f.member(record) = v.url_map(t, field.key); },
                [&](const ChoiceField& f) { f.set(record, v.text(t, field.key)); },
                [&](const RecordsField& f) {
                    v.each_table(t, field.key, [&](const toml::table& nested) {
                        Record& r = f.append(record);
                        r.pos = source_pos_of(nested);
                        load_fields(v, nested, f.fields, {}, r);
                    });
                },
            },
            field.kind);
}

}  // namespace

void read_section_entries(TomlValues& v, const toml::table& root, const Section& section, Cv& cv) {
    if (const auto* list = root.get_as<toml::array>(section.key))
        section.entries.reserve(cv, section.key, list->size());
    v.each_table(root, section.key, [&](const toml::table& t) {
        Entry& entry = section.entries.append(cv, section.key);
        entry.pos = source_pos_of(t);
        load_fields(v, t, section.fields, section.name_field, entry);
        if (section.kind_key() == kPublicationsSection)
            check_authors_given(v, t, static_cast<const Publication&>(entry));
        // Only [[publications]] is merged with the .bib files (bib/bibliography).
        if (section.declared() && section.kind == kPublicationsSection && t.contains("key"))
            v.error(source_pos_of(*t.get("key")), "section",
                    "`key` takes a paper from the bibliography only in [[publications]]",
                    "write the paper's title, authors, venue and year here, or move it "
                    "to [[publications]]");
    });
}

}  // namespace mkcv
