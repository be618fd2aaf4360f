// A BibTeX export as works: DBLP's (keys "DBLP:conf/…", `biburl` at dblp.org, authors with
// disambiguation numbers) or Google Scholar's (keys "ley2009dblp", no ids). Read by bib/'s
// reader and converter, so their LaTeX is vetted as every .bib's is.
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/diagnostics.h"

namespace mkcv::sync {

// Problems of single entries are warnings in `diagnostics` (the entry is skipped).
WorksPage parse_bibtex_works(const std::string& text, const std::string& source,
                             Diagnostics& diagnostics);

// Whether an export is DBLP's (else it is taken as Google Scholar's or any other).
bool is_dblp_bibtex(std::string_view text);

// A publication (from a .bib, or the synced list) as a work of `source`.
Work work_of_publication(const Publication& p, const std::string& source);

}  // namespace mkcv::sync
