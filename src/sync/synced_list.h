// The file `mkcv sync` writes (cv.toml's [sync] file, publications.sync.bib by default,
// beside cv.toml) and `mkcv build` reads after the user's own .bib files
// (bib/bibliography.cpp). It is BibTeX as `mkcv export bib` writes it, so the same
// reader reads it back: ids as doi, eprint and dblp fields, the kind where the entry type
// does not say it. It is written whole or not at all, and never through a symbolic link.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cv/model.h"
#include "util/diagnostics.h"
#include "util/result.h"

namespace mkcv::sync {

// Where the list of `cv` is: beside cv.toml.
std::filesystem::path synced_list_path(const Cv& cv, const std::filesystem::path& cv_path);

// The folders of `[sync] file` below cv.toml's: each must be a folder, none a symbolic link.
Result<> check_list_folders(const Cv& cv, const std::filesystem::path& cv_path);

// The entries as they are in the file (no overrides applied); none when there is no file.
// Fails on a symbolic link or a file that cannot be read. Entry problems go to `diagnostics`.
Result<std::vector<Publication>> read_synced_list(const std::filesystem::path& path,
                                                  Diagnostics& diagnostics);

// The file's text: a header that says what it is, then the entries. Fails (a `bibtex-write`
// error naming `file_name`) when the text would not read back as the list.
Result<std::string> synced_list_text(const std::vector<Publication>& list,
                                     const std::string& file_name);

// Atomically; fails on a symbolic link in its place (never followed, never replaced).
Result<> write_synced_list(const std::filesystem::path& path, const std::string& text);

}  // namespace mkcv::sync
