// Reading and writing whole files. Writes go to a temporary file in the same folder that is
// renamed over the target, so a crash or a full disk never leaves a half-written file where
// a good one was.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>

#include "util/result.h"

namespace mkcv {

// The largest input file mkcv reads (cv.toml, template.toml, template files): far above any
// CV, small enough that a wrong path such as a disk image fails at once.
inline constexpr std::uintmax_t kMaxInputFileBytes = 16 * 1024 * 1024;

// Reads a regular file whole into `out`. Returns "" on success, else why not, as a phrase
// that follows the file's name ("is a folder, not a file", "cannot be read: too many levels
// of symbolic links"): anything that is not a regular file (a folder, a FIFO, /dev/zero, a socket)
// is refused without blocking on it, as is a file larger than `max_bytes`; a symlink loop says so.
// Every reader of files goes through here.
std::string read_regular_file(const std::filesystem::path& path, std::string& out,
                              std::uintmax_t max_bytes = kMaxInputFileBytes);

// read_regular_file without a size limit (mkcv's own outputs, PDFs, logs), as a yes or no.
bool read_file(const std::filesystem::path& path, std::string& out);

// read_file for a file mkcv wrote itself (a build record, an output it compares, a cache
// entry): false when `path` is a symbolic link, which is never followed, or is larger than
// `max_bytes`. The folders above it are the caller's to check (util/state_folder.h).
bool read_own_file(const std::filesystem::path& path, std::string& out,
                   std::uintmax_t max_bytes = UINTMAX_MAX);

// Whether a write waits until its content is on disk (fsync) before the rename makes it the
// file's content, so that not even a power cut leaves an empty file in its place. Each wait
// costs milliseconds (7 ms seen on this project's CI machine, more than a whole HTML build
// besides): Synced for what people keep (a PDF, an HTML page, a .tex beside its PDF);
// Unsynced for mkcv's own records and scratch files, which are checked when read and made
// again when lost. Either way a crash of mkcv leaves the old file or the new one, whole.
enum class Durability : bool { Synced, Unsynced };

// Fails with an "io" diagnostic naming the file and the cause ("cannot write out/cv.tex: No
// space left on device"; a full disk or quota also gets a hint naming the folder). Every
// write, the fsync and the close are checked: the old file stays unless all succeeded.
// Synced also fsyncs the folder after the rename, so the new name survives a power cut.
// A target that exists as a device or a pipe (/dev/null, /dev/stdout) is written to
// directly, never replaced.
Result<> write_file_atomically(const std::filesystem::path& path, const std::string& content,
                               Durability durability = Durability::Synced);

// Whether content read from `from` may replace `to`: "" when it may, else the message of
// the failure (e.g. a PDF that TeX left cut short on a full disk: tex/pdf_file.h).
using ContentCheck = std::function<std::string(const std::string& content)>;

// Copies `from` over `to` atomically (copy to a temporary beside `to`, then rename), only
// when `check` (if any) passes the content: else fails ("io", naming `to`) and `to` stays.
Result<> replace_file_atomically(const std::filesystem::path& from, const std::filesystem::path& to,
                                 const ContentCheck& check = {});

// Whether `name` is one of the temporaries the writes above make (".cv.pdf.1a2b-3c4d-5e6f.tmp").
bool is_atomic_write_temporary(const std::string& name);

// Removes the temporaries a killed process left in `dir` (not below it). Only for a folder
// no other process writes into at the moment (see output_lock.h). Returns how many.
std::size_t remove_atomic_write_temporaries(const std::filesystem::path& dir);

}  // namespace mkcv
