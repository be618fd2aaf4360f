#include "sync/arxiv_atom.h"

#include "bib/paper_identity.h"
#include "sync/json_input.h"
#include "sync/title_text.h"
#include "sync/xml_input.h"

namespace mkcv::sync {
namespace {

// "2021-01-04T18:59:59Z" → year and month.
void arxiv_date(std::string_view text, int& year, int& month) {
    auto digits = [&](std::size_t at, std::size_t n) {
        int v = 0;
        if (text.size() < at + n)
            return -1;
        for (std::size_t i = at; i < at + n; ++i) {
            if (text[i] < '0' || text[i] > '9')
                return -1;
            v = v * 10 + (text[i] - '0');
        }
        return v;
    };
    const int y = digits(0, 4), m = digits(5, 2);
    year = checked_year(y);
    month = year && m >= 1 && m <= 12 ? m : 0;
}

}  // namespace

Result<WorksPage> parse_arxiv_atom(std::string_view text, const std::string& source) {
    pugi::xml_document doc;
    if (Result<> parsed = parse_xml(text, source, doc); !parsed)
        return fail(parsed.error());
    const pugi::xml_node feed = doc.first_child();
    if (feed.type() != pugi::node_element || local_name(feed) != "feed")
        return response_failure(source, "is not an Atom feed (no <feed>)");
    WorksPage page;
    if (const pugi::xml_node total = child_named(feed, "totalResults"))
        page.total = static_cast<long>(total.text().as_llong(-1));
    for (const pugi::xml_node& entry : feed.children()) {
        if (entry.type() != pugi::node_element || local_name(entry) != "entry")
            continue;
        if (page.works.size() >= kMaxWorksPerResponse)
            break;
        const std::string id = plain_field(child_named(entry, "id").text().get());
        if (id.find("/api/errors") != std::string::npos)
            return response_failure(source,
                                    "arXiv refused the query: " +
                                        plain_field(child_named(entry, "summary").text().get()));
        Work w;
        w.source = "arxiv";
        w.arxiv = arxiv_base_id(id);
        if (w.arxiv.empty())
            continue;
        w.title = text_of_xml(child_named(entry, "title"));
        w.abstract = text_of_xml(child_named(entry, "summary")).value;
        for (const pugi::xml_node& a : entry.children()) {
            if (a.type() != pugi::node_element || local_name(a) != "author" ||
                w.authors.size() >= kMaxAuthorsPerWork)
                continue;
            const std::string name = plain_field(child_named(a, "name").text().get());
            if (!name.empty())
                w.authors.push_back(name);
        }
        arxiv_date(child_named(entry, "published").text().get(), w.year, w.month);
        w.doi = normal_doi(child_named(entry, "doi").text().get());
        const std::string journal_ref = plain_field(child_named(entry, "journal_ref").text().get());
        if (!journal_ref.empty()) {
            // Published, but arXiv does not say where as a kind: a guess the merge replaces.
            w.kind = PublicationKind::Journal;
            w.venue = journal_ref;
        } else {
            w.kind = PublicationKind::Preprint;
            w.kind_known = true;
            w.venue = "arXiv:" + w.arxiv;
        }
        page.works.push_back(std::move(w));
    }
    return page;
}

}  // namespace mkcv::sync
