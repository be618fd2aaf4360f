#include "cv/loader.h"

#include <algorithm>
#include <regex>
#include <sstream>

#include "cv/language_tables.h"
#include "cv/locale.h"
#include "cv/locale_file.h"
#include "cv/option_reader.h"
#include "cv/profiles.h"
#include "cv/schema.h"
#include "cv/sections.h"
#include "cv/sync_settings.h"
#include "cv/toml_input.h"
#include "text/inline_markup.h"
#include "util/ascii.h"
#include "util/text_similarity.h"

namespace mkcv {
namespace {

std::string type_found(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string: {
            std::string value(*node.as_string());
            if (value.size() > 40)
                value = value.substr(0, 37) + "...";
            return "string \"" + value + "\"";
        }
        case toml::node_type::integer:
            return "integer " + std::to_string(node.as_integer()->get());
        case toml::node_type::floating_point: {
            std::ostringstream out;
            out << node.as_floating_point()->get();
            return "float " + out.str();
        }
        case toml::node_type::boolean:
            return node.as_boolean()->get() ? "true" : "false";
        case toml::node_type::date:
            return "a date";
        case toml::node_type::time:
            return "a time";
        case toml::node_type::date_time:
            return "a date-time";
        case toml::node_type::array:
            return "an array";
        case toml::node_type::table:
            return "a table";
        default:
            return "nothing";
    }
}

// A string of the file, taken out of the TOML tree rather than copied: the tree is load_cv's
// own, not const, and dropped once converted, and each value is converted once. (So the
// const_cast is sound.)
// Plain text only: a string of cv.toml never becomes typed text with marks (Text::marks),
// so nothing the user writes can be taken for vetted LaTeX.
std::string user_string(const toml::value<std::string>& value) {
    return std::move(const_cast<toml::value<std::string>&>(value).get());
}

// The tag of a link to `lang:TAG` (any case of "lang"), else empty.
std::string_view language_of_link(std::string_view url) {
    constexpr std::string_view kScheme = "lang:";
    if (url.size() <= kScheme.size() || ascii_lower(url.substr(0, kScheme.size())) != kScheme)
        return {};
    return url.substr(kScheme.size());
}

// Loads one file: checks shape against the schema, then converts.
class Loader {
  public:
    Loader(std::string file, const std::string& source, const SectionTable& sections,
           Diagnostics& diagnostics)
        : file_(std::move(file)), source_(source), sections_(sections), diag_(diagnostics) {}

    // Language tables left in the tree because they were reported as bad (language_tables.h):
    // the shape checks pass over them rather than saying again that they are not strings.
    std::vector<const toml::node*> reported;

    bool was_reported(const toml::node& node) const {
        return std::find(reported.begin(), reported.end(), &node) != reported.end();
    }

    // --- shape -------------------------------------------------------------------------

    // `path` is the table's dotted name as a TOML header writes it ("" at the top level).
    void check_table(const toml::table& table, const TableSpec& spec, const std::string& where,
                     const std::string& path = "") {
        for (const auto& [key, node] : table) {
            const std::string name(key.str());
            const FieldSpec* field = spec.find(name);
            if (!field && spec.options)
                continue;  // a template option: checked once the template is known
            if (!field) {
                std::string guess = closest_match(name, spec.names());
                // Not a typo but another word (`company` for `organization`): when exactly one
                // required key is missing, that is most likely what was meant.
                if (guess.empty()) {
                    const auto missing = missing_required(table, spec);
                    if (missing.size() == 1)
                        guess = missing.front();
                }
                std::string hint = guess.empty() ? "allowed keys: " + join(spec.names())
                                                 : "did you mean `" + guess + "`?";
                // In TOML every key after a [header] belongs to that table, so a top-level
                // key written below [person] lands in [person].
                if (&spec != &sections_.schema() && sections_.schema().find(name))
                    hint = "`" + name + "` is a top-level key, but TOML puts every key after " +
                           where + " into it: move it above the first [table] header";
                // [[industry]] of a section not declared: say how to declare one.
                else if (&spec == &sections_.schema() && guess.empty() && node.is_array())
                    hint = "for a section of your own, declare its kind: [section." + name +
                           "] kind = \"experience\" (or another built-in section)";
                diag_.error(file_, source_pos_of(key.source()), "unknown-key",
                            "unknown key `" + shorten(name) + "` in " + shorten(where), hint);
                continue;
            }
            check_value(node, *field, path, name);
        }
        for (const auto& field : spec.fields) {
            if (field.required && !table.contains(field.name) &&
                !(!field.required_unless.empty() && table.contains(field.required_unless))) {
                const std::string key(field.name);
                diag_.error(file_, source_pos_of(table), "missing-key",
                            where + " lacks the required key `" + key + "`",
                            field.type == FieldType::Table ? "add a [" + key + "] table"
                            : !field.allowed.empty()
                                ? "add " + key + " = \"" + std::string(field.allowed.front()) +
                                      "\" (one of " + join_views(field.allowed) + ")"
                                : "add " + key + " = " + example(field.type) +
                                      (field.required_unless.empty()
                                           ? ""
                                           : ", or " + std::string(field.required_unless) +
                                                 " = \"...\" to take it from the bibliography"));
            }
        }
    }

    static std::vector<std::string> missing_required(const toml::table& table,
                                                     const TableSpec& spec) {
        std::vector<std::string> out;
        for (const auto& field : spec.fields)
            if (field.required && !table.contains(field.name))
                out.emplace_back(field.name);
        return out;
    }

    // `parent.name` is the value's dotted path, put together only when a message needs it
    // (this runs for every value of the file).
    void check_value(const toml::node& node, const FieldSpec& field, const std::string& parent,
                     const std::string& key) {
        if (was_reported(node))
            return;
        const std::string name(field.name);
        const auto dotted = [&] { return parent.empty() ? key : parent + "." + key; };
        auto wrong = [&](const toml::node& at, const std::string& expected) {
            std::string hint;
            if (expected == describe(FieldType::Integer) && at.is_string()) {
                hint = "remove the quotes";
            } else if (expected == describe(FieldType::String) && !at.is_string() &&
                       !at.is_array() && !at.is_table()) {
                hint = "write it in quotes";
            } else if (expected == describe(FieldType::String)) {
                hint = "give one piece of text: " + name + " = \"...\"";
                if (at.is_table() && field.translatable && field.allowed.empty())
                    hint += ", or one per language: " + name + " = { en = \"...\", zh = \"...\" }";
            } else if (field.type == FieldType::StringList && at.is_string()) {
                hint = "write a list: " + name + " = [\"...\"]";
            } else if (field.type == FieldType::TableArray && at.is_table()) {
                hint = "write [[" + dotted() + "]] (or a list of tables) instead";
            } else if (field.type == FieldType::Bool && at.is_string()) {
                hint = "write true or false, without quotes";
            } else if (field.type == FieldType::Date && at.is_integer()) {
                hint = "write it in quotes: " + name + " = \"" +
                       std::to_string(at.as_integer()->get()) + "\"";
            } else if (field.type == FieldType::Table) {
                hint = "write a [" + dotted() + "] table";
            } else if (field.type == FieldType::Integer && at.is_floating_point()) {
                hint = "write a whole number";
            }
            diag_.error(file_, source_pos_of(at), "type",
                        "`" + name + "` must be " + expected + ", found " + type_found(at), hint);
        };
        switch (field.type) {
            case FieldType::String:
                if (!node.is_string())
                    return wrong(node, describe(field.type));
                if (!field.allowed.empty() &&
                    std::find(field.allowed.begin(), field.allowed.end(),
                              std::string_view(node.as_string()->get())) == field.allowed.end()) {
                    const std::string value(*node.as_string());
                    std::vector<std::string> allowed(field.allowed.begin(), field.allowed.end());
                    const std::string guess = closest_match(value, allowed);
                    diag_.error(file_, source_pos_of(node), "value",
                                "`" + name + "` must be one of " + join(allowed) + ", found \"" +
                                    shorten(value) + "\"",
                                guess.empty() ? "" : "did you mean \"" + guess + "\"?");
                }
                return;
            case FieldType::Integer:
                if (!node.is_integer())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::Bool:
                if (!node.is_boolean())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::Number:
                if (!node.is_number())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::Date:
                if (!node.is_string() && !node.is_date())
                    return wrong(node, describe(field.type));
                return;
            case FieldType::StringList: {
                const auto* array = node.as_array();
                if (!array)
                    return wrong(node, describe(field.type));
                for (const auto& element : *array)
                    if (was_reported(element))
                        continue;
                    else if (!element.is_string())
                        diag_.error(
                            file_, source_pos_of(element), "type",
                            "every item of `" + name + "` must be a string, found " +
                                type_found(element),
                            element.is_table() || element.is_array() ? "" : "write it in quotes");
                    else if (!field.allowed.empty())
                        check_allowed(element, field);
                return;
            }
            case FieldType::StringOrTable:  // a string, or a table checked as one
                if (node.is_string())
                    return;
                [[fallthrough]];
            case FieldType::Table: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                const std::string path = dotted();
                check_table(*table, *field.nested, "[" + path + "]", path);
                return;
            }
            case FieldType::TableArray: {
                const auto* array = node.as_array();
                if (!array)
                    return wrong(node, describe(field.type));
                const std::string path = dotted();
                const std::string where = "[[" + path + "]]";
                for (const auto& element : *array) {
                    if (const auto* table = element.as_table())
                        check_table(*table, *field.nested, where, path);
                    else
                        diag_.error(file_, source_pos_of(element), "type",
                                    "every item of `" + name + "` must be a table, found " +
                                        type_found(element));
                }
                return;
            }
            case FieldType::TableMap: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                for (const auto& [key, element] : *table) {
                    const std::string where = "[" + name + "." + shorten(key.str()) + "]";
                    if (const auto* t = element.as_table())
                        check_table(*t, *field.nested, where);
                    else
                        diag_.error(file_, source_pos_of(element), "type",
                                    where + " must be a table, found " + type_found(element));
                }
                return;
            }
            case FieldType::UrlMap: {
                const auto* table = node.as_table();
                if (!table)
                    return wrong(node, describe(field.type));
                for (const auto& [label, url] : *table)
                    if (!url.is_string())
                        diag_.error(file_, source_pos_of(url), "type",
                                    "link `" + shorten(label.str()) +
                                        "` must be a URL string, found " + type_found(url));
                return;
            }
        }
    }

    void check_allowed(const toml::node& node, const FieldSpec& field) {
        const std::string value(*node.as_string());
        std::vector<std::string> allowed(field.allowed.begin(), field.allowed.end());
        if (std::find(allowed.begin(), allowed.end(), value) != allowed.end())
            return;
        const std::string guess = closest_match(value, allowed);
        diag_.error(file_, source_pos_of(node), "value",
                    "`" + std::string(field.name) + "` must be one of " + join(allowed) +
                        ", found \"" + shorten(value) + "\"",
                    guess.empty() ? "" : "did you mean \"" + guess + "\"?");
    }

    // --- conversion --------------------------------------------------------------------

    // A count such as max_entries: whole and not negative (at least `least`).
    std::optional<int> count(const toml::table& table, std::string_view key, int least,
                             int most = 100000) {
        const auto* value = table.get_as<int64_t>(key);
        if (!value)
            return std::nullopt;
        if (value->get() < least || value->get() > most) {
            diag_.error(file_, source_pos_of(*value), "value",
                        "`" + std::string(key) + "` must be a whole number from " +
                            std::to_string(least) + " to " + std::to_string(most));
            return std::nullopt;
        }
        return static_cast<int>(value->get());
    }

    std::optional<std::vector<std::string>> strings(const toml::table& table,
                                                    std::string_view key) {
        if (!table.get_as<toml::array>(key))
            return std::nullopt;
        std::vector<std::string> out;
        for (const auto& t : texts(table, key))
            out.push_back(t.value);
        return out;
    }

    // [templates.NAME]: the same rules a template.toml gives, already checked by the schema.
    ContentRules rules(const toml::table& t) {
        ContentRules r;
        r.pos = source_pos_of(t);
        if (const toml::node* order = t.get("order")) {
            r.order = strings(t, "order");
            r.order_pos = source_pos_of(*order);
        }
        r.max_pages = count(t, "max_pages", 1, kMaxPagesLimit);
        if (const auto* budget = t.get_as<std::string>("budget"))
            r.budget = budget_profile_named(budget->get());  // the schema allowed only these
        if (const auto* filters = t.get_as<toml::table>("filters")) {
            for (const auto& [section, node] : *filters) {
                const auto* f = node.as_table();
                if (!f)
                    continue;
                SectionRules s;
                if (const auto* title = f->get_as<std::string>("title"))
                    s.title = title->get();
                if (const auto* selected = f->get_as<bool>("selected"))
                    s.selected_only = selected->get();
                s.include_tags = strings(*f, "include_tags");
                s.exclude_tags = strings(*f, "exclude_tags");
                SourcePos ignored;
                if (f->contains("since"))
                    s.since = integer(*f, "since", ignored);
                s.max_entries = count(*f, "max_entries", 0);
                s.max_authors = count(*f, "max_authors", 1);
                if (const auto* priority = f->get_as<int64_t>("priority"))
                    s.priority = static_cast<int>(priority->get());
                s.keep = count(*f, "keep", 0);
                if (const auto* droppable = f->get_as<bool>("droppable"))
                    s.droppable = droppable->get();
                if (const auto* current = f->get_as<bool>("keep_current"))
                    s.keep_current = current->get();
                r.sections[std::string(section.str())] = std::move(s);
            }
        }
        return r;
    }

    Text text(const toml::table& table, std::string_view key) {
        const toml::node* node = table.get(key);
        if (!node || !node->is_string())
            return {};
        return {user_string(*node->as_string()), source_pos_of(*node)};
    }

    // A prose field: its inline Markdown parsed (text/inline_markup.h) unless
    // `[build] markup = "none"`; `value` is the text without the markup.
    Text prose(const toml::node& node) {
        std::string value = user_string(*node.as_string());
        const SourcePos pos = source_pos_of(node);
        if (!markup_)
            return {std::move(value), pos};
        InlineMarkup parsed = parse_inline_markup(
            value, [&](std::size_t offset) { return locate(pos, value, offset); });
        for (TextRun& run : parsed.runs) {
            if (run.kind != TextRun::Kind::Open || run.mark != Mark::Link)
                continue;
            if (run.text.rfind("10.", 0) == 0 && run.text.find(':') == std::string::npos)
                run.text = "https://doi.org/" + run.text;  // a bare DOI, as links have it
            // [佐藤 健一](lang:ja): a span in a language of its own, for its CJK glyph shapes
            // (and <span lang> in HTML). A tag that is not one stays a link, which the
            // validator reports (cv/validate.cpp).
            if (const std::string_view tag = language_of_link(run.text);
                !tag.empty() && is_language_tag(tag)) {
                run.mark = Mark::Language;
                run.latex = cjk_region(tag);
                run.text = std::string(tag);
            }
        }
        return {std::move(parsed.plain), pos, std::move(parsed.runs)};
    }

    Text prose_text(const toml::table& table, std::string_view key) {
        const toml::node* node = table.get(key);
        if (!node || !node->is_string())
            return {};
        return prose(*node);
    }

    std::vector<Text> prose_texts(const toml::table& table, std::string_view key) {
        std::vector<Text> out;
        if (const auto* array = table.get_as<toml::array>(key))
            for (const auto& element : *array)
                if (element.is_string())
                    out.push_back(prose(element));
        return out;
    }

    // Where byte `offset` of a string's value was written: exact when the string is on one
    // line and, up to there, reads as its value (no escape sequence); else the string's
    // own position.
    SourcePos locate(SourcePos string, const std::string& value, std::size_t offset) const {
        const std::string line = line_of(source_, string.line);
        std::size_t at = 0;  // the byte of the string's opening quote
        for (int column = 1; at < line.size(); ++at) {
            if ((static_cast<unsigned char>(line[at]) & 0xC0) == 0x80)
                continue;
            if (column == string.column)
                break;
            ++column;
        }
        if (at >= line.size() || (line[at] != '"' && line[at] != '\'') ||
            line.compare(at, 3, std::string(3, line[at])) == 0 ||
            line.compare(at + 1, offset, value, 0, offset) != 0)
            return string;
        SourcePos pos = string;
        for (std::size_t i = 0; i <= offset; ++i)  // the quote, then the value's characters
            if (i == 0 || (static_cast<unsigned char>(value[i - 1]) & 0xC0) != 0x80)
                ++pos.column;
        return pos;
    }

    std::vector<Text> texts(const toml::table& table, std::string_view key) {
        std::vector<Text> out;
        if (const auto* array = table.get_as<toml::array>(key))
            for (const auto& element : *array)
                if (element.is_string())
                    out.push_back({user_string(*element.as_string()), source_pos_of(element)});
        return out;
    }

    bool flag(const toml::table& table, std::string_view key) {
        const auto* value = table.get_as<bool>(key);
        return value && value->get();
    }

    int integer(const toml::table& table, std::string_view key, SourcePos& pos) {
        const auto* value = table.get_as<int64_t>(key);
        if (!value)
            return 0;
        pos = source_pos_of(*value);
        const int64_t number = value->get();
        if (number < 1 || number > 9999) {
            diag_.error(file_, pos, "value",
                        "`" + std::string(key) + "` " + std::to_string(number) + " is not a year",
                        "write a four-digit year");
            return 0;
        }
        return static_cast<int>(number);
    }

    std::optional<PartialDate> date(const toml::table& table, std::string_view key,
                                    SourcePos& pos) {
        const toml::node* node = table.get(key);
        if (!node)
            return std::nullopt;
        pos = source_pos_of(*node);
        if (const auto* value = node->as_date()) {
            const auto d = value->get();
            return PartialDate{d.year, d.month, d.day, false};
        }
        if (!node->is_string())
            return std::nullopt;
        const auto parsed = parse_date(std::string(*node->as_string()));
        if (!parsed.date)
            diag_.error(file_, pos, "date", "`" + std::string(key) + "`: " + parsed.error);
        return parsed.date;
    }

    std::optional<DateRange> range(const toml::table& table) {
        DateRange r;
        r.start = date(table, "start", r.start_pos);
        r.end = date(table, "end", r.end_pos);
        if (!r.start && !r.end)
            return std::nullopt;
        return r;
    }

    std::vector<Link> url_map(const toml::table& table, std::string_view key) {
        std::vector<Link> out;
        if (const auto* links = table.get_as<toml::table>(key))
            for (const auto& [label, url] : *links)
                if (url.is_string())
                    out.push_back({{std::string(label.str()), source_pos_of(label.source())},
                                   {std::string(*url.as_string()), source_pos_of(url)}});
        // toml++ keeps tables in key order; print links in the order they were written.
        std::stable_sort(out.begin(), out.end(), [](const Link& a, const Link& b) {
            return std::pair(a.label.pos.line, a.label.pos.column) <
                   std::pair(b.label.pos.line, b.label.pos.column);
        });
        return out;
    }

    // `year`, and `date` beside it where the field has one (see YearField).
    void load_year(const toml::table& t, const Field& field, const YearField& f,
                   const Member<Text>& name_field, Record& record) {
        f.year(record) = integer(t, field.key, f.pos(record));
        if (!f.month)
            return;
        SourcePos at;
        const std::optional<PartialDate> d = date(t, "date", at);
        f.date_pos(record) = at;
        const std::string name = name_field ? "\"" + name_field(record).value + "\"" : "an entry";
        if (d && d->present) {
            diag_.error(file_, at, "date", "`date` of " + name + " cannot be \"present\"",
                        "write the month, e.g. date = \"2023-10\"");
        } else if (d && f.year(record) != 0 && d->year != f.year(record)) {
            diag_.error(file_, at, "date",
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
            diag_.error(
                file_, source_pos_of(t), "missing-key",
                name + " lacks `" + std::string(field.key) + "` or `date`",
                "add " + std::string(field.key) + " = 2024, or date = \"2024-05\"" +
                    (f.needed_unless.empty() ? std::string()
                                             : ", or " + std::string(f.needed_unless) +
                                                   " = \"...\" to take it from the bibliography"));
        }
    }

    template <typename Fn>
    void each_table(const toml::table& table, std::string_view key, Fn&& fn) {
        if (const auto* array = table.get_as<toml::array>(key))
            for (const auto& element : *array)
                if (const auto* t = element.as_table())
                    fn(*t);
    }

    void load_entries(const toml::table& root, const Section& section, Cv& cv) {
        if (const auto* list = root.get_as<toml::array>(section.key))
            section.entries.reserve(cv, section.key, list->size());
        each_table(root, section.key, [&](const toml::table& t) {
            Entry& entry = section.entries.append(cv, section.key);
            entry.pos = source_pos_of(t);
            load_fields(t, section.fields, section.name_field, entry);
            if (section.kind_key() == kPublicationsSection)
                check_authors_given(t, static_cast<const Publication&>(entry));
            // Only [[publications]] is merged with the .bib files (bib/publication_merge).
            if (section.declared() && section.kind == kPublicationsSection && t.contains("key"))
                diag_.error(file_, source_pos_of(*t.get("key")), "section",
                            "`key` takes a paper from the bibliography only in [[publications]]",
                            "write the paper's title, authors, venue and year here, or move it "
                            "to [[publications]]");
        });
    }

    // A thesis or an `other` item may have no author list (JSON Resume's never do), and the
    // owner is not put in one; every other kind needs it, unless `key` brings it from a .bib.
    void check_authors_given(const toml::table& t, const Publication& p) {
        if (t.contains("authors") || t.contains("key") ||
            (p.kind_given &&
             (p.kind == PublicationKind::Thesis || p.kind == PublicationKind::Other)))
            return;
        diag_.error(file_, source_pos_of(t), "missing-key",
                    "[[publications]] lacks the required key `authors`",
                    "add authors = [\"...\"], or key = \"...\" to take it from the bibliography; "
                    "only kind = \"thesis\" or \"other\" may leave them out");
    }

    // The fields of one table into `record`, in the table's order (so are the messages).
    void load_fields(const toml::table& t, const std::vector<Field>& fields,
                     const Member<Text>& name_field, Record& record) {
        for (const Field& field : fields)
            std::visit(
                Overloaded{
                    [&](const TextField& f) {
                        f.member(record) = f.prose ? prose_text(t, field.key) : text(t, field.key);
                    },
                    [&](const TextListField& f) {
                        f.member(record) = f.form == ListForm::Bullets ? prose_texts(t, field.key)
                                                                       : texts(t, field.key);
                        const auto* list = t.get_as<toml::array>(field.key);
                        if (list && f.list_pos)
                            f.list_pos(record) = source_pos_of(*list);
                        if (list && list->empty() && !f.empty_hint.empty())
                            diag_.error(file_, source_pos_of(*list), std::string(field.key),
                                        "`" + std::string(field.key) + "` of \"" +
                                            (name_field ? name_field(record).value : "") +
                                            "\" is empty",
                                        std::string(f.empty_hint));
                    },
                    [&](const YearField& f) { load_year(t, field, f, name_field, record); },
                    [&](const FlagField& f) { f.member(record) = flag(t, field.key); },
                    [&](const DatesField& f) { f.member(record) = range(t); },
                    [&](const DateField& f) {
                        f.member(record) = date(t, field.key, f.pos(record));
                    },
                    [&](const PeriodsField& f) {
                        auto& periods = f.member(record);
                        if (auto r = range(t))
                            periods.push_back(*r);
                        if (t.contains("periods") && (t.contains("start") || t.contains("end")))
                            diag_.error(file_, source_pos_of(*t.get("periods")), "periods",
                                        "an entry has either `start`/`end` or `periods`, not both",
                                        "move start and end into periods");
                        each_table(t, "periods", [&](const toml::table& period) {
                            if (auto r = range(period))
                                periods.push_back(*r);
                            else
                                diag_.error(file_, source_pos_of(period), "missing-key",
                                            "a period needs `start` or `end`");
                        });
                    },
                    [&](const LinksField& f) { f.member(record) = url_map(t, field.key); },
                    [&](const ChoiceField& f) { f.set(record, text(t, field.key)); },
                    [&](const RecordsField& f) {
                        each_table(t, field.key, [&](const toml::table& nested) {
                            Record& r = f.append(record);
                            r.pos = source_pos_of(nested);
                            load_fields(nested, f.fields, {}, r);
                        });
                    },
                },
                field.kind);
    }

    Cv convert(const toml::table& root) {
        Cv cv;
        cv.source_name = file_;
        // Read first: it decides how every prose field below is read.
        if (const auto* markup = root.at_path("build.markup").as_string())
            markup_ = cv.build.markup = markup->get() != "none";
        if (&sections_ != &builtin_sections())
            cv.table = &sections_;
        cv.declared_table = declared_table;
        if (const auto* p = root.get_as<toml::table>("person")) {
            Person& person = cv.person;
            person.pos = source_pos_of(*p);
            person.name = text(*p, "name");
            person.native_name = text(*p, "native_name");
            person.position = text(*p, "position");
            person.affiliation = text(*p, "affiliation");
            person.email = text(*p, "email");
            person.phone = text(*p, "phone");
            person.homepage = text(*p, "homepage");
            person.github = text(*p, "github");
            person.location = text(*p, "location");
            if (const auto* place = p->get_as<toml::table>("location")) {
                PlaceParts parts{text(*place, "address"), text(*place, "postal_code"),
                                 text(*place, "city"),    text(*place, "region"),
                                 text(*place, "country"), text(*place, "country_code")};
                person.location = {joined_place(parts), source_pos_of(*place)};
                person.location_parts = std::move(parts);
            }
            person.aliases = texts(*p, "aliases");
            person.keep_authors = texts(*p, "keep_authors");
            person.photo.path = text(*p, "photo");
            person.bio = prose_text(*p, "bio");
            each_table(*p, "links", [&](const toml::table& t) {
                person.links.push_back({text(t, "label"), text(t, "url")});
            });
            each_table(*p, "profiles", [&](const toml::table& t) {
                person.profiles.push_back({text(t, "network"), text(t, "username"), text(t, "url"),
                                           text(t, "label"), source_pos_of(t)});
            });
        }
        for (const Section& section : sections_.rows()) {
            if (section.is_list()) {
                load_entries(root, section, cv);
                continue;
            }
            cv.*section.paragraph = prose_text(root, section.key);
            // A bare key after [person] lands in [person]; research interests may stay there,
            // and a summary belongs there (JSON Resume's basics.summary).
            if (const auto* p = root.get_as<toml::table>("person");
                p && (section.key == "research_interests" || section.key == "summary") &&
                p->contains(section.key)) {
                if (!(cv.*section.paragraph).empty())
                    diag_.error(file_, source_pos_of(*p->get(section.key)), "duplicate-key",
                                "`" + std::string(section.key) +
                                    "` is given both at the top level and in [person]",
                                "keep one of them");
                else
                    cv.*section.paragraph = prose_text(*p, section.key);
            }
        }
        cv.bibliography = texts(root, "bibliography");
        if (const auto* extra = root.get_as<toml::table>("extra"); extra && !extra->empty()) {
            std::ostringstream json;
            json << toml::json_formatter{*extra, toml::format_flags::none};
            cv.extra_json = json.str();
        }
        if (const auto* site = root.get_as<toml::table>("site")) {
            cv.site.pos = source_pos_of(*site);
            if (site->contains("pdfs"))
                cv.site.pdfs = texts(*site, "pdfs");
        }
        if (const auto* b = root.get_as<toml::table>("build")) {
            cv.build.date = date(*b, "date", cv.build.date_pos);
            if (const auto* timeout = b->get_as<int64_t>("timeout")) {
                cv.build.timeout_pos = source_pos_of(*timeout);
                if (timeout->get() < 1 || timeout->get() > 86400)
                    diag_.error(file_, cv.build.timeout_pos, "value",
                                "`timeout` " + std::to_string(timeout->get()) +
                                    " is not a number of seconds from 1 to 86400",
                                "the default is 120");
                else
                    cv.build.timeout = static_cast<int>(timeout->get());
            }
            // The schema allows only "direct" and "latexmk".
            if (const auto* tex = b->get_as<std::string>("tex"))
                cv.build.latexmk = tex->get() == "latexmk";
        }
        if (const auto* sync = root.get_as<toml::table>("sync"))
            read_sync(*sync, cv.sync);
        if (const auto* language = root.at_path("locale.language").as_string()) {
            cv.locale.language_pos = source_pos_of(*language);
            if (is_language_tag(language->get()))
                cv.locale.language = language->get();
            else
                diag_.error(
                    file_, cv.locale.language_pos, "value",
                    "`language` \"" + shorten(language->get()) + "\" is not a BCP 47 language tag",
                    "write a tag such as \"ko\", \"ja\", \"zh-Hant\" or \"en-GB\"");
        }
        // The schema (locale_spec) reported unknown keys and types; this checks the values.
        if (const auto* locale = root.get_as<toml::table>("locale")) {
            LocaleTexts overrides;
            read_locale_table(*locale, file_, overrides, diag_, false, "language");
            cv.locale.overrides = std::make_shared<const LocaleTexts>(std::move(overrides));
        }
        each_table(root, "applications",
                   [&](const toml::table& t) { cv.applications.push_back(read_application(t)); });
        if (const auto* design = root.get_as<toml::table>("design"))
            cv.design = read_option_settings(*design);
        if (const auto* templates = root.get_as<toml::table>("templates"))
            for (const auto& [name, node] : *templates)
                if (const auto* t = node.as_table()) {
                    cv.templates[std::string(name.str())] = rules(*t);
                    cv.template_options[std::string(name.str())] =
                        read_option_settings(*t, {"order", "max_pages", "budget", "filters"});
                }
        return cv;
    }

  private:
    // One [[applications]] entry; the schema checked keys and types, check_applications
    // (cv/applications.h) checks the values, the load step reads its files.
    Application read_application(const toml::table& t) {
        Application a;
        a.pos = source_pos_of(t);
        a.key = text(t, "key");
        a.organisation = text(t, "organisation");
        a.position = text(t, "position");
        a.language = text(t, "language");
        if (const auto* r = t.get_as<toml::table>("recipient")) {
            a.recipient_name = text(*r, "name");
            a.recipient_title = text(*r, "title");
            a.recipient_address = texts(*r, "address");
        }
        a.date = date(t, "date", a.date_pos);
        a.salutation = text(t, "salutation");
        a.closing = text(t, "closing");
        // The body's paragraphs and markup are read with its fields put in
        // (cv/applications.h): the loader keeps the text as written.
        a.letter = text(t, "letter");
        a.letter_file = text(t, "letter_file");
        each_table(t, "statements", [&](const toml::table& st) {
            a.statements.push_back(
                {text(st, "kind"), text(st, "title"), text(st, "file"), {}, source_pos_of(st)});
        });
        a.cv_template = text(t, "template");
        a.tags = texts(t, "tags");
        a.signature = text(t, "signature");
        a.omit_phone = flag(t, "omit_phone");
        a.omit_address = flag(t, "omit_address");
        a.mask_recipient = flag(t, "mask_recipient");
        return a;
    }

    // [sync]: the schema checked keys and types; this checks each id's shape.
    void read_sync(const toml::table& t, SyncSettings& sync) {
        sync.present = true;
        sync.pos = source_pos_of(t);
        auto id = [&](std::string_view key, Text& to,
                      std::optional<std::string> (*problem)(const std::string&)) {
            to = text(t, key);
            if (to.empty() && !t.contains(key))
                return;
            if (const auto why = problem(to.value)) {
                diag_.error(file_, to.pos, "value",
                            "`" + std::string(key) + "` \"" + shorten(to.value) + "\" is not valid",
                            *why);
                to = {};
            }
        };
        id("dblp", sync.dblp, dblp_pid_problem);
        id("orcid", sync.orcid,
           [](const std::string& v) { return username_problem(*find_network("orcid"), v); });
        id("openalex", sync.openalex, openalex_id_problem);
        id("semantic_scholar", sync.semantic_scholar, semantic_scholar_id_problem);
        id("arxiv", sync.arxiv, arxiv_query_problem);
        id("file", sync.file, sync_file_problem);
        sync.ignore = texts(t, "ignore");
        sync.include = texts(t, "include");
        sync.citations = flag(t, "citations");
    }

    static std::string join_views(const std::vector<std::string_view>& names) {
        return join(std::vector<std::string>(names.begin(), names.end()));
    }

    static std::string join(const std::vector<std::string>& names) {
        std::string out;
        for (const auto& n : names)
            out += (out.empty() ? "" : ", ") + n;
        return out;
    }

    static std::string example(FieldType type) {
        switch (type) {
            case FieldType::Integer:
                return "2024";
            case FieldType::StringList:
                return "[\"...\"]";
            case FieldType::Bool:
                return "true";
            default:
                return "\"...\"";
        }
    }

  public:
    std::shared_ptr<const SectionTable> declared_table;  // owns sections_ when declared

  private:
    std::string file_;
    const std::string& source_;  // the file's text, for positions inside strings
    const SectionTable& sections_;
    Diagnostics& diag_;
    bool markup_ = true;
};

// toml++ stops at the first syntax error; make its message read like ours and add the
// hint people need most: TOML has no year-month value.
void report_syntax_error(const toml::parse_error& error, const std::string& text,
                         const std::string& file, Diagnostics& diagnostics) {
    SourcePos pos = source_pos_of(error.source());
    std::string message(error.description());
    std::string hint;
    const std::string line = line_of(text, pos.line);
    static const std::regex year_month(R"(=\s*(\d{4})-(\d{1,2})\s*(#.*)?$)");
    static const std::regex year_only(R"(=\s*(\d{4})-\s*(#.*)?$)");
    std::smatch match;
    if (std::regex_search(line, match, year_month)) {
        hint =
            "TOML has no year-month value; write \"" + match[1].str() + "-" + match[2].str() + "\"";
    } else if (line.find("”") != std::string::npos || line.find("“") != std::string::npos) {
        hint = "use straight quotes (\") around strings, not typographic ones";
    } else if (std::regex_search(line, std::regex(R"(^\s*[A-Za-z0-9_-]+\s*=\s*[^"'\[{\d\stf-])"))) {
        hint = "strings need quotes: key = \"value\"";
    } else if (message.find("unknown escape sequence") != std::string::npos) {
        // "SIGCOMM \& NSDI": LaTeX's escapes are not TOML's, and mkcv escapes for LaTeX itself.
        hint =
            "in a \"...\" string a backslash starts an escape (\\n, \\\", \\\\); write & % $ "
            "_ # as they are, or use a 'literal string' in single quotes";
    } else if (message.find("expected a comment or whitespace") != std::string::npos &&
               std::count(line.begin(), line.end(), '"') >= 3) {
        // title = "The "Best" Paper": the second quote ended the string.
        hint =
            "a \" inside a \"...\" string ends it: write \\\" for a quote inside, or "
            "use single quotes: title = 'The \"Best\" Paper'";
    } else if (message.find("expected value") != std::string::npos) {
        hint = "give the key a value, such as key = \"...\", or remove the line";
    } else if (message.find("control characters") != std::string::npos &&
               std::count(line.begin(), line.end(), '"') % 2 == 1) {
        hint = "close the string with \" on the same line (use \"\"\" for several lines)";
    } else if (message.find("parsing array: encountered end-of-file") != std::string::npos) {
        hint = "close the list with ]";
    } else if (message.find("invalid utf-8") != std::string::npos) {
        hint = "save the file as UTF-8";
    } else if (message.find("cannot redefine existing table") != std::string::npos) {
        hint = "a [table] is written once; for a list of entries write [[name]] each time";
    } else if (message.find("cannot redefine existing") != std::string::npos) {
        hint = "each key may be given once per table";
    }
    diagnostics.error(file, pos, "toml-syntax", message, hint);
}

// [section.KEY] kind = "..." (heading read later, once language tables are resolved): the
// keys and kinds the schema cannot check alone. A bad kind is the schema's to report.
std::vector<DeclaredSection> declared_sections(const toml::table& root, const SectionTable& base,
                                               const std::string& file, Diagnostics& diagnostics) {
    std::vector<DeclaredSection> out;
    const auto* declared = root.get_as<toml::table>("section");
    if (!declared)
        return out;
    const std::vector<std::string> kinds = declarable_kinds(base);
    // toml++ keeps keys sorted; the sections print in the order they are written.
    std::vector<std::pair<SourcePos, DeclaredSection>> found;
    for (const auto& [key, node] : *declared) {
        const std::string name(key.str());
        const SourcePos at = source_pos_of(key.source());
        static const std::regex kKey("[A-Za-z][A-Za-z0-9_-]{0,63}");
        if (!std::regex_match(name, kKey)) {
            diagnostics.error(file, at, "section",
                              "section key `" + shorten(name) + "` is not a plain name",
                              "begin with a letter and use only letters, digits, _ and -, at "
                              "most 64 characters: [section.industry]");
            continue;
        }
        if (base.schema().find(name) || name == "section") {
            const bool builtin = base.find(name) != nullptr;
            diagnostics.error(
                file, at, "section",
                "section key `" + name + "` is " +
                    (builtin ? "a built-in section" : "a top-level key of cv.toml"),
                builtin ? "write [[" + name +
                              "]] entries as they are, or give "
                              "your section a key of its own, such as [section." +
                              name + "_2]"
                        : "give your section another key, such as [section.my_" + name + "]");
            continue;
        }
        const auto* t = node.as_table();
        const auto* kind = t ? t->get_as<std::string>("kind") : nullptr;
        if (!kind || std::find(kinds.begin(), kinds.end(), kind->get()) == kinds.end())
            continue;  // the schema says what is wrong
        found.push_back({source_pos_of(*t), {name, kind->get(), ""}});
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        return a.first.line != b.first.line ? a.first.line < b.first.line
                                            : a.first.column < b.first.column;
    });
    for (auto& [pos, section] : found)
        out.push_back(std::move(section));
    return out;
}

}  // namespace

LoadResult load_cv(const std::string& text, const std::string& file_name,
                   std::string_view language) {
    return load_cv(text, file_name, builtin_sections(), language);
}

LoadResult load_cv(const std::string& text, const std::string& file_name,
                   const SectionTable& sections, std::string_view language) {
    LoadResult result;
    std::optional<toml::table> root =
        parse_toml(text, file_name, result.diagnostics, [&](const toml::parse_error& error) {
            report_syntax_error(error, text, file_name, result.diagnostics);
        });
    if (!root)
        return result;
    // Sections cv.toml declares ([section.KEY]) become rows of a table of this CV's own.
    std::vector<DeclaredSection> declared =
        declared_sections(*root, sections, file_name, result.diagnostics);
    std::shared_ptr<const SectionTable> own;
    if (!declared.empty())
        own = with_declared_sections(sections, declared);
    const SectionTable& table = own ? *own : sections;
    // Texts fall back to [locale] language (checked, and reported when bad, by convert).
    LanguageChoice languages{std::string(language), "en"};
    if (const auto* tag = root->at_path("locale.language").as_string();
        tag && is_language_tag(tag->get()))
        languages.default_language = tag->get();
    std::vector<const toml::node*> reported;
    resolve_language_tables(*root, table.schema(), languages, file_name, result.diagnostics,
                            reported);
    // The headings, now in the build's language: the table again, with them.
    bool headed = false;
    for (DeclaredSection& d : declared)
        if (const auto* heading =
                root->at_path("section").as_table()->at_path(d.key + ".heading").as_string()) {
            d.heading = heading->get();
            headed = headed || !d.heading.empty();
        }
    if (headed)
        own = with_declared_sections(sections, declared);
    const SectionTable& final_table = own ? *own : sections;
    Loader loader(file_name, text, final_table, result.diagnostics);
    loader.reported = std::move(reported);
    loader.declared_table = own;
    loader.check_table(*root, final_table.schema(), "the top level");
    result.cv = loader.convert(*root);
    return result;
}

}  // namespace mkcv
