// Files cv.toml names (the photo, thumbnails, per-paper .bib files, `bibliography`) are read
// only from inside cv.toml's folder: a cloned CV is data, and must not make mkcv read, print
// and publish a file elsewhere on the machine (a key, another user's notes). A path is
// relative, and resolved with its symbolic links it stays inside the folder.
#pragma once

#include <filesystem>
#include <string>

namespace mkcv {

// Why a path written in cv.toml cannot be used, if it cannot.
enum class PathProblem { None, Absolute, NoFolder, Unreadable, Outside };

// `written`, a path relative to cv.toml's folder, resolved (symbolic links too) and checked
// to stay inside it; `problem` says why not (`error` has the system's words for Unreadable).
std::filesystem::path inside_cv_folder(const std::filesystem::path& cv_path,
                                       const std::string& written, PathProblem& problem,
                                       std::string& error);

}  // namespace mkcv
