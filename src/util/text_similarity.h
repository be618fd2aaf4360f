// "Did you mean ...?" for misspelt keys and names.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

// Edit distance (insertions, deletions, substitutions, transpositions of neighbours).
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` if it is close enough to be a likely typo, else "".
std::string closest_match(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace mkcv
