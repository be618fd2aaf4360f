// Reading a file the user named, when it must be an ordinary file of bounded size: a
// directory, a FIFO (which would block), a device such as /dev/zero (which never ends), a
// socket or a symbolic-link loop is refused with a message saying which it is.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

namespace mkcv {

// Reads all of `path` into `out`. Returns "" on success, else why not, as a phrase that
// follows the path: "is a directory", "is larger than 64 MiB", "does not exist" …
std::string read_regular_file(const std::filesystem::path& path, std::uintmax_t max_bytes,
                              std::string& out);

}  // namespace mkcv
