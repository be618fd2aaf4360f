// arXiv's API answer, an Atom feed (https://export.arxiv.org/api/query?search_query=…):
// <entry> per paper with its versioned id (http://arxiv.org/abs/2101.00001v2, or an old one,
// hep-th/9901001v1), <title> and <author><name>, <published>, and, once it appeared
// elsewhere, <arxiv:doi> and <arxiv:journal_ref>; <opensearch:totalResults> for paging.
// An error comes back as a feed too, with one entry whose id is …/api/errors#….
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/result.h"

namespace mkcv::sync {

// Works of a name query: none is listed for the owner (the merge checks the authors).
Result<WorksPage> parse_arxiv_atom(std::string_view text, const std::string& source);

}  // namespace mkcv::sync
