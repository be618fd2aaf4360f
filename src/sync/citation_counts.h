// [sync] citations = true: each paper's citation count from the works the sources gave
// (OpenAlex's cited_by_count, Semantic Scholar's citationCount), for the file beside the
// synced list (bib/citation_file.h).
#pragma once

#include <string>
#include <vector>

#include "bib/citation_file.h"
#include "sync/work.h"

namespace mkcv::sync {

// The counts of `papers` (the new synced list and the user's own papers; those without a
// citekey have no count) from `works`: a work counts for a paper that shares its DOI, arXiv id
// or DBLP key, or else its normalised title and year. Where sources disagree the higher count
// wins. A count equal to the one `before` held keeps its date; a new or changed one is
// dated `today` (YYYY-MM-DD), so the file changes only when a count does. A paper no source
// counted this time keeps its count from `before`; a paper no longer in the CV loses it.
CitationCounts count_citations(const std::vector<Work>& works,
                               const std::vector<Publication>& papers, const CitationCounts& before,
                               const std::string& today);

}  // namespace mkcv::sync
