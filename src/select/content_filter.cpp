#include "select/content_filter.h"

#include <algorithm>
#include <any>
#include <set>

#include "cv/authors.h"
#include "cv/locale_texts.h"
#include "cv/sections.h"

namespace mkcv {
namespace {

// Special by key: papers (cv/sections.h's kPublicationsSection) are sorted and their authors
// shortened; awards list papers' awards.
constexpr std::string_view kAwards = "awards";

bool has_any_tag(const std::vector<Text>& tags, const std::vector<std::string>& wanted) {
    return std::any_of(tags.begin(), tags.end(), [&](const Text& tag) {
        return std::find(wanted.begin(), wanted.end(), tag.value) != wanted.end();
    });
}

// The rules every kind of entry shares; `year` 0 means "undated", which `since` keeps.
bool keeps(const SectionRules& rules, const std::vector<Text>& tags, bool selected, int year) {
    if (rules.selected_only.value_or(false) && !selected)
        return false;
    if (rules.include_tags && !has_any_tag(tags, *rules.include_tags))
        return false;
    if (rules.exclude_tags && has_any_tag(tags, *rules.exclude_tags))
        return false;
    if (rules.since && year != 0 && year < *rules.since)
        return false;
    return true;
}

// The indices of the entries `rules` keep, at most max_entries of them, in the order given.
std::vector<std::size_t> kept_entries(const Section& section, const Cv& cv,
                                      const std::vector<std::size_t>& order,
                                      const SectionRules& rules) {
    std::vector<std::size_t> kept;
    const std::size_t max =
        rules.max_entries ? static_cast<std::size_t>(*rules.max_entries) : order.size();
    for (const std::size_t i : order) {
        if (kept.size() >= max)
            break;
        const Entry& e = section.entries.at(cv, section.key, i);
        if (keeps(rules, e.tags, e.selected, entry_year(section, e)))
            kept.push_back(i);
    }
    return kept;
}

const SectionRules& rules_for(const ContentRules& rules, std::string_view section) {
    static const SectionRules kNone;
    const auto it = rules.sections.find(std::string(section));
    return it == rules.sections.end() ? kNone : it->second;
}

// The filters of a section's entries: its own rules, or, for a declared section the rules
// do not name, its kind's (a short CV's `selected` keeps selected entries of every
// experience section). Never its kind's title: a declared section keeps its heading.
const SectionRules& entry_rules_for(const ContentRules& rules, const Section& section) {
    if (section.declared() && !rules.sections.count(std::string(section.key)))
        return rules_for(rules, section.kind);
    return rules_for(rules, section.key);
}

bool section_empty(const Cv& cv, const std::vector<Publication>& award_papers,
                   const std::string& name) {
    const Section* section = sections_of(cv).find(name);
    if (!section)
        return true;
    if (name == kAwards)  // lists the awards of papers too
        return section->empty(cv) && award_papers.empty();
    return section->empty(cv);
}

void clear_section(Cv& cv, const Section& section) {
    if (section.is_list())
        section.entries.assign(cv, cv, section.key, {});
    else
        cv.*section.paragraph = {};
}

}  // namespace

std::vector<Text> shorten_authors(const std::vector<Text>& authors, std::size_t max_authors,
                                  const Person& owner) {
    if (authors.size() <= max_authors)
        return authors;
    const auto values = [](const std::vector<Text>& texts) {
        std::vector<std::string> out;
        for (const auto& t : texts)
            out.push_back(t.value);
        return out;
    };
    const OwnerMatcher is_owner(owner.name.value, values(owner.aliases));
    const OwnerMatcher is_kept("", values(owner.keep_authors));
    // The first names but one, the owner and the people `keep_authors` names wherever they
    // stand, and the last author, where the senior author usually stands; "…" for each gap
    // ("A, B, …, Owner, …, Advisor, …, Z", as APA shortens). The list may then be longer
    // than max_authors: hiding the owner or an advisor is what a committee would notice.
    const std::size_t head = std::max<std::size_t>(max_authors, 2) - 1;
    const std::size_t last = authors.size() - 1;
    std::vector<Text> out;
    std::size_t next = 0;  // the first author not yet printed or elided
    for (std::size_t i = 0; i <= last; ++i) {
        const AuthorName name = parse_author(authors[i].value);
        if (i >= head && i != last && !is_owner(name) && !is_kept(name))
            continue;
        if (i > next)
            out.push_back({"…", authors[i].pos});
        out.push_back(authors[i]);
        next = i + 1;
    }
    return out;
}

FilteredCv apply_rules(const Cv& cv, const ContentRules& rules) {
    FilteredCv out;
    Cv& c = out.cv;
    const SectionTable& table = sections_of(cv);
    // Everything but the entry lists, which are copied below only as far as they are kept
    // (a CV can have thousands of publications, and each template filters its own copy).
    c.source_name = cv.source_name;
    c.person = cv.person;
    c.build = cv.build;
    c.site = cv.site;
    c.locale = cv.locale;
    c.bibliography = cv.bibliography;
    c.sync = cv.sync;
    c.extra_json = cv.extra_json;  // for the JSON Resume output's round trip
    c.templates = cv.templates;
    // Only a template of `mkcv apply` sees `application` (applying set); `mkcv check`
    // finds the applications to check here.
    c.applications = cv.applications;
    c.applying = cv.applying;
    c.applying_statement = cv.applying_statement;
    c.table = cv.table;
    c.declared_table = cv.declared_table;
    const SectionRules& awards = rules_for(rules, kAwards);
    for (const auto& p : cv.publications)
        if (!p.award.empty() && keeps(awards, p.tags, p.selected, p.year))
            out.award_papers.push_back(p);
    for (const Section& section : table.rows()) {
        if (!section.is_list()) {
            c.*section.paragraph = cv.*section.paragraph;
            continue;
        }
        std::vector<std::size_t> order(section.size(cv));
        for (std::size_t i = 0; i < order.size(); ++i)
            order[i] = i;
        if (section.kind_key() == kPublicationsSection)  // `max` keeps the newest: order as printed
            std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
                const auto year = [&](std::size_t i) {
                    return static_cast<const Publication&>(section.entries.at(cv, section.key, i))
                        .year;
                };
                return year(a) > year(b);
            });
        const SectionRules& r = entry_rules_for(rules, section);
        section.entries.assign(c, cv, section.key,
                               section.filterable ? kept_entries(section, cv, order, r) : order);
    }
    for (const Section& section : table.rows()) {
        if (section.kind_key() != kPublicationsSection)
            continue;
        const SectionRules& publications = entry_rules_for(rules, section);
        if (!publications.max_authors)
            continue;
        auto& papers = section.declared() ? detail::entries<Publication, nullptr>(c, section.key)
                                          : c.publications;
        for (auto& p : papers)
            p.authors = shorten_authors(
                p.authors, static_cast<std::size_t>(*publications.max_authors), c.person);
    }
    if (rules.order) {
        const std::vector<std::string> order = table.expand_order(*rules.order);
        // A set: the order names every declared section, and cv.toml may declare thousands.
        const std::set<std::string_view> ordered(order.begin(), order.end());
        for (const Section& section : table.rows())
            if (!ordered.count(section.key)) {
                clear_section(c, section);
                if (section.key == kAwards)
                    out.award_papers.clear();
            }
    }
    out.sections = section_headings(c, out.award_papers, rules);
    return out;
}

std::vector<SectionHeading> section_headings(const Cv& cv,
                                             const std::vector<Publication>& award_papers,
                                             const ContentRules& rules) {
    std::vector<SectionHeading> out;
    std::set<std::string> seen;
    const SectionTable& table = sections_of(cv);
    for (const auto& name : rules.order ? table.expand_order(*rules.order) : table.names()) {
        if (section_empty(cv, award_papers, name) || !seen.insert(name).second)
            continue;
        const SectionRules& section_rules = rules_for(rules, name);
        if (section_rules.title)
            out.push_back({name, *section_rules.title});
        else if (section_rules.heading)
            out.push_back(
                {name,
                 texts_or_english(cv.locale.texts).text("headings." + *section_rules.heading)});
        else
            out.push_back({name, default_heading(cv, *table.find(name))});
    }
    return out;
}

std::string default_heading(const Cv& cv, const Section& section) {
    if (section.declared() && !section.heading.empty())  // [section.KEY] heading
        return std::string(section.heading);
    const std::string key = "headings." + std::string(section.kind_key());
    // A section a locale has no word for (a test's own) keeps its table's heading.
    return find_locale_key(key) ? texts_or_english(cv.locale.texts).text(key)
                                : std::string(section.heading);
}

}  // namespace mkcv
