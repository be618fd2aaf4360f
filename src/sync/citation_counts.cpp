#include "sync/citation_counts.h"

#include <map>

#include "bib/paper_identity.h"
#include "bib/paper_title.h"

namespace mkcv::sync {

namespace {

struct Best {
    long count = -1;
    std::string source;
};

void offer(Best& best, const Work& w) {
    // The higher count wins; of two equal ones, the source named first in the alphabet, so
    // the file is the same whatever order the sources answered in.
    if (*w.citations > best.count || (*w.citations == best.count && w.source < best.source))
        best = {*w.citations, w.source};
}

}  // namespace

CitationCounts count_citations(const std::vector<Work>& works,
                               const std::vector<Publication>& papers, const CitationCounts& before,
                               const std::string& today) {
    // The best count for each id a counted work has.
    std::map<std::string, Best> by_id;
    for (const Work& w : works) {
        if (!w.citations || (w.source != "openalex" && w.source != "semantic_scholar"))
            continue;
        for (const std::string& id :
             identity_keys({w.doi, w.arxiv, w.dblp_key, normal_title(w.title.value), w.year}))
            offer(by_id[id], w);
    }
    CitationCounts counts;
    for (const Publication& p : papers) {
        if (p.key.value.empty())
            continue;
        const PaperIdentity id = identity_of(p);
        Best best;
        bool by_an_id = false;
        for (const std::string& key : identity_keys({id.doi, id.arxiv, id.dblp_key, "", 0})) {
            const auto it = by_id.find(key);
            if (it != by_id.end() && it->second.count > best.count) {
                best = it->second;
                by_an_id = true;
            }
        }
        // A title and year only when no id matched: two papers of one title (a conference
        // and a journal version) keep their own counts.
        if (!by_an_id)
            for (const std::string& key : identity_keys({"", "", "", id.title, id.year}))
                if (const auto it = by_id.find(key); it != by_id.end())
                    best = it->second;
        const auto old = before.find(p.key.value);
        if (best.count < 0) {
            if (old != before.end())
                counts.insert(*old);
            continue;
        }
        const bool unchanged = old != before.end() && old->second.count == best.count;
        counts[p.key.value] = {best.count, unchanged ? old->second.source : best.source,
                               unchanged ? old->second.date : today};
    }
    return counts;
}

}  // namespace mkcv::sync
