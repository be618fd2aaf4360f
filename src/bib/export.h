// Publications → one clean .bib (`mkcv export bib`): every paper of the CV, from BibTeX or
// from cv.toml alone, with overrides applied, so a homepage or a grant system can use the
// same list. Entries keep their citekey; cv.toml-only ones get a stable key made from the
// first author's last name, the year and the first word of the title ("zhao2020unpaired").
// Talks and patents follow the papers as @misc entries (keys made the same way).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "bib/reader.h"
#include "cv/model.h"
#include "util/result.h"

namespace mkcv {

// Each writer reads back what it wrote (bib/bibtex_check.h) and fails, writing nothing, when
// the text would not read back as the entries it meant: a `bibtex-write` error.
Result<std::string> export_bibtex(const Cv& cv);

// The entries alone, written as export_bibtex writes papers (for `mkcv sync`'s list, which
// the build reads back with the same reader). `file_name` names the file in an error.
Result<std::string> publications_bibtex(const std::vector<Publication>& publications,
                                        const std::string& file_name);
// Each paper alone, as export_bibtex writes it (with the same key), for a homepage's
// per-paper BibTeX (`mkcv site`).
struct PaperBibtex {
    const Publication* paper;
    std::string key;
    std::string text;
    BibEntry meant;  // the entry as the text must read back
};
Result<std::vector<PaperBibtex>> export_paper_bibtex(const Cv& cv);

}  // namespace mkcv
