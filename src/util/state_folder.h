// mkcv's own folder inside an output folder, <out>/.mkcv: the build folders
// (<stem>-<name>/, where TeX writes), the build records, the precompiled preambles, the
// source-date cache and the lock. mkcv makes everything in it, so anything there it could not
// have made (committed by mistake, restored from a CI cache, planted in a pull request) is
// refused rather than followed: a symbolic link would send TeX's writes, the lock's pid and
// the cleaning of a build folder to wherever it points.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <sys/types.h>

namespace mkcv {

// <out>/.mkcv
std::filesystem::path state_folder(const std::filesystem::path& out_dir);

// A path mkcv will not follow or write, and why, as a phrase that follows it ("is a
// symbolic link").
struct UnsafePath {
    std::filesystem::path path;
    std::string why;
};

// What a file of type `mode` (st_mode of lstat) is, as that phrase: "is a symbolic link",
// "is a folder", "is a pipe (FIFO)", "is a device", "is a socket".
std::string describe_file_type(mode_t mode);

// Everything in the state folder that mkcv did not make: the folder itself when it is a
// symbolic link or not a folder; in it, and in each folder in it (the build folders), a
// symbolic link, a pipe, a device, a socket, or a file with other hard links (TeX writes
// its files in place, which would write the other names too). Sorted by path; empty when
// there is none, or no state folder yet. Looks only (lstat, through folder descriptors
// opened with O_NOFOLLOW): never blocks, follows nothing.
std::vector<UnsafePath> state_folder_problems(const std::filesystem::path& out_dir);

// Why an output (out/cv-long.pdf, beside the state folder) cannot be replaced by a rename:
// nothing when it is absent, a regular file, or a symbolic link to a regular file or to
// nothing (the rename replaces the link itself and leaves its target as it was); else the
// reason (a folder, a pipe, a link to a device ...).
std::optional<UnsafePath> output_file_problem(const std::filesystem::path& path);

// Why mkcv may not read or replace `path`, a file it keeps beside the user's (.gitignore):
// nothing when it is absent or a regular file; else the reason (a symbolic link is never
// followed, whatever it points to).
std::optional<UnsafePath> own_file_problem(const std::filesystem::path& path);

}  // namespace mkcv
