#include "pipeline/git.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>

#include "cv/dates.h"
#include "util/file_io.h"
#include "util/process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// Through the one file reader: the repository sits in the user's folder, so a .git or
// HEAD that is a FIFO or a device must not block or flood mkcv.
std::optional<std::string> read_text(const fs::path& path) {
    std::string text;
    if (!read_regular_file(path, text).empty())
        return std::nullopt;
    return text;
}

std::string first_line(const std::string& text) {
    std::string line = text.substr(0, text.find('\n'));
    while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
        line.pop_back();
    return line;
}

bool is_object_id(const std::string& s) {
    return (s.size() == 40 || s.size() == 64) &&
           s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// The repository's git folder for `dir`, found as git finds it: the nearest .git upwards,
// a folder or (worktrees, submodules) a file saying "gitdir: PATH".
std::optional<fs::path> find_git_dir(fs::path dir) {
    std::error_code ec;
    for (;;) {
        const fs::path dot_git = dir / ".git";
        if (fs::is_directory(dot_git, ec))
            return dot_git;
        if (fs::is_regular_file(dot_git, ec)) {
            const auto text = read_text(dot_git);
            if (!text || text->rfind("gitdir: ", 0) != 0)
                return std::nullopt;
            const fs::path target = first_line(text->substr(8));
            return target.is_absolute() ? target : dir / target;
        }
        if (!dir.has_relative_path())
            return std::nullopt;
        dir = dir.parent_path();
    }
}

// A ref's commit id: a loose ref file, else a line of packed-refs.
std::optional<std::string> resolve_ref(const fs::path& git_dir, const fs::path& common_dir,
                                       const std::string& ref) {
    for (const auto& dir : {git_dir, common_dir})
        if (const auto text = read_text(dir / ref)) {
            const std::string id = first_line(*text);
            return is_object_id(id) ? std::optional(id) : std::nullopt;
        }
    const auto packed = read_text(common_dir / "packed-refs");
    if (!packed)
        return std::nullopt;
    std::istringstream lines(*packed);
    for (std::string line; std::getline(lines, line);) {
        const auto space = line.find(' ');
        if (space != std::string::npos && line.compare(space + 1, std::string::npos, ref) == 0 &&
            is_object_id(line.substr(0, space)))
            return line.substr(0, space);
    }
    return std::nullopt;
}

}  // namespace

std::optional<std::string> history_identity(const fs::path& file) {
    // These make git look somewhere else than the files below.
    for (const char* variable :
         {"GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_CEILING_DIRECTORIES",
          "GIT_DISCOVERY_ACROSS_FILESYSTEM", "GIT_OBJECT_DIRECTORY",
          "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_REPLACE_REF_BASE", "GIT_NO_REPLACE_OBJECTS",
          "GIT_GRAFT_FILE"})
        if (std::getenv(variable))
            return std::nullopt;
    std::error_code ec;
    const fs::path absolute = fs::absolute(file, ec);
    if (ec)
        return std::nullopt;
    const auto git_dir = find_git_dir(absolute.parent_path());
    if (!git_dir)
        return std::nullopt;
    fs::path common_dir = *git_dir;
    if (const auto common = read_text(*git_dir / "commondir")) {
        const fs::path target = first_line(*common);
        common_dir = target.is_absolute() ? target : *git_dir / target;
    }
    const auto head = read_text(*git_dir / "HEAD");
    if (!head)
        return std::nullopt;
    const std::string line = first_line(*head);
    std::optional<std::string> commit;
    if (line.rfind("ref: ", 0) == 0)
        commit = resolve_ref(*git_dir, common_dir, line.substr(5));
    else if (is_object_id(line))
        commit = line;
    if (!commit)
        return std::nullopt;
    // Replaced objects and grafts rewrite history without moving HEAD: leave those to git.
    if (fs::exists(common_dir / "refs" / "replace", ec) ||
        fs::exists(common_dir / "info" / "grafts", ec))
        return std::nullopt;
    std::string identity = *commit;
    if (const auto shallow = read_text(common_dir / "shallow"))
        identity += " shallow:" + std::to_string(std::hash<std::string>{}(*shallow));
    return identity;
}

std::optional<long long> last_commit_time(const fs::path& file) {
    ProcessSpec git;
    git.program = find_program("git");
    if (git.program.empty())
        return std::nullopt;
    std::error_code ec;
    const fs::path absolute = fs::absolute(file, ec);
    if (ec)
        return std::nullopt;
    // -C: ask about the repository holding the file, wherever mkcv runs from.
    git.args = {"-C", absolute.parent_path().string(), "log", "-1", "--format=%ct",
                "--", absolute.filename().string()};
    const ProcessOutcome outcome = run_process(git);
    if (outcome.status != ProcessOutcome::Status::Exited || outcome.exit_code != 0)
        return std::nullopt;
    std::string text = outcome.output;
    // One line; its line break is not part of the number.
    text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
    return parse_epoch_seconds(text);
}

}  // namespace mkcv
