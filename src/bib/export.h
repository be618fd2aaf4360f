// Publications → one clean .bib (`mkcv export bib`): every paper of the CV, from BibTeX or
// from cv.toml alone, with overrides applied, so a homepage or a grant system can use the
// same list. Entries keep their citekey; cv.toml-only ones get a stable key made from the
// first author's last name, the year and the first word of the title ("zhao2020unpaired").
// Talks and patents follow the papers as @misc entries (keys made the same way).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cv/model.h"

namespace mkcv {

std::string export_bibtex(const Cv& cv);

// Each paper alone, as export_bibtex writes it (with the same key), for a homepage's
// per-paper BibTeX (`mkcv site`).
struct PaperBibtex {
    const Publication* paper;
    std::string key;
    std::string text;
};
std::vector<PaperBibtex> export_paper_bibtex(const Cv& cv);

}  // namespace mkcv
