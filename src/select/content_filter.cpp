#include "select/content_filter.h"

#include <algorithm>
#include <cctype>
#include <set>

#include "cv/authors.h"

namespace mkcv {
namespace {

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

// Copies of the entries `rules` keep, at most max_entries of them, in the order given.
template <typename T, typename Year>
std::vector<T> kept_entries(const std::vector<const T*>& entries, const SectionRules& rules,
                            Year&& year) {
    std::vector<T> kept;
    const std::size_t max =
        rules.max_entries ? static_cast<std::size_t>(*rules.max_entries) : entries.size();
    for (const T* e : entries) {
        if (kept.size() >= max)
            break;
        if (keeps(rules, e->tags, e->selected, year(*e)))
            kept.push_back(*e);
    }
    return kept;
}

template <typename T, typename Year>
std::vector<T> kept_entries(const std::vector<T>& entries, const SectionRules& rules, Year&& year) {
    std::vector<const T*> all;
    all.reserve(entries.size());
    for (const auto& e : entries)
        all.push_back(&e);
    return kept_entries(all, rules, year);
}

int year_of(const std::optional<PartialDate>& date) {
    if (!date)
        return 0;
    return date->present ? 9999 : date->year;
}

const SectionRules& rules_for(const ContentRules& rules, const std::string& section) {
    static const SectionRules kNone;
    const auto it = rules.sections.find(section);
    return it == rules.sections.end() ? kNone : it->second;
}

bool section_empty(const Cv& cv, const std::vector<Publication>& award_papers,
                   const std::string& name) {
    if (name == "research_interests")
        return cv.research_interests.empty();
    if (name == "education")
        return cv.education.empty();
    if (name == "experience")
        return cv.experience.empty();
    if (name == "publications")
        return cv.publications.empty();
    if (name == "teaching")
        return cv.teaching.empty();
    if (name == "awards")
        return cv.awards.empty() && award_papers.empty();
    if (name == "sections")
        return cv.sections.empty();
    return true;
}

void clear_section(Cv& cv, const std::string& name) {
    if (name == "research_interests")
        cv.research_interests = {};
    else if (name == "education")
        cv.education.clear();
    else if (name == "experience")
        cv.experience.clear();
    else if (name == "publications")
        cv.publications.clear();
    else if (name == "teaching")
        cv.teaching.clear();
    else if (name == "awards")
        cv.awards.clear();
    else if (name == "sections")
        cv.sections.clear();
}

}  // namespace

int entry_year(const Education& e) {
    if (!e.dates)
        return 0;
    return e.dates->end ? year_of(e.dates->end) : year_of(e.dates->start);
}

int entry_year(const Experience& e) {
    int year = 0;
    for (const auto& p : e.periods)
        year = std::max(year, p.end ? year_of(p.end) : year_of(p.start));
    return year;
}

int entry_year(const Publication& p) {
    return p.year;
}

int entry_year(const Teaching& t) {
    int year = 0;
    for (const auto& term : t.terms) {
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

int entry_year(const Award& a) {
    return a.year;
}

std::vector<Text> shorten_authors(const std::vector<Text>& authors, std::size_t max_authors,
                                  const Person& owner) {
    if (authors.size() <= max_authors)
        return authors;
    std::vector<std::string> aliases;
    for (const auto& alias : owner.aliases)
        aliases.push_back(alias.value);
    std::vector<Text> out(authors.begin(), authors.begin() + static_cast<long>(max_authors));
    std::size_t last_printed = max_authors;  // one past the last author printed
    for (std::size_t i = max_authors; i < authors.size(); ++i) {
        if (is_owner(parse_author(authors[i].value), owner.name.value, aliases)) {
            if (i > max_authors)
                out.push_back({"…", authors[i].pos});
            out.push_back(authors[i]);
            last_printed = i + 1;
            break;
        }
    }
    if (last_printed < authors.size())
        out.push_back({"et al.", {}});
    return out;
}

FilteredCv apply_rules(const Cv& cv, const ContentRules& rules) {
    FilteredCv out;
    Cv& c = out.cv;
    // Everything but the entry lists, which are copied below only as far as they are kept
    // (a CV can have thousands of publications, and each template filters its own copy).
    c.source_name = cv.source_name;
    c.person = cv.person;
    c.research_interests = cv.research_interests;
    c.build = cv.build;
    c.bibliography = cv.bibliography;
    c.templates = cv.templates;
    const SectionRules& awards = rules_for(rules, "awards");
    for (const auto& p : cv.publications)
        if (!p.award.empty() && keeps(awards, p.tags, p.selected, p.year))
            out.award_papers.push_back(p);
    c.education = kept_entries(cv.education, rules_for(rules, "education"),
                               [](const Education& e) { return entry_year(e); });
    c.experience = kept_entries(cv.experience, rules_for(rules, "experience"),
                                [](const Experience& e) { return entry_year(e); });
    // `max` keeps the newest papers: order them as the CV prints them first.
    std::vector<const Publication*> newest_first;
    newest_first.reserve(cv.publications.size());
    for (const auto& p : cv.publications)
        newest_first.push_back(&p);
    std::stable_sort(newest_first.begin(), newest_first.end(),
                     [](const Publication* a, const Publication* b) { return a->year > b->year; });
    const SectionRules& publications = rules_for(rules, "publications");
    c.publications = kept_entries(newest_first, publications,
                                  [](const Publication& p) { return entry_year(p); });
    if (publications.max_authors)
        for (auto& p : c.publications)
            p.authors = shorten_authors(
                p.authors, static_cast<std::size_t>(*publications.max_authors), c.person);
    c.teaching = kept_entries(cv.teaching, rules_for(rules, "teaching"),
                              [](const Teaching& t) { return entry_year(t); });
    c.awards = kept_entries(cv.awards, awards, [](const Award& a) { return entry_year(a); });
    c.sections = kept_entries(cv.sections, rules_for(rules, "sections"),
                              [](const CustomSection&) { return 0; });
    if (rules.order)
        for (const auto& name : section_names())
            if (std::find(rules.order->begin(), rules.order->end(), name) == rules.order->end()) {
                clear_section(c, name);
                if (name == "awards")
                    out.award_papers.clear();
            }
    out.sections = section_headings(c, out.award_papers, rules);
    return out;
}

std::vector<SectionHeading> section_headings(const Cv& cv,
                                             const std::vector<Publication>& award_papers,
                                             const ContentRules& rules) {
    std::vector<SectionHeading> out;
    std::set<std::string> seen;
    for (const auto& name : rules.order ? *rules.order : section_names()) {
        if (section_empty(cv, award_papers, name) || !seen.insert(name).second)
            continue;
        out.push_back({name, rules_for(rules, name).title.value_or(default_section_title(name))});
    }
    return out;
}

}  // namespace mkcv
