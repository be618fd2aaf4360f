#include "sync/semantic_scholar_json.h"

#include "bib/paper_identity.h"
#include "sync/json_input.h"
#include "sync/title_text.h"

namespace mkcv::sync {

using nlohmann::json;

namespace {

bool has_type(const json& types, std::string_view name) {
    if (!types.is_array())
        return false;
    for (const json& t : types)
        if (t.is_string() && t.get<std::string>() == name)
            return true;
    return false;
}

Work semantic_scholar_work(const json& item, const OwnerIds& owner, bool listed) {
    Work w;
    w.source = "semantic_scholar";
    w.listed_for_owner = listed;
    w.title = text_of_markup(string_at(item, "title"));
    w.year = checked_year(number_at(item, "year"));
    const std::string date = string_at(item, "publicationDate");
    if (date.size() >= 7 && date[4] == '-') {
        const int m = (date[5] - '0') * 10 + (date[6] - '0');
        w.month = m >= 1 && m <= 12 ? m : 0;
    }
    std::string venue = string_at(member(item, "journal"), "name");
    if (venue.empty())
        venue = string_at(item, "venue");
    w.venue = plain_field(venue);
    const json& ids = member(item, "externalIds");
    w.doi = normal_doi(string_at(ids, "DOI"));
    w.arxiv = arxiv_base_id(string_at(ids, "ArXiv"));
    w.dblp_key = dblp_key_of(string_at(ids, "DBLP"));
    arxiv_doi_as_id(w.doi, w.arxiv);
    const json& types = member(item, "publicationTypes");
    w.kind_known = true;
    if (has_type(types, "Conference"))
        w.kind = PublicationKind::Conference;
    else if (has_type(types, "JournalArticle") && !(w.venue == "arXiv.org" || w.venue == "ArXiv"))
        w.kind = PublicationKind::Journal;
    else if (!w.arxiv.empty() && w.doi.empty()) {
        w.kind = PublicationKind::Preprint;
        w.venue = "arXiv:" + w.arxiv;
    } else {
        w.kind = PublicationKind::Other;
        w.kind_known = false;
    }
    w.abstract = text_of_markup(string_at(item, "abstract")).value;
    w.citations = count_at(item, "citationCount");
    if (has_type(types, "Editorial"))
        w.notice = "an editorial";
    else if (has_type(types, "News"))
        w.notice = "a news item";
    const json& authors = member(item, "authors");
    if (authors.is_array())
        for (const json& a : authors) {
            if (w.authors.size() >= kMaxAuthorsPerWork)
                break;
            const std::string name = plain_field(string_at(a, "name"));
            if (name.empty())
                continue;
            if (!owner.semantic_scholar.empty() &&
                string_at(a, "authorId") == owner.semantic_scholar)
                w.owner_author = w.authors.size();
            w.authors.push_back(name);
        }
    return w;
}

}  // namespace

Result<WorksPage> parse_semantic_scholar_papers(std::string_view text, const std::string& source,
                                                const OwnerIds& owner, bool listed_for_owner) {
    Result<json> parsed = parse_json(text, source);
    if (!parsed)
        return fail(parsed.error());
    const json& data = member(*parsed, "data");
    if (!data.is_array())
        return response_failure(source, "is not a Semantic Scholar papers list (no `data` array)");
    WorksPage page;
    for (const json& item : data) {
        if (page.works.size() >= kMaxWorksPerResponse)
            break;
        // /author/<id>/papers sends papers; a search's results may wrap them in `paper`.
        const json& paper = member(item, "paper").is_object() ? member(item, "paper") : item;
        if (paper.is_object())
            page.works.push_back(semantic_scholar_work(paper, owner, listed_for_owner));
    }
    const json& next = member(*parsed, "next");
    if (next.is_number_integer() && !data.empty())
        page.next_offset = next.get<long>();
    return page;
}

}  // namespace mkcv::sync
