// ORCID's works of a record (https://pub.orcid.org/v3.0/<orcid>/works, JSON): `group[]`,
// one group per work as ORCID matched them by external id, each with the `work-summary[]`
// that sources gave (title.title.value, type, publication-date.year.value, journal-title,
// external-ids.external-id[] of type doi or arxiv). Summaries name no authors: the owner is
// the author, and the merge takes the others from a source that lists them.
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/result.h"

namespace mkcv::sync {

Result<WorksPage> parse_orcid_works(std::string_view text, const std::string& source);

}  // namespace mkcv::sync
