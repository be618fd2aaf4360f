#include "sync/field_sources.h"

#include <algorithm>
#include <iterator>
#include <set>

namespace mkcv::sync {

std::map<std::string, std::string> parse_field_sources(const std::string& text) {
    static const std::set<std::string> kSources{"dblp",  "crossref", "openalex", "semantic_scholar",
                                                "orcid", "bibtex",   "arxiv"};
    std::map<std::string, std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t end = std::min(text.find(';', start), text.size());
        const std::string pair = text.substr(start, end - start);
        if (const std::size_t eq = pair.find('='); eq != std::string::npos) {
            const std::string field = pair.substr(0, eq), source = pair.substr(eq + 1);
            if (std::find(std::begin(kRankedFields), std::end(kRankedFields), field) !=
                    std::end(kRankedFields) &&
                kSources.count(source))
                out[field] = source;
        }
        start = end + 1;
    }
    return out;
}

std::string field_sources_text(const std::map<std::string, std::string>& sources) {
    std::string out;
    for (const char* field : kRankedFields)
        if (const auto it = sources.find(field); it != sources.end())
            out += (out.empty() ? "" : ";") + std::string(field) + "=" + it->second;
    return out;
}

}  // namespace mkcv::sync
