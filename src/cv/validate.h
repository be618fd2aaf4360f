// Checks that need the whole entry or the whole CV (the loader has already checked each
// value's shape): empty required text, end before start, author lists, URLs, duplicates,
// values too long for TeX.
#pragma once

#include <cstddef>

#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

// The longest string value mkcv takes, in bytes. TeX reads each line into a 200,000-byte
// buffer (buf_size) and fails on a longer one with the cause buried in latexmk's log; a value
// is printed on one line, and escaping can make one character 18 bytes (\textasciicircum{}).
inline constexpr std::size_t kMaxValueBytes = 10000;

void validate_cv(const Cv& cv, Diagnostics& diagnostics);

// True for what a link may point at: http(s)://host..., mailto:..., or a bare DOI.
bool looks_like_url(const std::string& url);

}  // namespace mkcv
