// `[person] photo`: a picture beside cv.toml, read once for every output. The path is
// untrusted: it must stay inside cv.toml's folder once symlinks are resolved, name a regular
// file of at most kMaxPhotoBytes, and hold a PNG or JPEG by its first bytes (no PDF: TeX
// would run a PDF's own content streams). Its text never reaches TeX: templates get the
// bytes under a fixed name (photo_file_name).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

inline constexpr std::uintmax_t kMaxPhotoBytes = 5 * 1024 * 1024;

inline constexpr std::uintmax_t kMaxBibtexFileBytes = 1024 * 1024;

// Reads cv.person.photo.path into cv.person.photo (bytes and type), or reports why not at
// the path's position in `cv_path`.
void load_photo(Cv& cv, const std::filesystem::path& cv_path, Diagnostics& diagnostics);

// Reads and checks a picture (`what`: "photo", "thumbnail", "signature": the key that named
// it) from photo.path into `photo`, as load_photo does.
void load_picture(Photo& photo, const std::string& what, const std::filesystem::path& cv_path,
                  Diagnostics& diagnostics);

// Each paper's `thumbnail`, read and checked as the photo is, and each `bibtex` link that
// names a .bib file (is_local_bibtex) read into Publication::bibtex_file: a regular file of
// at most kMaxBibtexFileBytes inside cv.toml's folder, symbolic links resolved. After the
// .bib files are merged (an override's thumbnail and links count).
void load_paper_files(Cv& cv, const std::filesystem::path& cv_path, Diagnostics& diagnostics);

// A `bibtex` link to a file rather than a URL: no scheme, and a name ending in .bib.
bool is_local_bibtex(const Link& link);

// "png" or "jpeg" from a file's first bytes; empty for anything else.
std::string photo_type_of(const std::string& bytes);

// The name the photo is copied to in the TeX build folder: "mkcv-photo.png" or ".jpg".
std::string photo_file_name(const Photo& photo);

// data:image/png;base64,... for self-contained HTML.
std::string photo_data_uri(const Photo& photo);

}  // namespace mkcv
