// Semantic Scholar's papers of an author
// (https://api.semanticscholar.org/graph/v1/author/<id>/papers?fields=…&offset=N&limit=M):
// {"offset":0,"next":100,"data":[…]} (no `next` on the last page), each paper with `title`,
// `year`, `venue`, `publicationTypes`, `publicationDate`, `authors[]` {authorId, name} and
// `externalIds` whose keys are capitalised: DOI, ArXiv, DBLP, CorpusId.
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/result.h"

namespace mkcv::sync {

Result<WorksPage> parse_semantic_scholar_papers(std::string_view text, const std::string& source,
                                                const OwnerIds& owner, bool listed_for_owner);

}  // namespace mkcv::sync
