#include "sync/crossref_json.h"

#include "bib/paper_identity.h"
#include "sync/json_input.h"
#include "sync/title_text.h"
#include "util/ascii.h"

namespace mkcv::sync {

using nlohmann::json;

namespace {

std::string first_string(const json& j, std::string_view key) {
    const json& v = member(j, key);
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_array() && !v.empty() && v.front().is_string())
        return v.front().get<std::string>();
    return "";
}

// Crossref's short-container-title of proceedings often carries the year ("ASPLOS '23"),
// which the CV prints itself: the year is left out.
std::string without_year(std::string title) {
    const std::size_t space = title.rfind(' ');
    if (space == std::string::npos)
        return title;
    std::string_view year = std::string_view(title).substr(space + 1);
    if (!year.empty() && year.front() == '\'')
        year.remove_prefix(1);
    else if (year.rfind("’", 0) == 0)
        year.remove_prefix(std::string_view("’").size());
    if ((year.size() == 2 || year.size() == 4) &&
        year.find_first_not_of("0123456789") == std::string_view::npos)
        title.erase(space);
    return title;
}

PublicationKind crossref_kind(const std::string& type, const std::string& subtype, bool& known) {
    known = true;
    if (type == "journal-article")
        return PublicationKind::Journal;
    if (type == "proceedings-article")
        return PublicationKind::Conference;
    if (type == "posted-content" && (subtype.empty() || subtype == "preprint"))
        return PublicationKind::Preprint;
    if (type == "dissertation")
        return PublicationKind::Thesis;
    known = false;
    return PublicationKind::Other;
}

void crossref_date(const json& work, int& year, int& month) {
    for (const char* key : {"published-print", "published-online", "published", "issued"}) {
        const json& parts = member(member(work, key), "date-parts");
        if (!parts.is_array() || parts.empty() || !parts.front().is_array() ||
            parts.front().empty())
            continue;
        const json& p = parts.front();
        if (!p[0].is_number_integer())
            continue;
        const int y = checked_year(p[0].get<long long>());
        if (y == 0)
            continue;
        year = y;
        if (p.size() > 1 && p[1].is_number_integer() && p[1].get<long>() >= 1 &&
            p[1].get<long>() <= 12)
            month = static_cast<int>(p[1].get<long>());
        return;
    }
}

// What Crossref says a work is when it is not a paper: `update-to` names the work a
// correction or retraction notice updates; peer reviews and components have types of their
// own (sync/paper_kind.h).
void crossref_notice(const json& item, Work& w) {
    const std::string type = string_at(item, "type");
    if (type == "peer-review")
        w.notice = "a peer review";
    else if (type == "component")
        w.notice = "a component of another work";
    const json& updates = member(item, "update-to");
    if (!updates.is_array())
        return;
    for (const json& update : updates) {
        const std::string kind = ascii_lower(string_at(update, "type"));
        const std::string target = normal_doi(string_at(update, "DOI"));
        const std::string of = target.empty() ? "" : " of " + target;
        if (kind == "retraction" || kind == "withdrawal" || kind == "removal") {
            w.notice = "a retraction notice" + of;
            w.retracts = target;
        } else if (kind == "expression_of_concern" || kind == "expression-of-concern") {
            w.notice = "an expression of concern" + of;
        } else if (kind == "correction" || kind == "erratum" || kind == "corrigendum" ||
                   kind == "addendum" || kind == "clarification") {
            w.notice = "a correction" + of;
        } else {
            continue;  // a new edition or version is a paper
        }
        return;
    }
}

Work crossref_work(const json& item, const OwnerIds& owner, bool listed) {
    Work w;
    w.source = "crossref";
    w.listed_for_owner = listed;
    w.title = text_of_markup(first_string(item, "title"));
    if (const std::string sub = first_string(item, "subtitle"); !sub.empty() && !w.title.empty()) {
        const Text subtitle = text_of_markup(sub);
        if (w.title.marks.empty() && subtitle.marks.empty())
            w.title.value += ": " + subtitle.value;
    }
    w.venue = text_of_markup(first_string(item, "container-title")).value;
    w.venue_short = without_year(text_of_markup(first_string(item, "short-container-title")).value);
    w.kind = crossref_kind(string_at(item, "type"), string_at(item, "subtype"), w.kind_known);
    w.doi = normal_doi(string_at(item, "DOI"));
    if (!arxiv_base_id(w.doi).empty()) {
        arxiv_doi_as_id(w.doi, w.arxiv);
        w.kind = PublicationKind::Preprint;
        w.kind_known = true;
    }
    crossref_date(item, w.year, w.month);
    crossref_notice(item, w);
    // JATS: <jats:title>Abstract</jats:title><jats:p>…</jats:p>; the heading is not the text.
    w.abstract = text_of_markup(string_at(item, "abstract")).value;
    for (const char* heading : {"Abstract ", "ABSTRACT ", "Summary "})
        if (w.abstract.rfind(heading, 0) == 0)
            w.abstract.erase(0, std::string(heading).size());
    const json& authors = member(item, "author");
    if (authors.is_array())
        for (const json& a : authors) {
            if (w.authors.size() >= kMaxAuthorsPerWork)
                break;
            std::string name = plain_field(string_at(a, "given") + " " + string_at(a, "family"));
            if (name.empty())
                name = plain_field(string_at(a, "name"));  // an organisation
            if (name.empty())
                continue;
            const std::string orcid = string_at(a, "ORCID");
            if (!owner.orcid.empty() && orcid.size() >= 19 &&
                ascii_lower(orcid.substr(orcid.size() - 19)) == ascii_lower(owner.orcid))
                w.owner_author = w.authors.size();
            w.authors.push_back(name);
        }
    return w;
}

}  // namespace

Result<WorksPage> parse_crossref_works(std::string_view text, const std::string& source,
                                       const OwnerIds& owner, bool listed_for_owner) {
    Result<json> parsed = parse_json(text, source);
    if (!parsed)
        return fail(parsed.error());
    const json& message = member(*parsed, "message");
    if (!message.is_object())
        return response_failure(source, "is not a Crossref response (no `message` object)");
    WorksPage page;
    const json& items = member(message, "items");
    if (items.is_array()) {
        for (const json& item : items) {
            if (page.works.size() >= kMaxWorksPerResponse)
                break;
            if (item.is_object())
                page.works.push_back(crossref_work(item, owner, listed_for_owner));
        }
        page.total = number_at(message, "total-results");
        // Crossref sends a cursor on every page; an empty page is the end.
        if (!items.empty())
            page.next_cursor = string_at(message, "next-cursor");
    } else if (member(message, "DOI").is_string()) {
        page.works.push_back(crossref_work(message, owner, listed_for_owner));
    } else {
        return response_failure(source, "is not a Crossref work or list of works");
    }
    return page;
}

}  // namespace mkcv::sync
