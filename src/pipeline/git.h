// Asking git about the CV's history. last_commit_time starts git (util/process.h);
// head_commit reads the repository's files and starts nothing, so a build can
// tell cheaply whether an answer it kept is still right.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace mkcv {

// The time (seconds since 1970) of the last commit that touched `file`; empty when git is
// missing, the file is not in a git work tree, or it was never committed. git runs with a
// git folder of mkcv's own that borrows the repository's objects and none of its settings
// (the folder is untrusted: its config can run programs), at most 10 seconds.
std::optional<long long> last_commit_time(const std::filesystem::path& file);

// What the history git sees from `file`'s folder depends on: the repository's HEAD commit
// id, and the shallow-clone boundary if any. Read from the .git files, without running git;
// empty whenever that is not certain (no repository, an unborn branch, GIT_* variables that
// point git elsewhere, a ref format this does not read), and then callers ask git.
std::optional<std::string> history_identity(const std::filesystem::path& file);

// Of `files`, those inside the git work tree of `cv_path` that its HEAD commit does not hold
// (untracked, ignored, or added but not committed): what a fresh clone, as CI makes it, lacks.
// Files outside the work tree (the built-in templates of an installed mkcv) are not asked
// about. Empty when there is no repository, no git, or git cannot tell; git runs as for
// last_commit_time, with none of the repository's settings. The answer is kept in `cache`
// (a file of the output's state folder) while the history and the files asked about are the
// same, so a no-op `mkcv check` starts no git.
std::vector<std::filesystem::path> files_not_committed(
    const std::filesystem::path& cv_path, const std::vector<std::filesystem::path>& files,
    const std::filesystem::path& cache);

}  // namespace mkcv
