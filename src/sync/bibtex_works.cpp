#include "sync/bibtex_works.h"

#include "bib/bibliography.h"
#include "bib/paper_identity.h"
#include "bib/reader.h"
#include "sync/field_sources.h"
#include "sync/title_text.h"

namespace mkcv::sync {

bool is_dblp_bibtex(std::string_view text) {
    return text.find("{DBLP:") != std::string_view::npos ||
           text.find("dblp.org/rec/") != std::string_view::npos;
}

Work work_of_publication(const Publication& p, const std::string& source) {
    Work w;
    w.source = source;
    w.title = p.title;
    w.title.pos = {};
    for (TextRun& run : w.title.marks)
        run.pos = {};
    for (const Text& a : p.authors)
        if (w.authors.size() < kMaxAuthorsPerWork)
            w.authors.push_back(without_dblp_number(a.value));
    w.venue = p.venue.value;
    w.year = p.year;
    w.month = p.month;
    w.kind = p.kind;
    w.kind_known = p.kind != PublicationKind::Other;
    PaperIdentity id = identity_of(p);
    w.doi = std::move(id.doi);
    w.arxiv = std::move(id.arxiv);
    w.dblp_key = std::move(id.dblp_key);
    for (const Link& l : p.links)
        if (l.label.value == "paper" && w.url.empty())
            w.url = l.url.value;
    w.abstract = p.abstract.value;
    if (source == "synced")
        w.field_sources = parse_field_sources(p.field_sources);
    return w;
}

WorksPage parse_bibtex_works(const std::string& text, const std::string& source,
                             Diagnostics& diagnostics) {
    const bool dblp = is_dblp_bibtex(text);
    reset_bibtex_macros();
    WorksPage page;
    for (const BibEntry& e : read_bibtex(text, source, diagnostics)) {
        if (page.works.size() >= kMaxWorksPerResponse)
            break;
        if (e.type == "proceedings" || e.type == "string")
            continue;
        const auto p = publication_from_bibtex(e, source, diagnostics);
        if (!p)
            continue;
        Work w = work_of_publication(*p, dblp ? "dblp" : "bibtex");
        if (dblp && e.key.rfind("DBLP:", 0) == 0 && w.dblp_key.empty())
            w.dblp_key = dblp_key_of(e.key);
        if (dblp)
            drop_final_period(w.title);
        page.works.push_back(std::move(w));
    }
    return page;
}

}  // namespace mkcv::sync
