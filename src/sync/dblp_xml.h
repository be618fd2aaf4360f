// DBLP's person page as XML (https://dblp.org/pid/<pid>.xml): <dblpperson pid=…> with one
// <r> per publication (<article>, <inproceedings>, <phdthesis> …, its key DBLP's), its
// <author pid=…> names with DBLP's disambiguation numbers ("Qiang Liu 0034"), a title that
// ends with a period and may hold <i>, <sub> and LaTeX, and <ee> links (DOI, arXiv).
#pragma once

#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/result.h"

namespace mkcv::sync {

// `owner` finds the owner among the authors by pid (the page's own pid when empty).
Result<WorksPage> parse_dblp_xml(std::string_view text, const std::string& source,
                                 const OwnerIds& owner);

}  // namespace mkcv::sync
