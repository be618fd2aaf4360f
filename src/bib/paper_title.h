// The forms of a paper's title that records of one paper share, for every command: the
// normal title of its identity (bib/paper_identity.h), and the loose and main titles that
// `mkcv sync` finds near-duplicates by (sync/near_duplicates.h). They were written in
// sync/merge.cpp and sync/near_duplicates.cpp (issue 35).
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// "Deep Learning: A Review" → "deeplearningareview" (ASCII letters and digits lower-cased,
// other characters kept, punctuation and spaces dropped).
std::string normal_title(std::string_view title);

// "Optimising the Centre." → "optimizing the center": lower-case ASCII words (other scripts
// kept as they are), British spelling folded to American, punctuation dropped.
std::string loose_title(std::string_view title);

// The loose title before a subtitle (": ", " - ", " – ", " — ", "? "), when it has three
// words or more; "" otherwise (a main title of one or two words names a field, not a paper).
std::string main_title(std::string_view title);

}  // namespace mkcv
