#include "sync/openalex_json.h"

#include <algorithm>
#include <vector>

#include "bib/paper_identity.h"
#include "sync/json_input.h"
#include "sync/title_text.h"
#include "util/ascii.h"

namespace mkcv::sync {

using nlohmann::json;

namespace {

// OpenAlex gives an abstract as an inverted index, word → its positions. Bounded: at most
// kMaxFieldBytes of words are placed (a hostile index could name a position in the
// billions, or a million positions), then the text is cut as any field is.
std::string abstract_of_index(const json& index) {
    if (!index.is_object())
        return "";
    std::vector<std::pair<long, const std::string*>> placed;
    std::size_t bytes = 0;
    for (auto it = index.begin(); it != index.end() && bytes < 4 * kMaxFieldBytes; ++it) {
        if (!it.value().is_array())
            continue;
        for (const json& at : it.value()) {
            if (!at.is_number_integer() || bytes >= 4 * kMaxFieldBytes)
                continue;
            placed.emplace_back(at.get<long>(), &it.key());
            bytes += it.key().size() + 1;
        }
    }
    std::sort(placed.begin(), placed.end());
    std::string text;
    for (const auto& [at, word] : placed)
        text += (text.empty() ? "" : " ") + *word;
    return plain_field(text);
}

bool ends_with_folded(const std::string& text, const std::string& tail) {
    return !tail.empty() && text.size() >= tail.size() &&
           ascii_lower(text.substr(text.size() - tail.size())) == ascii_lower(tail);
}

Work openalex_work(const json& item, const OwnerIds& owner, bool listed) {
    Work w;
    w.source = "openalex";
    w.listed_for_owner = listed;
    std::string title = string_at(item, "title");
    if (title.empty())
        title = string_at(item, "display_name");
    w.title = text_of_markup(title);
    w.year = checked_year(number_at(item, "publication_year"));
    const std::string date = string_at(item, "publication_date");
    if (date.size() >= 7 && date[4] == '-' && date[5] >= '0' && date[5] <= '1' && date[6] >= '0' &&
        date[6] <= '9') {
        const int m = (date[5] - '0') * 10 + (date[6] - '0');
        w.month = m >= 1 && m <= 12 ? m : 0;
    }
    w.doi = normal_doi(string_at(item, "doi"));
    arxiv_doi_as_id(w.doi, w.arxiv);
    const json& primary = member(item, "primary_location");
    const json& primary_source = member(primary, "source");
    const std::string source_type = string_at(primary_source, "type");
    w.venue = plain_field(string_at(primary_source, "display_name"));
    const std::string type = string_at(item, "type"),
                      crossref_type = string_at(item, "type_crossref");
    w.kind_known = true;
    if (type == "preprint" || source_type == "repository" || crossref_type == "posted-content")
        w.kind = PublicationKind::Preprint;
    else if (crossref_type == "proceedings-article" || source_type == "conference")
        w.kind = PublicationKind::Conference;
    else if (crossref_type == "journal-article" || (type == "article" && source_type == "journal"))
        w.kind = PublicationKind::Journal;
    else if (type == "dissertation" || crossref_type == "dissertation")
        w.kind = PublicationKind::Thesis;
    else {
        w.kind = PublicationKind::Other;
        w.kind_known = false;
    }
    // Not a paper (sync/paper_kind.h): OpenAlex's own types for notices, and its flag for
    // a retracted paper, which stays in but is warned about.
    if (type == "erratum")
        w.notice = "a correction";
    else if (type == "paratext")
        w.notice = "front matter";
    else if (type == "editorial")
        w.notice = "an editorial";
    else if (type == "retraction")
        w.notice = "a retraction notice";
    w.retracted =
        member(item, "is_retracted").is_boolean() && member(item, "is_retracted").get<bool>();
    w.abstract = abstract_of_index(member(item, "abstract_inverted_index"));
    w.citations = count_at(item, "cited_by_count");
    const json& locations = member(item, "locations");
    if (locations.is_array())
        for (const json& loc : locations) {
            if (!w.arxiv.empty())
                break;
            w.arxiv = arxiv_base_id(string_at(loc, "landing_page_url"));
        }
    if (w.kind == PublicationKind::Preprint && !w.arxiv.empty())
        w.venue = "arXiv:" + w.arxiv;
    const json& authorships = member(item, "authorships");
    if (authorships.is_array())
        for (const json& a : authorships) {
            if (w.authors.size() >= kMaxAuthorsPerWork)
                break;
            const json& author = member(a, "author");
            const std::string name = plain_field(string_at(author, "display_name"));
            if (name.empty())
                continue;
            if (ends_with_folded(string_at(author, "id"), "/" + owner.openalex) ||
                (!owner.orcid.empty() && ends_with_folded(string_at(author, "orcid"), owner.orcid)))
                w.owner_author = w.authors.size();
            w.authors.push_back(name);
        }
    return w;
}

}  // namespace

Result<WorksPage> parse_openalex_works(std::string_view text, const std::string& source,
                                       const OwnerIds& owner, bool listed_for_owner) {
    Result<json> parsed = parse_json(text, source);
    if (!parsed)
        return fail(parsed.error());
    WorksPage page;
    const json& results = member(*parsed, "results");
    if (results.is_array()) {
        for (const json& item : results) {
            if (page.works.size() >= kMaxWorksPerResponse)
                break;
            if (item.is_object())
                page.works.push_back(openalex_work(item, owner, listed_for_owner));
        }
        const json& meta = member(*parsed, "meta");
        page.total = number_at(meta, "count");
        if (!results.empty())
            page.next_cursor = string_at(meta, "next_cursor");
    } else if (string_at(*parsed, "id").find("openalex.org/W") != std::string::npos) {
        page.works.push_back(openalex_work(*parsed, owner, listed_for_owner));
    } else {
        return response_failure(source, "is not an OpenAlex works response (no `results` array)");
    }
    return page;
}

}  // namespace mkcv::sync
