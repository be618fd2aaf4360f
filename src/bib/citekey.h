// The one rule for the citekeys mkcv makes (`mkcv export bib` for entries without one,
// `mkcv sync` for new papers, the site's per-paper files): the first author's last name,
// the year and the first significant word of the title, "zhao2020unpaired". `export bib`
// and `sync` had a rule each, with other skip words, other handling of "Müller" and other
// fallbacks, so one paper got two keys (issue 35). Keys already made are never remade:
// sync keeps a listed entry's key, and a .bib entry keeps its own.
#pragma once

#include <set>
#include <string>
#include <string_view>

namespace mkcv {

// "Zhao, Yihao" or "Yihao Zhao", 2020, "Unpaired Image-to-Image Translation" →
// "zhao2020unpaired". Latin letters with marks are written without them (Müller → muller,
// Łukasz → lukasz, ß → ss); other scripts leave no letters, and a name or a title that
// leaves none gives "anon" or nothing.
std::string citekey_base(std::string_view first_author, int year, std::string_view title);

// `base`, else `base` with a letter (a … z), else with "-2", "-3" …: the first that `used`
// lacks, which then joins it. An empty base is "anon".
std::string fresh_citekey(const std::string& base, std::set<std::string>& used);

}  // namespace mkcv
