// The page `mkcv serve` shows at "/" when the folder has no index.html of its own: links to
// what the last good build wrote (never a listing of the folder, which may hold more).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

// `outputs` are paths relative to the folder ("cv-homepage.html"); `title` names the CV
// file. Every name is HTML-escaped and percent-encoded in its link.
std::string output_index_page(std::string_view title, const std::vector<std::string>& outputs);

// `path` ("papers/a b.bib") as a relative URL: each byte but A–Z a–z 0–9 - . _ ~ and "/" as %XX.
std::string url_of_path(std::string_view path);

}  // namespace mkcv
