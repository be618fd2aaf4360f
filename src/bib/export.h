// Publications → one clean .bib (`mkcv export bib`): every paper of the CV, from BibTeX or
// from cv.toml alone, with overrides applied, so a homepage or a grant system can use the
// same list. Entries keep their citekey; cv.toml-only ones get a stable key made from the
// first author's last name, the year and the first word of the title ("zhao2020unpaired").
// Talks and patents follow the papers as @misc entries (keys made the same way).
#pragma once

#include <string>
#include <string_view>

#include "cv/model.h"

namespace mkcv {

std::string export_bibtex(const Cv& cv);

// The entries alone, written as export_bibtex writes papers (for `mkcv sync`'s list, which
// the build reads back with the same reader).
std::string publications_bibtex(const std::vector<Publication>& publications);

}  // namespace mkcv
