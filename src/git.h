// Asking git about the CV's history. Starts a process (Boost.Process), like latexmk.cpp,
// and is kept as small: one question, answered or not.
#pragma once

#include <filesystem>
#include <optional>

namespace mkcv {

// The time (seconds since 1970) of the last commit that touched `file`; empty when git is
// missing, the file is not in a git work tree, or it was never committed.
std::optional<long long> last_commit_time(const std::filesystem::path& file);

}  // namespace mkcv
