#include "context/context_builder.h"

#include <algorithm>
#include <map>
#include <set>

#include "context/application_context.h"
#include "context/publication_groups.h"
#include "cv/authors.h"
#include "cv/dates.h"
#include "cv/locale.h"
#include "cv/locale_texts.h"
#include "cv/photo.h"
#include "cv/profiles.h"
#include "cv/sections.h"
#include "text/cjk_text.h"
#include "text/latex_escape.h"
#include "text/script_punctuation.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

using Id = ContextTree::Id;

// Lists carry `first` and `last` on each item so templates can place separators; `fill`
// adds an item's other members.
template <typename T, typename Fill>
void add_items(ContextTree& t, Id parent, std::string_view key, const std::vector<T>& items,
               Fill&& fill) {
    const Id list = t.add_list(parent, key);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const Id item = t.add_object(list);
        fill(item, items[i]);
        t.add_bool(item, "first", i == 0);
        t.add_bool(item, "last", i + 1 == items.size());
    }
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

std::string join(const std::vector<Text>& texts, const std::string& separator) {
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

// ISO 8601 dates for machine-readable outputs (JSON Resume): `start_iso` and `end_iso`, null
// when not given; an end that is "present" is null too, as JSON Resume leaves out the end of
// what goes on.
std::string iso_or_empty(const std::optional<PartialDate>& date) {
    return date && !date->present ? iso_date(*date) : "";
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

template <typename At>
void add_records(ContextTree& t, Id parent, std::string_view key, std::size_t count,
                 const std::vector<Field>& fields, TextFormat format, const LocaleTexts& words,
                 At&& at, const OwnerMatcher* owner = nullptr);

// One record's fields as its section's field kinds show them to templates (sections.h).
// `owner` marks the CV's owner in lists of ListForm::Owners.
void add_fields(ContextTree& t, Id item, const std::vector<Field>& fields, const Record& r,
                TextFormat format, const LocaleTexts& words, const OwnerMatcher* owner = nullptr) {
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
                                         join(list, words.text("list_separator")));
                            break;
                        case ListForm::Keywords:
                            add_texts(t, item, key, list);
                            t.add_text(item, std::string(key) + "_text",
                                       join(list, words.text("list_separator")));
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
                    t.add_text(item, key, join(ranges, words.text("list_separator")));
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

// A list of records, each with its fields, `first` and `last` (as add_items).
template <typename At>
void add_records(ContextTree& t, Id parent, std::string_view key, std::size_t count,
                 const std::vector<Field>& fields, TextFormat format, const LocaleTexts& words,
                 At&& at, const OwnerMatcher* owner) {
    const Id list = t.add_list(parent, key);
    for (std::size_t i = 0; i < count; ++i) {
        const Id item = t.add_object(list);
        add_fields(t, item, fields, at(i), format, words, owner);
        t.add_bool(item, "first", i == 0);
        t.add_bool(item, "last", i + 1 == count);
    }
}

struct Marks {
    bool equal = false;
    bool corresponding = false;
};

void add_person(ContextTree& t, const Person& p, TextFormat format,
                const std::optional<SitePage>& site) {
    const Id person = t.add_object(ContextTree::root(), "person");
    t.add_string(person, "name", p.name.value);
    t.add_text(person, "native_name", p.native_name.value);
    t.add_text(person, "position", p.position.value);
    t.add_text(person, "affiliation", p.affiliation.value);
    t.add_text(person, "email", p.email.value);
    t.add_text(person, "phone", p.phone.value);
    t.add_text(person, "homepage", p.homepage.value);
    t.add_text(person, "github", p.github.value);
    t.add_text(person, "location", p.location.value);
    t.add_text(person, "bio", p.bio.value, p.bio.marks);
    // The photo under mkcv's own name (the TeX build folder holds a copy) and, for HTML, as
    // a data: URI, so the page stays one self-contained file.
    if (!p.photo.bytes.empty()) {
        const Id photo = t.add_object(person, "photo");
        t.add_string(photo, "file", photo_file_name(p.photo));
        if (format == TextFormat::Html)
            t.add_string(photo, "data_uri", photo_data_uri(p.photo));
        else
            t.add_null(photo, "data_uri");
        t.add_string(photo, "path", p.photo.path.value);
        // Where an HTML page finds it: a file of the site, or the page itself.
        if (site && !site->photo.empty())
            t.add_string(photo, "src", site->photo);
        else if (format == TextFormat::Html)
            t.add_string(photo, "src", photo_data_uri(p.photo));
        else
            t.add_null(photo, "src");
    } else {
        t.add_null(person, "photo");
    }
    // The parts of a location written as a table, for outputs that keep them apart (JSON
    // Resume's basics.location); null for a location written as one string.
    if (p.location_parts) {
        const PlaceParts& place = *p.location_parts;
        const Id parts = t.add_object(person, "location_parts");
        t.add_text(parts, "address", place.address.value);
        t.add_text(parts, "postal_code", place.postal_code.value);
        t.add_text(parts, "city", place.city.value);
        t.add_text(parts, "region", place.region.value);
        t.add_text(parts, "country", place.country.value);
        t.add_text(parts, "country_code", place.country_code.value);
    } else {
        t.add_null(person, "location_parts");
    }
    add_links(t, person, p.links, format);

    // Profiles on other sites; `github` is a GitHub profile written the short way.
    std::vector<ResolvedProfile> social;
    if (!p.github.empty()) {
        const bool is_url = p.github.value.find("://") != std::string::npos;
        Profile github{{"GitHub", p.github.pos}, {}, {}, {}, p.pos};
        (is_url ? github.url : github.username) = p.github;
        ResolvedProfile r = resolve_profile(github);
        if (!is_url && r.url.empty())  // a name GitHub would refuse: linked as before
            r.url = "https://github.com/" + p.github.value;
        r.text = display_url(r.url);
        social.push_back(std::move(r));
    }
    for (const Profile& profile : p.profiles)
        social.push_back(resolve_profile(profile));

    struct Contact {
        const char* kind;
        std::string text;
        std::string url;
        std::string icon;                         // Fork Awesome code point, or empty
        const ResolvedProfile* social = nullptr;  // for kind "github" and "profile"
    };
    std::vector<Contact> contacts;
    if (!p.email.empty())
        contacts.push_back({"email", p.email.value, "mailto:" + p.email.value, "F0E0"});
    if (!p.phone.empty())
        contacts.push_back({"phone", p.phone.value, "", "F095"});
    if (!p.homepage.empty())
        contacts.push_back(
            {"homepage", display_url(p.homepage.value), link_target(p.homepage.value), "F0AC"});
    for (const ResolvedProfile& r : social)
        contacts.push_back({&r == &social.front() && !p.github.empty() ? "github" : "profile",
                            r.text, r.url, r.icon, &r});
    if (!p.location.empty())
        contacts.push_back({"location", p.location.value, "", "F041"});
    for (const auto& link : p.links)
        contacts.push_back({"link", link.label.value, link_target(link.url.value), ""});
    add_items(t, person, "contacts", contacts, [&](Id item, const Contact& c) {
        t.add_string(item, "kind", c.kind);
        // Flags by kind, for templates that print each kind its own way (Mustache cannot
        // compare strings): <<#is.email>>…<</is.email>>.
        const Id is = t.add_object(item, "is");
        for (const char* kind :
             {"email", "phone", "homepage", "github", "profile", "location", "link"})
            t.add_bool(is, kind, std::string_view(kind) == c.kind);
        t.add_string(item, "text", c.text);
        t.add_text(item, "url", c.url);
        if (c.url.empty())
            t.add_null(item, "href");
        else
            add_href(t, item, c.url, format);
        t.add_text(item, "network", c.social ? c.social->network : "");
        // The network's name where the text alone would not say it (an ORCID iD, a handle);
        // null for `github`, whose text is its address.
        const bool profile = std::string_view(c.kind) == "profile";
        t.add_text(item, "network_label",
                   profile && c.social->text != c.social->network ? c.social->network : "");
        t.add_text(item, "icon", c.icon);
    });
    // Every profile, `github` first, with what JSON Resume's basics.profiles needs.
    add_items(t, person, "social", social, [&](Id item, const ResolvedProfile& r) {
        t.add_text(item, "network", r.network);
        t.add_text(item, "network_key", r.key);
        t.add_text(item, "username", r.username);
        t.add_string(item, "text", r.text);
        t.add_text(item, "url", r.url);
        if (r.url.empty())
            t.add_null(item, "href");
        else
            add_href(t, item, r.url, format);
        t.add_text(item, "icon", r.icon);
    });
    // The person's pages elsewhere (schema.org `sameAs`): the contacts that are web pages and
    // have a link, alone in a list so that `first` and `last` count only them.
    std::vector<const Contact*> profiles;
    for (const Contact& c : contacts)
        if (std::string_view(c.kind) != "email" && std::string_view(c.kind) != "phone" &&
            !c.url.empty() && (format == TextFormat::Latex || is_safe_href(c.url)))
            profiles.push_back(&c);
    add_items(t, person, "profiles", profiles, [&](Id item, const Contact* c) {
        t.add_string(item, "kind", c->kind);
        t.add_string(item, "text", c->text);
        add_href(t, item, c->url, format);
    });
}

// "et al." or "John Smith Jr." last: templates then leave out the period after the list.
bool ends_with_period(const std::vector<Text>& authors) {
    if (authors.empty())
        return false;
    const AuthorName last = parse_author(authors.back().value);
    return !last.equal && !last.corresponding && last.suffix.empty() && !last.name.empty() &&
           last.name.back() == '.';
}

void add_publication(ContextTree& t, Id item, const Publication& p, const OwnerMatcher& is_owner,
                     Marks& marks, const ContextOptions& options, const LocaleTexts& words) {
    const TextFormat format = options.format;
    t.add_string(item, "title", p.title.value, p.title.marks);
    add_items(t, item, "authors", p.authors, [&](Id author, const Text& written) {
        const AuthorName a = parse_author(written.value);
        marks.equal |= a.equal;
        marks.corresponding |= a.corresponding;
        t.add_string(author, "name", a.name);
        t.add_text(author, "suffix", a.suffix);
        t.add_bool(author, "owner", is_owner(a));
        t.add_bool(author, "equal", a.equal);
        t.add_bool(author, "corresponding", a.corresponding);
    });
    t.add_string(item, "venue", p.venue.value, p.venue.marks);
    t.add_text(item, "venue_short", p.venue_short.value, p.venue_short.marks);
    // The venue as the template's `venues` option cites it: "ASPLOS ’23", or null to print
    // `venue` and `year` in full.
    const std::string short_name = options.venue_style == VenueStyle::Full
                                       ? std::string()
                                       : venue_short_name(p.venue.value, p.venue_short.value);
    t.add_text(item, "venue_brief", venue_brief(short_name, p.year, options.venue_style));
    t.add_text(item, "venue_brief_name", short_name);
    t.add_bool(item, "authors_end_with_period", ends_with_period(p.authors));
    t.add_bool(item, "has_authors", !p.authors.empty());  // a thesis or `other` may have none
    t.add_text(item, "key", p.key.value);
    add_year_date(t, item, p.year, p.month, p.day, words);
    t.add_string(item, "kind", to_string(p.kind));
    t.add_text(item, "award", p.award.value, p.award.marks);
    t.add_text(item, "note", p.note.value, p.note.marks);
    t.add_bool(item, "title_ends_sentence", ends_sentence(p.title.value));
    t.add_bool(item, "award_ends_sentence", ends_sentence(p.award.value));
    t.add_bool(item, "note_ends_sentence", ends_sentence(p.note.value));
    t.add_bool(item, "selected", p.selected);
    t.add_text(item, "abstract", p.abstract.value, p.abstract.marks);
    // [sync] citations = true: the count sync last read, which a template shows if it asks
    // (the homepage themes do; the PDF themes never).
    if (p.citations) {
        const Id citations = t.add_object(item, "citations");
        t.add_string(citations, "count", std::to_string(p.citations->count));
        t.add_string(citations, "source", p.citations->source);
        t.add_string(citations, "date", p.citations->date);
        t.add_string(citations, "text",
                     words.fill("cited_by", {{"count", std::to_string(p.citations->count)}}));
    } else {
        t.add_null(item, "citations");
    }
    const std::string id = paper_id(p);
    // A site's page links its own copy of the paper's BibTeX, in place of a `bibtex` link
    // or after the others, and shows the thumbnail from its own folder.
    std::vector<Link> links = p.links;
    if (options.site)
        if (const auto bib = options.site->bibtex.find(id); bib != options.site->bibtex.end()) {
            const auto given = std::find_if(links.begin(), links.end(), [](const Link& l) {
                return ascii_lower(l.label.value) == "bibtex";
            });
            if (given == links.end())
                links.push_back({{"bibtex", {}}, {bib->second, {}}});
            else if (is_local_bibtex(*given))  // a URL the owner chose stays
                given->url = {bib->second, given->url.pos};
        }
    add_links(t, item, links, format);
    const std::string* site_thumbnail = nullptr;
    if (options.site)
        if (const auto it = options.site->thumbnails.find(id); it != options.site->thumbnails.end())
            site_thumbnail = &it->second;
    if (site_thumbnail) {
        const Id picture = t.add_object(item, "thumbnail");
        t.add_string(picture, "src", *site_thumbnail);
    } else if (!p.thumbnail.bytes.empty() && format == TextFormat::Html) {
        const Id picture = t.add_object(item, "thumbnail");
        t.add_string(picture, "src", photo_data_uri(p.thumbnail));
    } else {
        t.add_null(item, "thumbnail");
    }
}

// Returns whether any group was added.
bool add_publications(ContextTree& t, Id parent, const std::vector<Publication>& papers,
                      const Cv& cv, const ContextOptions& options, const LocaleTexts& words,
                      Marks& marks) {
    std::vector<std::string> aliases;
    for (const auto& alias : cv.person.aliases)
        aliases.push_back(alias.value);
    const OwnerMatcher is_owner(cv.person.name.value, aliases);
    struct Group {
        PublicationKind kind;
        std::vector<const Publication*> kept;
        bool all_kinds = false;
    };
    std::vector<Group> groups;
    std::size_t total = 0;
    std::vector<std::pair<PublicationKind, std::size_t>> counts;
    for (const PublicationKind kind : group_order(options.publication_order)) {
        Group group{kind, {}};
        for (const auto& p : papers)
            if (p.kind == kind)
                group.kept.push_back(&p);
        if (group.kept.empty())
            continue;
        std::stable_sort(group.kept.begin(), group.kept.end(), newer_first);
        total += group.kept.size();
        counts.emplace_back(kind, group.kept.size());
        groups.push_back(std::move(group));
    }
    // One list newest first: read top down it is in order, which kinds without their
    // headings are not. Numbered down from the total, as in each kind's group.
    if (!options.publications_by_kind && !groups.empty()) {
        Group all{groups.front().kind, {}, true};
        for (const Group& g : groups)
            all.kept.insert(all.kept.end(), g.kept.begin(), g.kept.end());
        std::stable_sort(all.kept.begin(), all.kept.end(), newer_first);
        groups = {std::move(all)};
    }
    const Id publications = t.add_object(parent, "publications");
    t.add_string(publications, "count", std::to_string(total));
    t.add_text(publications, "counts_text", counts_text(counts, words));
    add_items(t, publications, "groups", groups, [&](Id item, const Group& group) {
        const std::string kind_name = group.all_kinds ? "all" : to_string(group.kind);
        const auto custom = options.publication_headings.find(kind_name);
        t.add_string(item, "kind", kind_name);
        std::string heading = custom != options.publication_headings.end() ? custom->second
                              : group.all_kinds ? words.text("headings.publications")
                                                : group_heading(group.kind, words);
        t.add_string(item, "heading", heading);
        t.add_string(item, "count", std::to_string(group.kept.size()));
        const std::string prefix = group.all_kinds ? "" : number_prefix(group.kind);
        t.add_string(item, "number_prefix", prefix);
        // Numbers count down, so the newest paper has the highest: [C7] … [C1].
        // `year_first` marks the first paper of each year, for templates that group by year.
        const Id items = t.add_list(item, "items");
        const auto& kept = group.kept;
        for (std::size_t i = 0; i < kept.size(); ++i) {
            const Id paper = t.add_object(items);
            add_publication(t, paper, *kept[i], is_owner, marks, options, words);
            t.add_string(paper, "number", prefix + std::to_string(kept.size() - i));
            t.add_bool(paper, "year_first", i == 0 || kept[i - 1]->year != kept[i]->year);
            t.add_bool(paper, "first", i == 0);
            t.add_bool(paper, "last", i + 1 == kept.size());
        }
    });
    return !groups.empty();
}

// `news`, newest first (undated last, in file order), and the same split in two:
// `news_recent`, the first `news_shown`, and `news_older`, the rest, which a homepage folds.
bool add_news(ContextTree& t, const Cv& cv, const Section& section, const ContextOptions& options,
              const LocaleTexts& words) {
    std::vector<const News*> items;
    for (std::size_t i = 0; i < section.size(cv); ++i)
        items.push_back(&static_cast<const News&>(section.entries.at(cv, section.key, i)));
    std::stable_sort(items.begin(), items.end(), [](const News* a, const News* b) {
        if (!a->date || !b->date)
            return a->date.has_value() && !b->date.has_value();
        return compare_dates(*a->date, *b->date) > 0;
    });
    const auto fill = [&](Id item, const News* n) {
        t.add_text(item, "date", n->date ? words.date(*n->date) : "");
        t.add_text(item, "date_iso", n->date ? iso_date(*n->date) : "");
        t.add_string(item, "text", n->text.value, n->text.marks);
    };
    const std::size_t shown = std::min(options.news_shown, items.size());
    add_items(t, ContextTree::root(), "news", items, fill);
    add_items(t, ContextTree::root(), "news_recent",
              std::vector<const News*>(items.begin(), items.begin() + static_cast<long>(shown)),
              fill);
    add_items(t, ContextTree::root(), "news_older",
              std::vector<const News*>(items.begin() + static_cast<long>(shown), items.end()),
              fill);
    t.add_bool(ContextTree::root(), "has_news_older", shown < items.size());
    return !items.empty();
}

// `site`: what a page of `mkcv site` links besides the CV's own links, so templates can
// print it whether or not the page is one of a site (`site.active`, empty lists elsewhere).
void add_site(ContextTree& t, const std::optional<SitePage>& site) {
    const Id node = t.add_object(ContextTree::root(), "site");
    t.add_bool(node, "active", site.has_value());
    t.add_text(node, "cv_pdf", site ? site->cv_pdf : "");
    t.add_bool(node, "has_languages", site && site->languages.size() > 1);
    add_items(t, node, "languages", site ? site->languages : std::vector<SiteLanguage>{},
              [&](Id item, const SiteLanguage& l) {
                  t.add_string(item, "tag", l.tag);
                  t.add_string(item, "name", l.name);
                  t.add_string(item, "href", l.href);
                  t.add_bool(item, "current", l.current);
              });
}

// Returns whether any award was added.
bool add_awards(ContextTree& t, Id parent, const std::vector<Award>& awards,
                const std::vector<Publication>& papers, const LocaleTexts& words) {
    struct Row {
        PartialDate date;  // year 0: undated
        const Award* award;
        const Publication* paper;
    };
    std::vector<Row> rows;
    for (const auto& a : awards)
        rows.push_back({{a.year, a.month, a.day, false}, &a, nullptr});
    for (const auto& p : papers)
        if (!p.award.empty())
            rows.push_back({{p.year, p.month, p.day, false}, nullptr, &p});
    // Newest first; within a year a dated month before none ("2023-10" before "2023", which
    // compare_dates puts first as its first day); undated awards last, in file order.
    std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
        if (a.date.year != b.date.year)
            return a.date.year > b.date.year;
        return compare_dates(a.date, b.date) > 0;
    });
    add_items(t, parent, "awards", rows, [&](Id item, const Row& row) {
        if (row.award) {
            t.add_string(item, "title", row.award->title.value);
            add_year_date(t, item, row.award->year, row.award->month, row.award->day, words);
            t.add_text(item, "issuer", row.award->issuer.value);
            t.add_text(item, "note", row.award->note.value, row.award->note.marks);
            t.add_null(item, "paper");
        } else {
            t.add_string(item, "title", row.paper->award.value, row.paper->award.marks);
            add_year_date(t, item, row.paper->year, row.paper->month, row.paper->day, words);
            t.add_string(item, "issuer", row.paper->venue.value, row.paper->venue.marks);
            t.add_null(item, "note");
            t.add_string(item, "paper", row.paper->title.value, row.paper->title.marks);
        }
    });
    return !rows.empty();
}

// For a field of a few values (service's `kind`), which values the section's entries use:
// `service_kind.reviewer`, so a template prints a group's heading only when it has entries.
void add_value_flags(ContextTree& t, Id parent, const Cv& cv, const Section& section) {
    for (const Field& field : section.fields) {
        const auto* f = std::get_if<TextField>(&field.kind);
        if (!f || field.allowed.empty())
            continue;
        const Id flags =
            t.add_object(parent, std::string(section.kind_key()) + "_" + std::string(field.key));
        for (const auto allowed : field.allowed) {
            bool used = false;
            for (std::size_t i = 0; i < section.size(cv) && !used; ++i) {
                const Text& text = f->member(section.entries.at(cv, section.key, i));
                used =
                    (text.empty() ? field.allowed.back() : std::string_view(text.value)) == allowed;
            }
            t.add_bool(flags, allowed, used);
        }
    }
}

// `locale`: every text of the CV's locale, as templates print them (`locale.present`,
// `locale.headings.education` ...); patterns filled with what this CV gives them (the
// person's name, the generator); the date patterns and counts are left to the dates and
// `publications.counts_text` already formatted.
void add_locale(ContextTree& t, const Cv& cv, const std::string& generator) {
    const LocaleTexts& words = texts_or_english(cv.locale.texts);
    const Id locale = t.add_object(ContextTree::root(), "locale");
    std::map<std::string, Id, std::less<>> tables;
    for (const LocaleKey& key : locale_keys()) {
        if (key.kind == LocaleKeyKind::Months || key.name.rfind("date_", 0) == 0 ||
            key.name.rfind("counts.", 0) == 0 || key.name == "degree_in_field")
            continue;
        Id parent = locale;
        std::string_view name = key.name;
        if (const std::size_t dot = name.find('.'); dot != std::string_view::npos) {
            const std::string table(name.substr(0, dot));
            auto it = tables.find(table);
            if (it == tables.end())
                it = tables.emplace(table, t.add_object(locale, table)).first;
            parent = it->second;
            name = name.substr(dot + 1);
        }
        t.add_string(
            parent, name,
            words.fill(key.name, {{"name", cv.person.name.value}, {"generator", generator}}));
    }
}

// The entries of a section declared in cv.toml, inside its element of `sections_order` under
// its kind's key (`experience`, `publications.groups` ...), so a template's code for the kind
// prints them: Mustache finds the element's key before the root's.
void add_declared_section(ContextTree& t, Id element, const Cv& cv, const Section& section,
                          const ContextOptions& options, const LocaleTexts& words,
                          const OwnerMatcher& owner, Marks& marks) {
    if (section.kind == kPublicationsSection) {
        add_publications(t, element, detail::entries<Publication, nullptr>(cv, section.key), cv,
                         options, words, marks);
    } else if (section.kind == "awards") {
        add_awards(t, element, detail::entries<Award, nullptr>(cv, section.key), {}, words);
    } else {
        add_records(
            t, element, section.kind, section.size(cv), section.fields, options.format, words,
            [&](std::size_t i) -> const Record& { return section.entries.at(cv, section.key, i); },
            &owner);
        add_value_flags(t, element, cv, section);
    }
}

}  // namespace

std::string link_target(const std::string& url) {
    if (url.find(':') != std::string::npos)
        return url;
    if (url.rfind("10.", 0) == 0)
        return "https://doi.org/" + url;
    return "https://" + url;
}

std::string paper_id(const Publication& p) {
    return p.title.value + '\n' + std::to_string(p.year) + '\n' + p.venue.value;
}

ContextTree build_context(const Cv& cv, const ContextOptions& options) {
    ContextTree t;
    // About 60 nodes and a few hundred bytes per publication: reserved, not regrown.
    t.reserve(256 + 64 * cv.publications.size(), 4096 + 512 * cv.publications.size());
    const Id root = ContextTree::root();
    const Id meta = t.add_object(root, "meta");
    // The locale's words, with the template's date style (options: date_format).
    LocaleTexts words = texts_or_english(cv.locale.texts);
    words.set_date_style(options.date_style);
    t.add_string(meta, "title", words.fill("document_title", {{"name", cv.person.name.value}}));
    t.add_string(meta, "author", cv.person.name.value);
    t.add_string(meta, "template", options.template_name);
    t.add_string(meta, "generator", options.generator);
    // The document's language, and the Noto CJK region the TeX templates set CJK text in.
    t.add_string(meta, "language", cv.locale.language.empty() ? "en" : cv.locale.language);
    // [extra] for the JSON Resume output's round trip; no other built-in template prints it.
    t.add_text(meta, "extra", cv.extra_json);  // null without [extra]
    t.add_string(meta, "cjk_region", cjk_region(cv.locale.language));
    // Whether paragraphs and entries run right to left (fa, ar, he …): `rtl` for the TeX
    // templates, `direction` for HTML's dir attribute.
    const bool rtl = is_rtl_language(cv.locale.language);
    t.add_bool(meta, "rtl", rtl);
    t.add_string(meta, "direction", rtl ? "rtl" : "ltr");
    t.add_text(meta, "updated", options.updated ? words.date(*options.updated) : "");
    t.add_text(meta, "updated_iso", options.updated ? iso_date(*options.updated) : "");
    add_person(t, cv.person, options.format, options.site);
    add_locale(t, cv, options.generator);
    add_application(t, root, cv, words, options.updated);

    // Sections in the table's order; publications and awards are written for.
    const SectionTable& table = sections_of(cv);
    std::vector<std::string> aliases;
    for (const auto& alias : cv.person.aliases)
        aliases.push_back(alias.value);
    const OwnerMatcher owner(cv.person.name.value, aliases);
    std::map<std::string_view, bool> has;
    // The legend counts the marks of declared publication sections too; their entries go
    // into sections_order below, so their marks are found here on a scratch tree.
    Marks declared_marks;
    for (const Section& section : table.rows())
        if (section.declared() && section.kind == kPublicationsSection) {
            ContextTree scratch;
            add_publications(scratch, ContextTree::root(),
                             detail::entries<Publication, nullptr>(cv, section.key), cv, options,
                             words, declared_marks);
        }
    for (const Section& section : table.rows()) {
        if (section.declared()) {  // printed in its element of sections_order
            has[section.key] = !section.empty(cv);
        } else if (!section.is_list()) {
            t.add_text(root, section.key, (cv.*section.paragraph).value,
                       (cv.*section.paragraph).marks);
            has[section.key] = !(cv.*section.paragraph).empty();
        } else if (section.key == kPublicationsSection) {
            Marks marks = declared_marks;
            has[section.key] =
                add_publications(t, root, cv.publications, cv, options, words, marks);
            const Id legend = t.add_object(root, "legend");
            t.add_bool(legend, "equal", marks.equal);
            t.add_bool(legend, "corresponding", marks.corresponding);
            t.add_bool(legend, "any", marks.equal || marks.corresponding);
        } else if (section.key == "news") {
            has[section.key] = add_news(t, cv, section, options, words);
        } else if (section.key == "awards") {
            has[section.key] =
                add_awards(t, root, cv.awards,
                           options.award_papers ? *options.award_papers : cv.publications, words);
        } else {
            const std::size_t count = section.size(cv);
            add_records(
                t, root, section.key, count, section.fields, options.format, words,
                [&](std::size_t i) -> const Record& {
                    return section.entries.at(cv, section.key, i);
                },
                &owner);
            has[section.key] = count > 0;
            add_value_flags(t, root, cv, section);
        }
    }

    // Every section's flag, false: what `is.NAME` gives inside an element of sections_order
    // that is not NAME (Mustache looks a dotted name up in each enclosing context in turn).
    const Id all_false = t.add_object(root, "is");
    for (const auto& name : table.names())
        t.add_bool(all_false, name, false);

    // The sections to print, in order, for templates that let cv.toml choose the order:
    // <<#sections_order>><<#is.education>>…<</is.education>><</sections_order>>.
    const auto headings =
        options.sections.empty() ? section_headings(cv, cv.publications, {}) : options.sections;
    // A declared section's element is its kind's (`is.experience`, entries under
    // `experience`), and its own (`is.industry`); `name` is its key, unique in the CV.
    // `kind_first`: the first element of its kind, for outputs that join the entries of a
    // kind's sections into one list (JSON Resume's `work`) and need a comma between them.
    Marks unused;
    std::set<std::string_view> kinds_seen;
    add_items(t, root, "sections_order", headings, [&](Id item, const SectionHeading& h) {
        const Section* section = table.find(h.name);
        const std::string_view kind = section ? section->kind_key() : std::string_view(h.name);
        t.add_string(item, "name", h.name);
        t.add_text(item, "title", h.title);
        t.add_string(item, "section_key", h.name);  // `name` inside an entry is the entry's
        // An HTML id: a declared key is a plain name (the loader checks), prefixed so that it
        // never meets a built-in section's id or the page's own (`main`).
        t.add_string(item, "anchor", section && section->declared() ? "section-" + h.name : h.name);
        t.add_string(item, "section_kind", kind);
        t.add_bool(item, "section_declared", section && section->declared());
        t.add_bool(item, "kind_first", kinds_seen.insert(kind).second);
        // Only the flags that hold. The others are false once, in the root's `is` (below),
        // where Mustache finds `is.NAME` when the element lacks it: listing every section's
        // flag in every element made the context grow with the square of the sections
        // (6,000 sections: 17 s and 3 GB).
        const Id is = t.add_object(item, "is");
        t.add_bool(is, h.name, true);
        if (kind != h.name)
            t.add_bool(is, kind, true);
        if (section && section->declared())
            add_declared_section(t, item, cv, *section, options, words, owner, unused);
    });
    // The declared sections printed, in order: their keys, kinds and headings, for outputs
    // that keep them beside entries merged by kind (JSON Resume's meta.mkcv.typed_sections).
    std::vector<std::pair<const Section*, const SectionHeading*>> declared;
    for (const auto& h : headings)
        if (const Section* section = table.find(h.name); section && section->declared())
            declared.emplace_back(section, &h);
    add_items(t, root, "declared_sections", declared, [&](Id item, const auto& d) {
        t.add_string(item, "key", d.first->key);
        t.add_string(item, "kind", d.first->kind);
        t.add_text(item, "heading", d.second->title);
    });
    const Id titles = t.add_object(root, "titles");
    std::map<std::string_view, const std::string*> heading_titles;
    for (const auto& h : headings)
        heading_titles[h.name] = &h.title;  // the last, as the loop over headings gave
    for (const Section* section : table.in_print_order()) {
        const auto found = heading_titles.find(section->key);
        t.add_text(titles, section->key,
                   found == heading_titles.end() ? default_heading(cv, *section) : *found->second);
    }

    // Mustache cannot test a list for emptiness without iterating it; give templates flags.
    const Id has_flags = t.add_object(root, "has");
    for (const Section& section : table.rows())
        t.add_bool(has_flags, section.key, has[section.key]);

    // The other outputs of the same build, for a homepage linking to its PDFs.
    // Each PDF's `label` is a word of the locale, never its file name: the first is the CV
    // ("CV (PDF)"), the short template's the short CV, another its template's name.
    const bool has_long = std::any_of(options.documents.begin(), options.documents.end(),
                                      [](const OutputDocument& d) { return d.name == "long"; });
    bool cv_labelled = has_long;
    add_items(t, root, "documents", options.documents, [&](Id item, const OutputDocument& d) {
        t.add_string(item, "name", d.name);
        t.add_string(item, "file", d.file);
        t.add_string(item, "format", d.format);
        t.add_bool(item, "pdf", d.format == "pdf");
        std::string label = d.name;
        if (d.format == "pdf" && d.name == "long")
            label = words.text("cv_pdf");
        else if (d.format == "pdf" && d.name == "short")
            label = words.text("short_cv_pdf");
        else if (d.format == "pdf" && !cv_labelled)
            label = words.text("cv_pdf");
        else if (d.format == "pdf")
            label = d.name + " (PDF)";
        cv_labelled = cv_labelled || (d.format == "pdf" && d.name != "short");
        t.add_string(item, "label", label);
    });

    add_site(t, options.site);

    // Whether the TeX templates load xeCJK for the CV's CJK text, or set its few CJK
    // characters with mkcv-base's light \mkcvcjk (text/cjk_text.h): from every text the
    // templates can print, which is all in the tree by now.
    CjkCensus census;
    for (Id id = 0; id < t.size(); ++id)
        if (t.kind(id) == ContextTree::Kind::String)
            census.add(t.text(id));
    t.add_bool(meta, "xecjk", is_cjk_language(cv.locale.language) || wants_xecjk(census));
    return t;
}

}  // namespace mkcv
