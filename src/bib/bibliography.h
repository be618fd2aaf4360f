// The bibliography as publications: each .bib entry of cv.toml's `bibliography` becomes a
// Publication (type → kind, fields → title, authors, venue, year, links), and a
// [[publications]] table with `key` adds to or overrides the entry of that citekey. Tables
// without `key` stand alone. Runs after loading, before validation.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "bib/reader.h"
#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

// A .bib larger than this is refused (the biggest shared bibliographies are tens of MB).
inline constexpr std::uintmax_t kMaxBibFileBytes = 64 * 1024 * 1024;

// Reads the .bib files (relative to the folder of `cv_path`) into cv.publications; their
// text is added to `sources` so diagnostics can show the offending line.
void read_bibliography(Cv& cv, const std::filesystem::path& cv_path, Diagnostics& diagnostics,
                       SourceTexts& sources);

// @inproceedings → conference (workshop when the booktitle says so), @article → journal
// (preprint for arXiv/CoRR), arXiv @misc/@unpublished/@techreport → preprint, theses → thesis.
PublicationKind kind_of_bibtex(const BibEntry& entry);

// One entry as a publication. Problems go to diagnostics as warnings: refused LaTeX prints
// literally; no title, author or year, or a year or date that is not one, make it empty.
std::optional<Publication> publication_from_bibtex(const BibEntry& entry, const std::string& file,
                                                   Diagnostics& diagnostics);

// "Zhao, Yihao and {van der} Berg, Jan" → "Yihao Zhao", "Jan van der Berg"; "others" → "et al."
std::vector<std::string> bibtex_authors(const std::string& field, const std::string& file, int line,
                                        Diagnostics& diagnostics);

// Applies a keyed [[publications]] table to the entry it names.
void apply_override(Publication& target, const Publication& override_, const std::string& cv_file,
                    Diagnostics& diagnostics);

}  // namespace mkcv
