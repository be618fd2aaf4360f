// Crossref's works (https://api.crossref.org/works/<doi> → {"message":{…}}, or
// /works?filter=orcid:… → {"message":{"items":[…],"next-cursor":…}}). Titles are arrays
// (title[0], with JATS or HTML markup), container-title the venue, author[] given, family
// and ORCID, issued.date-parts the date, abstracts JATS (not kept: a CV has none).
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/result.h"

namespace mkcv::sync {

// `listed_for_owner`: the response answers a query by the owner's ORCID iD.
Result<WorksPage> parse_crossref_works(std::string_view text, const std::string& source,
                                       const OwnerIds& owner, bool listed_for_owner);

}  // namespace mkcv::sync
