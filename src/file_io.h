// Reading and writing whole files. Writes go to a temporary file in the same folder that is
// renamed over the target, so a crash or a full disk never leaves a half-written file where
// a good one was.
#pragma once

#include <filesystem>
#include <string>

namespace mkcv {

bool read_file(const std::filesystem::path& path, std::string& out);

// Returns an empty string on success, else what went wrong.
std::string write_file_atomically(const std::filesystem::path& path, const std::string& content);

// Copies `from` over `to` atomically (copy to a temporary beside `to`, then rename).
std::string replace_file_atomically(const std::filesystem::path& from,
                                    const std::filesystem::path& to);

}  // namespace mkcv
