// `mkcv sync --offline FILE…`: a downloaded or exported file, its format found from its
// content (never its name): DBLP person XML or DBLP BibTeX, ORCID works JSON, Crossref
// works JSON (one work or a list), OpenAlex works JSON, an arXiv Atom feed, Semantic
// Scholar papers JSON, or a BibTeX export (Google Scholar's).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sync/work.h"
#include "util/diagnostics.h"
#include "util/result.h"

namespace mkcv::sync {

enum class FileFormat {
    DblpXml,
    DblpBibtex,
    OrcidJson,
    CrossrefJson,
    OpenalexJson,
    ArxivAtom,
    SemanticScholarJson,
    Bibtex
};

const char* format_name(FileFormat format);

// The format of `text`, or nothing (with why in `why`) when it is none of them.
std::optional<FileFormat> detect_format(std::string_view text, std::string& why);

struct OfflineWorks {
    FileFormat format;
    WorksPage page;
};

// Fails naming `name` when the format is unknown or the file is not what it looks like.
Result<OfflineWorks> read_offline_works(const std::string& text, const std::string& name,
                                        const OwnerIds& owner, Diagnostics& diagnostics);

}  // namespace mkcv::sync
