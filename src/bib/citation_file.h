// publications.citations.toml: each paper's citation count, as `mkcv sync` last read it
// ([sync] citations = true). A file of its own beside the synced list, because a count
// changes every week without a new paper, and the .bib must not churn with it. `mkcv sync`
// writes it (sync/citation_counts.h), the build reads it and gives each paper its count.
#pragma once

#include <filesystem>
#include <map>
#include <string>

#include "cv/model.h"
#include "util/diagnostics.h"
#include "util/result.h"

namespace mkcv {

using CitationCounts = std::map<std::string, CitationCount>;  // citekey → count

// At most this many papers and this many bytes: far above any CV.
inline constexpr std::size_t kMaxCitationEntries = 20000;
inline constexpr std::uintmax_t kMaxCitationFileBytes = 4 * 1024 * 1024;

// The file's path: kCitationsFile beside cv.toml.
std::filesystem::path citation_file_path(const std::filesystem::path& cv_path);

// The file's text, keys in order. Read back and compared before it is returned: a count,
// source, date or key that would not read back as written fails ("citations-write").
Result<std::string> citation_file_text(const CitationCounts& counts);

// The counts the file holds; none when it does not exist. A symbolic link is never followed,
// and anything that is not what citation_file_text writes is left out with a warning at
// its line: the file is mkcv's own, but it sits in a folder anyone may have written.
CitationCounts read_citation_file(const std::filesystem::path& path, Diagnostics& diagnostics);

// The counts of the file's text (`name` for diagnostics), checked as read_citation_file does.
CitationCounts citation_counts_of_text(std::string_view text, const std::string& name,
                                       Diagnostics& diagnostics);

// Gives each paper with a citekey its count.
void attach_citations(std::vector<Publication>& papers, const CitationCounts& counts);

}  // namespace mkcv
