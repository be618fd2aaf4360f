// Whether a work a source lists belongs in a CV as a paper of its own. Sources list the
// notices around a paper beside it: corrections and errata, retraction notices, expressions
// of concern, meeting abstracts, editorials and front matter (issue 37: one Semantic
// Scholar page gave "Author Correction: …", "DDRE-07. …" and "Abstract 794: …" as
// papers, each numbered beside the real one). Each parser says what its source's metadata
// says (Crossref's type and update-to, OpenAlex's type and is_retracted, Semantic
// Scholar's publicationTypes, ORCID's type); the title is the fallback for the rest.
#pragma once

#include <string>
#include <string_view>

namespace mkcv::sync {

// Why a work with this title is not a paper ("a correction", "a meeting abstract" …), or
// "" when its title says nothing. Only a title's start is read: "Correction of Errors in
// Sorting" is a paper, "Correction: Fast Sorting" and "Author Correction to …" are not.
std::string notice_by_title(std::string_view title);

// A title that marks the paper itself as retracted ("RETRACTED: Fast Sorting", as Wiley and
// Elsevier retitle a retracted article).
bool retracted_by_title(std::string_view title);

}  // namespace mkcv::sync
