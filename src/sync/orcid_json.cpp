#include "sync/orcid_json.h"

#include "bib/paper_identity.h"
#include "sync/json_input.h"
#include "sync/title_text.h"

namespace mkcv::sync {

using nlohmann::json;

namespace {

std::string value_of(const json& j, std::string_view key) {
    return string_at(member(j, key), "value");
}

PublicationKind orcid_kind(const std::string& type, bool& known) {
    known = true;
    if (type == "journal-article")
        return PublicationKind::Journal;
    if (type == "conference-paper" || type == "conference-proceedings")
        return PublicationKind::Conference;
    if (type == "preprint" || type == "working-paper")
        return PublicationKind::Preprint;
    if (type == "dissertation-thesis" || type == "dissertation" ||
        type == "supervised-student-publication")
        return PublicationKind::Thesis;
    known = false;
    return PublicationKind::Other;
}

void take_ids(const json& external_ids, Work& w) {
    const json& list = member(external_ids, "external-id");
    if (!list.is_array())
        return;
    for (const json& id : list) {
        const std::string type = string_at(id, "external-id-type");
        // "part-of" ids are of the book or proceedings a chapter is in, not of the work.
        if (string_at(id, "external-id-relationship") == "part-of")
            continue;
        const std::string value = string_at(id, "external-id-value");
        if (type == "doi" && w.doi.empty()) {
            w.doi = normal_doi(value);
            arxiv_doi_as_id(w.doi, w.arxiv);
        } else if (type == "arxiv" && w.arxiv.empty()) {
            w.arxiv = arxiv_base_id(value);
        }
    }
}

}  // namespace

Result<WorksPage> parse_orcid_works(std::string_view text, const std::string& source) {
    Result<json> parsed = parse_json(text, source);
    if (!parsed)
        return fail(parsed.error());
    const json* root = &*parsed;
    // A whole record (/v3.0/<orcid>/record) has the works inside its activities.
    if (const json& works = member(member(*root, "activities-summary"), "works"); works.is_object())
        root = &works;
    const json& groups = member(*root, "group");
    if (!groups.is_array())
        return response_failure(source, "is not an ORCID works list (no `group` array)");
    WorksPage page;
    for (const json& group : groups) {
        if (page.works.size() >= kMaxWorksPerResponse)
            break;
        const json& summaries = member(group, "work-summary");
        if (!summaries.is_array() || summaries.empty())
            continue;
        // The first summary is the one the owner prefers (ORCID orders by display index).
        const json& s = summaries.front();
        Work w;
        w.source = "orcid";
        w.listed_for_owner = true;
        w.title = text_of_markup(value_of(member(s, "title"), "title"));
        w.venue = plain_field(value_of(s, "journal-title"));
        w.kind = orcid_kind(string_at(s, "type"), w.kind_known);
        if (string_at(s, "type") == "conference-abstract")
            w.notice = "a meeting abstract";
        const json& date = member(s, "publication-date");
        w.year = checked_year(number_at(member(date, "year"), "value"));
        w.month = static_cast<int>(number_at(member(date, "month"), "value"));
        if (w.month > 12)
            w.month = 0;
        take_ids(member(group, "external-ids"), w);
        for (const json& other : summaries)
            take_ids(member(other, "external-ids"), w);
        const std::string url = value_of(s, "url");
        if (url.rfind("https://", 0) == 0 && normal_doi(url).empty() && arxiv_base_id(url).empty())
            w.url = plain_field(url);
        if (w.kind == PublicationKind::Preprint && w.venue.empty() && !w.arxiv.empty())
            w.venue = "arXiv:" + w.arxiv;
        page.works.push_back(std::move(w));
    }
    return page;
}

}  // namespace mkcv::sync
