// Which lines of TeX's .aux file cannot change the PDF, so that latexmk need not run TeX a
// second time when only they appear. latexmk starts a build from an empty folder with a
// minimal .aux ("\relax", one page) and runs TeX again whenever the .aux differs after a
// pass; hyperref's fixed preamble lines and the page count always make it differ, so every
// document with hyperref took two passes though the second typeset the same PDF.
#pragma once

#include <string>

namespace mkcv {

// Perl for latexmk's -e: hash_calc_ignore_pattern for .aux files, so those lines do not
// count as a change. The page-count line (\@abspage@last) is ignored unless
// `page_total_matters`; labels, citations and page labels other than the default are never
// ignored, so documents that need them still get their second pass.
std::string latexmk_aux_rules(bool page_total_matters);

// Whether `tex` may use the previous pass's page count (\PreviousTotalPages, the lastpage
// package, shipout/lastpage hooks), so a changed count must cause another pass.
bool may_read_page_total(const std::string& tex);

// What latexmk writes as the .aux before the first pass when there is none (a one-page
// document without labels); a pass run without latexmk starts from the same.
inline constexpr const char* kTrivialAux = "\\relax \n\\gdef \\@abspage@last{1}\n";

// The lines of `aux` that latexmk_aux_rules does not ignore, each with its line end, as
// latexmk digests them: when a pass leaves these as they were, another pass would typeset
// the same.
std::string aux_lines_that_count(const std::string& aux, bool page_total_matters);

}  // namespace mkcv
