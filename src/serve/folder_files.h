// A file of the served folder, read for one request. Each name of the path is opened
// below the one before it (openat) with O_NOFOLLOW, so a symbolic link anywhere on the way,
// even one that points back inside, is refused, and no rename between the check and the
// read can send it elsewhere. Only regular files with no other hard link are read, within a
// size bound; a folder serves its index.html or nothing (no listings).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "serve/request_path.h"

namespace mkcv {

// Larger files are not served (a PDF with every font embedded is a few MiB).
inline constexpr std::uintmax_t kMaxServedFileBytes = 64 * 1024 * 1024;

struct FolderFile {
    enum class Status {
        Found,
        Missing,  // nothing there, a folder without index.html, or refused (above)
        Failed,   // there but unreadable (an I/O error), or too large
        Folder,   // a folder named without its final "/" ("/papers"): a redirect to "/papers/"
    };
    Status status = Status::Missing;
    std::string name;   // the file's own name: the last segment, or "index.html"
    std::string bytes;  // Found only
};

// `path` inside `root` (the folder itself is the user's: opened as named on the command
// line). The root folder's "/" is its index.html too; whether to make one up when it has
// none is the server's business.
FolderFile read_folder_file(const std::filesystem::path& root, const RequestPath& path);

}  // namespace mkcv
