// A .bib that mkcv writes from data it does not control (synced titles, cv.toml, imported
// files) is read back with the reader that will read it, and compared with what the writer
// meant, before it goes anywhere: the same entries, in order, with the same keys, fields and
// values. Escaping is meant to make this hold; the check is what proves it for each file, so
// a value that escaping missed can never become an entry, a field or a lost paper.
#pragma once

#include <string>
#include <vector>

#include "bib/reader.h"
#include "util/result.h"

namespace mkcv {

// `meant`: each entry as written, its values as the reader will give them back (month
// macros as the month's name). `file_name` names the file in the error.
Result<> check_bibtex_read_back(const std::string& text, const std::vector<BibEntry>& meant,
                                const std::string& file_name);

}  // namespace mkcv
