#include "context/publication_context.h"

#include <algorithm>

#include "context/field_context.h"
#include "context/publication_groups.h"
#include "cv/authors.h"
#include "cv/dates.h"
#include "cv/photo.h"
#include "text/latex_escape.h"
#include "text/script_punctuation.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

using Id = ContextTree::Id;

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

}  // namespace

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

}  // namespace mkcv
