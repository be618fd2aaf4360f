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

// Reads cv.person.photo.path into cv.person.photo (bytes and type), or reports why not at
// the path's position in `cv_path`.
void load_photo(Cv& cv, const std::filesystem::path& cv_path, Diagnostics& diagnostics);

// "png" or "jpeg" from a file's first bytes; empty for anything else.
std::string photo_type_of(const std::string& bytes);

// The name the photo is copied to in the TeX build folder: "mkcv-photo.png" or ".jpg".
std::string photo_file_name(const Photo& photo);

// data:image/png;base64,... for self-contained HTML.
std::string photo_data_uri(const Photo& photo);

}  // namespace mkcv
