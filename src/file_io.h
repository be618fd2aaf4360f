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

// Whether `name` is one of the temporaries the writes above make (".cv.pdf.1a2b-3c4d-5e6f.tmp").
bool is_atomic_write_temporary(const std::string& name);

// Removes the temporaries a killed process left in `dir` (not below it). Only for a folder
// no other process writes into at the moment (see output_lock.h). Returns how many.
std::size_t remove_atomic_write_temporaries(const std::filesystem::path& dir);

}  // namespace mkcv
