// Checks that need the whole entry or the whole CV (the loader has already checked each
// value's shape): empty required text, end before start, author lists, URLs, duplicates.
#pragma once

#include "cv_model.h"
#include "diagnostics.h"

namespace mkcv {

void validate_cv(const Cv& cv, Diagnostics& diagnostics);

// True for what a link may point at: http(s)://host..., mailto:..., or a bare DOI.
bool looks_like_url(const std::string& url);

}  // namespace mkcv
