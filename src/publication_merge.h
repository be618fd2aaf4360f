// The bibliography as publications: each .bib entry of cv.toml's `bibliography` becomes a
// Publication (type → kind, fields → title, authors, venue, year, links), and a
// [[publications]] table with `key` adds to or overrides the entry of that citekey. Tables
// without `key` stand alone. Runs after loading, before validation.
#pragma once

#include <filesystem>
#include <string>

#include "bibtex_reader.h"
#include "cv_model.h"
#include "diagnostics.h"

namespace mkcv {

// Reads the .bib files (relative to the folder of `cv_path`) into cv.publications; their
// text is added to `sources` so diagnostics can show the offending line.
void merge_bibliography(Cv& cv, const std::filesystem::path& cv_path, Diagnostics& diagnostics,
                        SourceTexts& sources);

// @inproceedings → conference (workshop when the booktitle says so), @article → journal
// (preprint for arXiv/CoRR), arXiv @misc/@unpublished/@techreport → preprint, theses → thesis.
PublicationKind kind_of_bibtex(const BibEntry& entry);

// One entry as a publication; problems (refused LaTeX, no title …) go to diagnostics and
// make the result empty.
std::optional<Publication> publication_from_bibtex(const BibEntry& entry, const std::string& file,
                                                   Diagnostics& diagnostics);

// "Zhao, Yihao and {van der} Berg, Jan" → "Yihao Zhao", "Jan van der Berg"; "others" → "et al."
std::vector<std::string> bibtex_authors(const std::string& field, const std::string& file, int line,
                                        Diagnostics& diagnostics);

// Applies a keyed [[publications]] table to the entry it names.
void apply_override(Publication& target, const Publication& override_, const std::string& cv_file,
                    Diagnostics& diagnostics);

}  // namespace mkcv
