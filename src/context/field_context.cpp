#include "context/field_context.h"

#include "cv/dates.h"
#include "cv/photo.h"
#include "text/latex_escape.h"
#include "text/script_punctuation.h"

namespace mkcv {
namespace {

using Id = ContextTree::Id;

// ISO 8601 dates for machine-readable outputs (JSON Resume): `start_iso` and `end_iso`, null
// when not given; an end that is "present" is null too, as JSON Resume leaves out the end of
// what goes on.
std::string iso_or_empty(const std::optional<PartialDate>& date) {
    return date && !date->present ? iso_date(*date) : "";
}

}  // namespace

std::string link_target(const std::string& url) {
    if (url.find(':') != std::string::npos)
        return url;
    if (url.rfind("10.", 0) == 0)
        return "https://doi.org/" + url;
    return "https://" + url;
}

void add_names(ContextTree& t, Id parent, std::string_view key, const std::vector<Text>& names) {
    add_items(t, parent, key, names,
              [&](Id item, const Text& n) { t.add_string(item, "name", n.value); });
}

void add_texts(ContextTree& t, Id parent, std::string_view key, const std::vector<Text>& texts) {
    add_items(t, parent, key, texts,
              [&](Id item, const Text& x) { t.add_string(item, "text", x.value, x.marks); });
}

// "A", "A and B", "A, B and C", in the locale's words.
std::string join_names(const std::vector<Text>& names, const LocaleTexts& words) {
    std::vector<std::string> values;
    for (const auto& name : names)
        values.push_back(name.value);
    return words.join(values);
}

std::string join_texts(const std::vector<Text>& texts, const std::string& separator) {
    std::string out;
    for (const auto& t : texts)
        out += (out.empty() ? "" : separator) + t.value;
    return out;
}

// A link's `href` for a template of `format` (ContextOptions::format); null when refused.
// JSON promises URIs (JSON Resume's "format": "uri"), so there it is percent-encoded; so it
// is in Markdown, with its parentheses too, since an unbalanced `)` would end `[text](href)`.
void add_href(ContextTree& t, Id item, const std::string& target, TextFormat format) {
    if (format == TextFormat::Latex)
        t.add_string(item, "href", escape_href(target));
    else if (format == TextFormat::Json && is_safe_href(target))
        t.add_string(item, "href", encode_uri(target));
    else if (format == TextFormat::Markdown && is_safe_href(target)) {
        std::string href;
        for (const char c : encode_uri(target))
            href += c == '(' ? "%28" : c == ')' ? "%29" : std::string(1, c);
        t.add_string(item, "href", href);
    } else if (is_safe_href(target))
        t.add_string(item, "href", target);
    else
        t.add_null(item, "href");
}

void add_links(ContextTree& t, Id parent, const std::vector<Link>& links, TextFormat format) {
    add_items(t, parent, "links", links, [&](Id item, const Link& l) {
        t.add_string(item, "label", l.label.value);
        t.add_string(item, "url", l.url.value);
        // A .bib file beside the page (cv.toml's, or the site's copy) is a path, not a host.
        add_href(t, item, is_local_bibtex(l) ? l.url.value : link_target(l.url.value), format);
    });
}

void add_iso_range(ContextTree& t, Id item, const std::optional<PartialDate>& start,
                   const std::optional<PartialDate>& end) {
    t.add_text(item, "start_iso", iso_or_empty(start));
    t.add_text(item, "end_iso", iso_or_empty(end));
}

// `year`, `date` ("Oct. 2023", "5 Oct. 2023", "2023", in the locale's form) and `date_iso`
// ("2023-10") of an award or a paper; all null for an undated award (year 0).
void add_year_date(ContextTree& t, Id item, int year, int month, int day,
                   const LocaleTexts& words) {
    if (year == 0) {
        t.add_null(item, "year");
        t.add_null(item, "date");
        t.add_null(item, "date_iso");
        return;
    }
    const PartialDate date{year, month, day, false};
    t.add_string(item, "year", std::to_string(year));
    t.add_string(item, "date", words.date(date));
    t.add_string(item, "date_iso", iso_date(date));
}

// Several periods as one range: the earliest start and the latest end, no end while one
// period goes on (no end, or "present").
void add_iso_span(ContextTree& t, Id item, const std::vector<DateRange>& periods) {
    std::optional<PartialDate> start;
    std::optional<PartialDate> end;
    bool ongoing = false;
    for (const auto& p : periods) {
        if (p.start && (!start || compare_dates(*p.start, *start) < 0))
            start = p.start;
        if (!p.end || p.end->present)
            ongoing = true;
        else if (!end || compare_dates(*p.end, *end) > 0)
            end = p.end;
    }
    add_iso_range(t, item, start, ongoing ? std::nullopt : end);
}

// A record's `url` (press, a custom entry) as a link target; null when it has none.
void add_url_href(ContextTree& t, Id item, const Text& url, TextFormat format) {
    if (url.empty())
        t.add_null(item, "href");
    else
        add_href(t, item, link_target(url.value), format);
}

// One record's fields as its section's field kinds show them to templates (sections.h).
// `owner` marks the CV's owner in lists of ListForm::Owners.
void add_fields(ContextTree& t, Id item, const std::vector<Field>& fields, const Record& r,
                TextFormat format, const LocaleTexts& words, const OwnerMatcher* owner) {
    for (const Field& field : fields) {
        const std::string_view key = field.key;
        std::visit(
            Overloaded{
                [&](const TextField& f) {
                    // Marks go along: .bib values and prose fields' inline Markdown.
                    const Text& text = f.member(r);
                    // A field of a few values (service's `kind`): flags for templates that
                    // print each its own way, <<#is.reviewer>>, as contacts have.
                    // A URL field (press's or a custom entry's `url`) gets the record's
                    // `href`, made safe for the output.
                    if (f.url)
                        add_url_href(t, item, text, format);
                    // Unset, it counts as the last value ("other").
                    if (!field.allowed.empty()) {
                        const std::string_view value =
                            text.empty() ? field.allowed.back() : std::string_view(text.value);
                        const Id is = t.add_object(item, "is");
                        for (const auto allowed : field.allowed)
                            t.add_bool(is, allowed, allowed == value);
                    }
                    // Education's degree with its field, joined as the locale says; the
                    // degree alone beside it (JSON Resume's studyType). Both plain texts.
                    const Text* joined = f.joined_with ? &f.joined_with(r) : nullptr;
                    if (joined && !joined->empty() && !text.empty())
                        t.add_string(item, key,
                                     words.fill(f.join_pattern, {{key, text.value},
                                                                 {f.joined_key, joined->value}}));
                    else if (field.required)
                        t.add_string(item, key, text.value, text.marks);
                    else
                        t.add_text(item, key, text.value, text.marks);
                    if (joined)
                        t.add_text(item, std::string(key) + "_without_" + std::string(f.joined_key),
                                   text.value, text.marks);
                    // "Worth It?" takes no full stop after it (templates that add one ask).
                    if (key == "title")
                        t.add_bool(item, "title_ends_sentence", ends_sentence(text.value));
                },
                [&](const TextListField& f) {
                    const auto& list = f.member(r);
                    switch (f.form) {
                        case ListForm::Bullets:
                            add_texts(t, item, key, list);
                            t.add_bool(item, "has_" + std::string(key), !list.empty());
                            break;
                        case ListForm::People:
                            add_names(t, item, key, list);
                            t.add_text(item, std::string(key) + "_text", join_names(list, words));
                            t.add_bool(item, std::string(key) + "_many", list.size() > 1);
                            break;
                        case ListForm::Terms:
                            add_items(t, item, key, list, [&](Id term, const Text& name) {
                                t.add_string(term, "term", name.value);
                            });
                            t.add_string(item, std::string(key) + "_text",
                                         join_texts(list, words.text("list_separator")));
                            break;
                        case ListForm::Keywords:
                            add_texts(t, item, key, list);
                            t.add_text(item, std::string(key) + "_text",
                                       join_texts(list, words.text("list_separator")));
                            t.add_bool(item, "has_" + std::string(key), !list.empty());
                            break;
                        case ListForm::Owners:
                            add_items(t, item, key, list, [&](Id person, const Text& name) {
                                t.add_string(person, "name", name.value);
                                t.add_bool(person, "owner",
                                           owner && (*owner)(parse_author(name.value)));
                            });
                            t.add_text(item, std::string(key) + "_text", join_names(list, words));
                            t.add_bool(item, std::string(key) + "_many", list.size() > 1);
                            break;
                        case ListForm::Hidden:
                            break;
                    }
                },
                [&](const YearField& f) { t.add_string(item, key, std::to_string(f.year(r))); },
                [&](const DateField& f) {
                    const auto& date = f.member(r);
                    t.add_text(item, key, date ? words.date(*date) : "");
                    t.add_text(item, std::string(key) + "_iso", date ? iso_date(*date) : "");
                },
                [&](const FlagField& f) {
                    if (f.in_context)
                        t.add_bool(item, key, f.member(r));
                },
                [&](const DatesField& f) {
                    const auto& dates = f.member(r);
                    t.add_text(item, key, dates ? words.range(dates->start, dates->end) : "");
                    if (dates)
                        add_iso_range(t, item, dates->start, dates->end);
                    else
                        add_iso_range(t, item, std::nullopt, std::nullopt);
                },
                [&](const PeriodsField& f) {
                    std::vector<Text> ranges;
                    for (const auto& p : f.member(r))
                        ranges.push_back({words.range(p.start, p.end), {}});
                    t.add_text(item, key, join_texts(ranges, words.text("list_separator")));
                    add_iso_span(t, item, f.member(r));
                    const Id list = t.add_list(item, "periods");
                    const auto& periods = f.member(r);
                    for (std::size_t i = 0; i < periods.size(); ++i) {
                        const Id period = t.add_object(list);
                        t.add_string(period, key, ranges[i].value);
                        add_iso_range(t, period, periods[i].start, periods[i].end);
                        t.add_bool(period, "first", i == 0);
                        t.add_bool(period, "last", i + 1 == periods.size());
                    }
                },
                [&](const LinksField& f) { add_links(t, item, f.member(r), format); },
                [](const ChoiceField&) {},  // only publications have one; written for
                [&](const RecordsField& f) {
                    const std::size_t count = f.size(r);
                    t.add_bool(item, "has_" + std::string(key), count > 0);
                    add_records(t, item, key, count, f.fields, format, words,
                                [&](std::size_t i) -> const Record& { return f.at(r, i); });
                },
            },
            field.kind);
    }
}

}  // namespace mkcv
