// OpenAlex's works (https://api.openalex.org/works?filter=author.id:<id>&per-page=200&cursor=*):
// {"meta":{"next_cursor":…},"results":[…]}, each with `title`, `publication_year`, `type`
// (and `type_crossref`), `doi` as a URL, `ids`, `primary_location.source.display_name`,
// `locations[]` (an arXiv copy among them), `authorships[].author` with its OpenAlex id and
// ORCID; abstracts are inverted indexes (not kept: a CV has none). A single work is the
// object itself.
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/result.h"

namespace mkcv::sync {

Result<WorksPage> parse_openalex_works(std::string_view text, const std::string& source,
                                       const OwnerIds& owner, bool listed_for_owner);

}  // namespace mkcv::sync
