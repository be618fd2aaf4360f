// What identifies a paper across sources: its DOI, its arXiv id and its DBLP key, read from
// a publication's links (bib/publication_merge.cpp makes them from `doi`, `eprint`, `url`
// and `dblp` fields). `mkcv sync` matches works by them, and a build leaves out a synced
// entry that is the same paper as one of the user's own.
#pragma once

#include <string>
#include <string_view>

#include "cv/model.h"

namespace mkcv {

struct PublicationIds {
    std::string doi;       // lower case, without https://doi.org/: "10.1145/3452296.3472917"
    std::string arxiv;     // without its version: "2101.00001", "hep-th/9901001"
    std::string dblp_key;  // "conf/sigcomm/ZhaoB21"
};

// "https://doi.org/10.1145/X", "doi:10.1145/x", "10.1145/X" → "10.1145/x"; "" when not a DOI.
std::string normal_doi(std::string_view text);
// "arXiv:2101.00001v3", "https://arxiv.org/abs/2101.00001v3", "hep-th/9901001v2" →
// "2101.00001", "hep-th/9901001"; "" when not an arXiv id.
std::string arxiv_base_id(std::string_view text);
// "https://dblp.org/rec/conf/x/Y", "https://dblp.org/rec/conf/x/Y.html", "DBLP:conf/x/Y" →
// "conf/x/Y".
std::string dblp_key_of(std::string_view text);

PublicationIds ids_of(const Publication& p);

// The link URL of each id, as a publication keeps it.
std::string doi_url(const std::string& doi);
std::string arxiv_url(const std::string& id);
std::string dblp_url(const std::string& key);

}  // namespace mkcv
