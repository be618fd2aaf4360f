#include "context_builder.h"

#include <algorithm>

#include "authors.h"
#include "latex_escape.h"
#include "publication_groups.h"

namespace mkcv {
namespace {

using Json = nlohmann::ordered_json;

Json text_or_null(const Text& text) {
    return text.empty() ? Json(nullptr) : Json(text.value);
}

Json text_or_null(const std::string& text) {
    return text.empty() ? Json(nullptr) : Json(text);
}

// Adds `first` and `last` by moving the members into a new object: growing an ordered_json
// object in place copies every member deeply (its keys are const, so its vector cannot
// move them), which made CVs with thousands of publications slow.
Json with_position(Json item, bool first, bool last) {
    if (!item.is_object()) {
        item["first"] = first;
        item["last"] = last;
        return item;
    }
    Json out = Json::object();
    auto& members = out.get_ref<Json::object_t&>();
    auto& old = item.get_ref<Json::object_t&>();
    members.reserve(old.size() + 2);
    for (auto& [key, value] : old)
        members.emplace_back(key, std::move(value));
    members.emplace_back("first", first);
    members.emplace_back("last", last);
    return out;
}

// Lists carry `first` and `last` so templates can place separators.
template <typename T, typename Fn>
Json list(const std::vector<T>& items, Fn&& make) {
    Json out = Json::array();
    out.get_ref<Json::array_t&>().reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i)
        out.push_back(with_position(make(items[i]), i == 0, i + 1 == items.size()));
    return out;
}

Json name_list(const std::vector<Text>& names) {
    return list(names, [](const Text& n) { return Json{{"name", n.value}}; });
}

Json text_list(const std::vector<Text>& texts) {
    return list(texts, [](const Text& t) { return Json{{"text", t.value}}; });
}

// "A", "A and B", "A, B and C".
std::string join_names(const std::vector<Text>& names) {
    std::string out;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0)
            out += i + 1 == names.size() ? " and " : ", ";
        out += names[i].value;
    }
    return out;
}

std::string join(const std::vector<Text>& texts, const std::string& separator) {
    std::string out;
    for (const auto& t : texts)
        out += (out.empty() ? "" : separator) + t.value;
    return out;
}

Json link_json(const std::string& label, const std::string& url) {
    return Json{{"label", label}, {"url", url}, {"href", escape_href(link_target(url))}};
}

struct Marks {
    bool equal = false;
    bool corresponding = false;
};

Json person_json(const Person& p) {
    Json contacts = Json::array();
    auto contact = [&](const char* kind, const std::string& text, const std::string& url) {
        contacts.push_back(Json{{"kind", kind},
                                {"text", text},
                                {"url", text_or_null(url)},
                                {"href", url.empty() ? Json(nullptr) : Json(escape_href(url))}});
    };
    if (!p.email.empty())
        contact("email", p.email.value, "mailto:" + p.email.value);
    if (!p.phone.empty())
        contact("phone", p.phone.value, "");
    if (!p.homepage.empty())
        contact("homepage", display_url(p.homepage.value), link_target(p.homepage.value));
    if (!p.github.empty()) {
        const bool is_url = p.github.value.find("://") != std::string::npos;
        const std::string url = is_url ? p.github.value : "https://github.com/" + p.github.value;
        contact("github", display_url(url), url);
    }
    if (!p.location.empty())
        contact("location", p.location.value, "");
    for (const auto& link : p.links)
        contact("link", link.label.value, link_target(link.url.value));
    for (std::size_t i = 0; i < contacts.size(); ++i) {
        contacts[i]["first"] = i == 0;
        contacts[i]["last"] = i + 1 == contacts.size();
    }

    return Json{
        {"name", p.name.value},
        {"native_name", text_or_null(p.native_name)},
        {"position", text_or_null(p.position)},
        {"affiliation", text_or_null(p.affiliation)},
        {"email", text_or_null(p.email)},
        {"phone", text_or_null(p.phone)},
        {"homepage", text_or_null(p.homepage)},
        {"github", text_or_null(p.github)},
        {"location", text_or_null(p.location)},
        {"links",
         list(p.links, [](const Link& l) { return link_json(l.label.value, l.url.value); })},
        {"contacts", contacts}};
}

// "et al." or "John Smith Jr." last: templates then leave out the period after the list.
bool ends_with_period(const std::vector<Text>& authors) {
    if (authors.empty())
        return false;
    const AuthorName last = parse_author(authors.back().value);
    return !last.equal && !last.corresponding && last.suffix.empty() && !last.name.empty() &&
           last.name.back() == '.';
}

Json publication_json(const Publication& p, const Person& owner, Marks& marks) {
    std::vector<std::string> aliases;
    for (const auto& alias : owner.aliases)
        aliases.push_back(alias.value);
    Json authors = list(p.authors, [&](const Text& written) {
        const AuthorName a = parse_author(written.value);
        marks.equal |= a.equal;
        marks.corresponding |= a.corresponding;
        return Json{{"name", a.name},
                    {"suffix", text_or_null(a.suffix)},
                    {"owner", is_owner(a, owner.name.value, aliases)},
                    {"equal", a.equal},
                    {"corresponding", a.corresponding}};
    });
    // nlohmann's initializer lists copy every value deeply: lists are moved in afterwards.
    Json out{{"title", p.title.value},
             {"authors", nullptr},
             {"venue", p.venue.value},
             {"venue_short", text_or_null(p.venue_short)},
             {"authors_end_with_period", ends_with_period(p.authors)},
             {"key", text_or_null(p.key)},
             {"year", std::to_string(p.year)},
             {"kind", to_string(p.kind)},
             {"award", text_or_null(p.award)},
             {"note", text_or_null(p.note)},
             {"selected", p.selected},
             {"links", nullptr}};
    out["authors"] = std::move(authors);
    out["links"] =
        list(p.links, [](const Link& l) { return link_json(l.label.value, l.url.value); });
    return out;
}

Json publications_json(const Cv& cv, const ContextOptions& options, Marks& marks) {
    const ContentFilter& filter = options.filter;
    Json groups = Json::array();
    std::size_t total = 0;
    std::vector<std::pair<PublicationKind, std::size_t>> counts;
    for (const PublicationKind kind : group_order(options.publication_order)) {
        const std::string kind_name = to_string(kind);
        std::vector<const Publication*> kept;
        for (const auto& p : cv.publications)
            if (p.kind == kind && (!filter.selected_publications_only || p.selected))
                kept.push_back(&p);
        if (kept.empty())
            continue;
        std::stable_sort(kept.begin(), kept.end(), newer_first);
        // Numbers count down, so the newest paper has the highest: [C7] … [C1].
        // `year_first` marks the first paper of each year, for templates that group by year.
        Json items = Json::array();
        items.get_ref<Json::array_t&>().reserve(kept.size());
        for (std::size_t i = 0; i < kept.size(); ++i) {
            Json item = publication_json(*kept[i], cv.person, marks);
            item["number"] = number_prefix(kind) + std::to_string(kept.size() - i);
            item["year_first"] = i == 0 || kept[i - 1]->year != kept[i]->year;
            items.push_back(std::move(item));
        }
        total += kept.size();
        counts.emplace_back(kind, kept.size());
        const auto custom = options.publication_headings.find(kind_name);
        groups.push_back(Json{{"kind", kind_name},
                              {"heading", custom != options.publication_headings.end()
                                              ? custom->second
                                              : std::string(group_heading(kind))},
                              {"count", std::to_string(kept.size())},
                              {"number_prefix", number_prefix(kind)},
                              {"items", nullptr}});
        groups.back()["items"] = std::move(items);  // see publication_json
    }
    for (std::size_t i = 0; i < groups.size(); ++i)
        groups[i] = with_position(std::move(groups[i]), i == 0, i + 1 == groups.size());
    Json out{{"count", std::to_string(total)},
             {"counts_text", text_or_null(counts_text(counts))},
             {"groups", nullptr}};
    out["groups"] = std::move(groups);
    return out;
}

Json awards_json(const Cv& cv, const std::vector<Publication>& papers) {
    struct Row {
        int year;
        Json json;
    };
    std::vector<Row> rows;
    for (const auto& a : cv.awards)
        rows.push_back({a.year, Json{{"title", a.title.value},
                                     {"year", std::to_string(a.year)},
                                     {"issuer", text_or_null(a.issuer)},
                                     {"note", text_or_null(a.note)},
                                     {"paper", nullptr}}});
    for (const auto& p : papers)
        if (!p.award.empty())
            rows.push_back({p.year, Json{{"title", p.award.value},
                                         {"year", std::to_string(p.year)},
                                         {"issuer", p.venue.value},
                                         {"note", nullptr},
                                         {"paper", p.title.value}}});
    std::stable_sort(rows.begin(), rows.end(),
                     [](const Row& a, const Row& b) { return a.year > b.year; });
    std::vector<Json> items;
    for (auto& row : rows)
        items.push_back(std::move(row.json));
    return list(items, [](const Json& j) { return j; });
}

}  // namespace

std::string link_target(const std::string& url) {
    if (url.find(':') != std::string::npos)
        return url;
    if (url.rfind("10.", 0) == 0)
        return "https://doi.org/" + url;
    return "https://" + url;
}

nlohmann::ordered_json build_context(const Cv& cv, const ContextOptions& options) {
    Json context = Json::object();
    context.get_ref<Json::object_t&>().reserve(16);  // see with_position
    const std::string title = cv.person.name.value + " – Curriculum Vitae";
    context["meta"] =
        Json{{"title", title},
             {"author", cv.person.name.value},
             {"template", options.template_name},
             {"generator", options.generator},
             {"updated", options.updated ? Json(format_date(*options.updated)) : Json(nullptr)}};
    context["person"] = person_json(cv.person);
    context["research_interests"] = text_or_null(cv.research_interests);

    context["education"] = list(cv.education, [](const Education& e) {
        const auto dates = e.dates ? format_range(e.dates->start, e.dates->end) : "";
        return Json{{"degree", e.degree.value},
                    {"institution", e.institution.value},
                    {"department", text_or_null(e.department)},
                    {"location", text_or_null(e.location)},
                    {"dates", text_or_null(dates)},
                    {"advisors", name_list(e.advisors)},
                    {"advisors_text", text_or_null(join_names(e.advisors))},
                    {"advisors_many", e.advisors.size() > 1},
                    {"thesis", text_or_null(e.thesis)},
                    {"note", text_or_null(e.note)},
                    {"highlights", text_list(e.highlights)},
                    {"has_highlights", !e.highlights.empty()},
                    {"selected", e.selected}};
    });

    context["experience"] = list(cv.experience, [](const Experience& e) {
        std::vector<Text> ranges;
        for (const auto& p : e.periods)
            ranges.push_back({format_range(p.start, p.end), {}});
        return Json{{"role", e.role.value},
                    {"organization", e.organization.value},
                    {"location", text_or_null(e.location)},
                    {"dates", text_or_null(join(ranges, ", "))},
                    {"periods", list(ranges,
                                     [](const Text& r) {
                                         return Json{{"dates", r.value}};
                                     })},
                    {"mentors", name_list(e.mentors)},
                    {"mentors_text", text_or_null(join_names(e.mentors))},
                    {"mentors_many", e.mentors.size() > 1},
                    {"note", text_or_null(e.note)},
                    {"highlights", text_list(e.highlights)},
                    {"has_highlights", !e.highlights.empty()},
                    {"selected", e.selected}};
    });

    Marks marks;
    context["publications"] = publications_json(cv, options, marks);
    context["legend"] = Json{{"equal", marks.equal},
                             {"corresponding", marks.corresponding},
                             {"any", marks.equal || marks.corresponding}};

    context["teaching"] = list(cv.teaching, [](const Teaching& t) {
        return Json{{"role", t.role.value},
                    {"course", t.course.value},
                    {"institution", t.institution.value},
                    {"terms", list(t.terms,
                                   [](const Text& term) {
                                       return Json{{"term", term.value}};
                                   })},
                    {"terms_text", join(t.terms, ", ")}};
    });

    context["awards"] =
        awards_json(cv, options.award_papers ? *options.award_papers : cv.publications);

    context["sections"] = list(cv.sections, [](const CustomSection& s) {
        return Json{{"title", s.title.value},
                    {"text", text_or_null(s.text)},
                    {"items", text_list(s.items)},
                    {"has_items", !s.items.empty()},
                    {"has_entries", !s.entries.empty()},
                    {"entries", list(s.entries, [](const SectionEntry& e) {
                         return Json{{"title", e.title.value},
                                     {"subtitle", text_or_null(e.subtitle)},
                                     {"date", text_or_null(e.date)},
                                     {"location", text_or_null(e.location)},
                                     {"text", text_or_null(e.text)},
                                     {"highlights", text_list(e.highlights)},
                                     {"has_highlights", !e.highlights.empty()}};
                     })}};
    });

    // The sections to print, in order, for templates that let cv.toml choose the order:
    // <<#sections_order>><<#is.education>>…<</is.education>><</sections_order>>.
    const auto headings =
        options.sections.empty() ? section_headings(cv, cv.publications, {}) : options.sections;
    context["sections_order"] = list(headings, [](const SectionHeading& h) {
        Json is = Json::object();
        for (const auto& name : section_names())
            is[name] = name == h.name;
        return Json{{"name", h.name}, {"title", text_or_null(h.title)}, {"is", std::move(is)}};
    });
    Json titles = Json::object();
    for (const auto& name : section_names()) {
        std::string title = default_section_title(name);
        for (const auto& h : headings)
            if (h.name == name)
                title = h.title;
        titles[name] = text_or_null(title);
    }
    context["titles"] = std::move(titles);

    // Mustache cannot test a list for emptiness without iterating it; give templates flags.
    context["has"] = Json{{"research_interests", !cv.research_interests.empty()},
                          {"education", !cv.education.empty()},
                          {"experience", !cv.experience.empty()},
                          {"publications", !context["publications"]["groups"].empty()},
                          {"teaching", !cv.teaching.empty()},
                          {"awards", !context["awards"].empty()},
                          {"sections", !cv.sections.empty()}};
    return context;
}

}  // namespace mkcv
