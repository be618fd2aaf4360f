// Digests that notice a change of bytes: the inputs and outputs of builds are compared by
// them (pipeline/build_state.h), precompiled preambles are named by them (tex/format.h).
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// XXH3's 128-bit digest of `bytes`, as 32 hex digits. Not cryptographic: it detects edits,
// and hashes a PDF in well under a millisecond, which no-op builds need.
std::string digest_of(std::string_view bytes);

}  // namespace mkcv
