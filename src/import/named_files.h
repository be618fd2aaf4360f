// Files a source names (its `.bib` files, its photo) come along into cv.toml: each is looked
// up in the source's folder, confined to it as cv.toml's own files are confined to cv.toml's
// (cv/cv_folder.h: relative, symbolic links resolved, never out of the folder), and written
// relative to where the new cv.toml goes. A source is someone else's file: `../x.bib`, an
// absolute path or a link out of its folder must not make the import (nor a later build)
// read a file elsewhere on the machine.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "import/mapping.h"
#include "import/toml_writer.h"
#include "util/diagnostics.h"

namespace mkcv {

// The entries of a BibTeX text that are papers: `@type{` or `@type(` with any type but
// string, preamble and comment. A count for the summary, not a parse: the build reads the
// file with the real reader.
std::size_t count_bibtex_entries(std::string_view bibtex);

// `bibliography` and `person.photo` of `document`, written by a mapper as the source wrote
// them, are resolved in the folder of `file` and rewritten relative to the folder of
// `written_name`. One that is absolute, leaves the source's folder (`..`, a symbolic link),
// is missing, or lies where the new cv.toml cannot name it is removed with a warning naming
// it. Each `.bib` kept adds "N papers" to `summary`.
void bring_named_files(TomlValue& document, const std::string& file,
                       const std::string& written_name, Diagnostics& diagnostics,
                       std::vector<MappedValue>& summary);

}  // namespace mkcv
