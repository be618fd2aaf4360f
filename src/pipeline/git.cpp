#include "pipeline/git.h"

#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>
#include <string>

#include <stdlib.h>  // mkdtemp

#include "cv/dates.h"
#include "util/digest.h"
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

// The repository's git folder for `dir`, found as git finds it, and its work tree's top `top`: the
// nearest .git upwards, a folder or (worktrees, submodules) a file saying "gitdir: PATH".
std::optional<fs::path> find_git_dir(fs::path dir, fs::path& top) {
    std::error_code ec;
    for (;;) {
        const fs::path dot_git = dir / ".git";
        top = dir;
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

// Where a file's repository is, read from its files: the git folder, the folder it shares
// objects and refs with (worktrees), the top of the work tree, and HEAD's commit.
struct Repository {
    fs::path git_dir;
    fs::path common_dir;
    fs::path top;
    std::string head;
};

// Empty whenever the reading is not certain (see git.h history_identity).
std::optional<Repository> locate_repository(const fs::path& file) {
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
    Repository repo;
    const auto git_dir = find_git_dir(absolute.parent_path(), repo.top);
    if (!git_dir)
        return std::nullopt;
    repo.git_dir = *git_dir;
    repo.common_dir = *git_dir;
    if (const auto common = read_text(*git_dir / "commondir")) {
        const fs::path target = first_line(*common);
        repo.common_dir = target.is_absolute() ? target : *git_dir / target;
    }
    const auto head = read_text(*git_dir / "HEAD");
    if (!head)
        return std::nullopt;
    const std::string line = first_line(*head);
    std::optional<std::string> commit;
    if (line.rfind("ref: ", 0) == 0)
        commit = resolve_ref(*git_dir, repo.common_dir, line.substr(5));
    else if (is_object_id(line))
        commit = line;
    if (!commit)
        return std::nullopt;
    // Replaced objects and grafts rewrite history without moving HEAD: leave those to git.
    if (fs::exists(repo.common_dir / "refs" / "replace", ec) ||
        fs::exists(repo.common_dir / "info" / "grafts", ec))
        return std::nullopt;
    repo.head = *commit;
    return repo;
}

// A git folder of mkcv's own that borrows the repository's objects (objects/info/alternates)
// and knows nothing else of it. The repository's folder is as untrusted as cv.toml, and its
// .git/config can make `git log` run programs (gpg.program with log.showSignature and a
// signed commit, core.fsmonitor …); git reads no config of the repository here, so the only
// settings are ours (an allow-list), not a list of dangerous keys to switch off.
class BorrowedGitDir {
  public:
    explicit BorrowedGitDir(const Repository& repo) {
        std::error_code ec;
        std::string pattern = (fs::temp_directory_path(ec) / "mkcv-git.XXXXXX").string();
        if (ec || !::mkdtemp(pattern.data()))
            return;
        dir_ = pattern;
        const bool sha256 = repo.head.size() == 64;
        fs::create_directories(dir_ / "objects" / "info", ec);
        fs::create_directories(dir_ / "refs", ec);
        ok_ =
            !ec && write_file_atomically(dir_ / "HEAD", repo.head + "\n", kScratch).has_value() &&
            write_file_atomically(dir_ / "config",
                                  sha256 ? "[core]\n\trepositoryformatversion = 1\n\tbare = true\n"
                                           "[extensions]\n\tobjectformat = sha256\n"
                                         : "[core]\n\trepositoryformatversion = 0\n\tbare = true\n",
                                  kScratch)
                .has_value() &&
            write_file_atomically(dir_ / "objects" / "info" / "alternates",
                                  fs::absolute(repo.common_dir / "objects", ec).string() + "\n",
                                  kScratch)
                .has_value();
        // A shallow clone's boundary, so git does not look for parents it does not have.
        if (const auto shallow = read_text(repo.common_dir / "shallow"))
            ok_ = ok_ && write_file_atomically(dir_ / "shallow", *shallow, kScratch).has_value();
    }
    ~BorrowedGitDir() {
        std::error_code ec;
        if (!dir_.empty())
            fs::remove_all(dir_, ec);
    }
    BorrowedGitDir(const BorrowedGitDir&) = delete;
    BorrowedGitDir& operator=(const BorrowedGitDir&) = delete;

    bool ok() const { return ok_; }
    const fs::path& path() const { return dir_; }

  private:
    // Made for one git run and removed after it: nothing to keep through a power cut.
    static constexpr Durability kScratch = Durability::Unsynced;
    fs::path dir_;
    bool ok_ = false;
};

// git log -1 --format=%ct: the committer time, one line.
std::optional<long long> commit_time_of(ProcessSpec& git) {
    // A repository is local, and one log takes milliseconds; a hostile one (a huge history,
    // an alternates loop) must not hold the build.
    git.timeout = std::chrono::seconds(10);
    const ProcessOutcome outcome = run_process(git);
    if (outcome.status != ProcessOutcome::Status::Exited || outcome.exit_code != 0)
        return std::nullopt;
    std::string text = outcome.output;
    // One line; its line break is not part of the number.
    text.erase(std::remove(text.begin(), text.end(), '\n'), text.end());
    return parse_epoch_seconds(text);
}

}  // namespace

std::optional<std::string> history_identity(const fs::path& file) {
    const auto repo = locate_repository(file);
    if (!repo)
        return std::nullopt;
    std::string identity = repo->head;
    if (const auto shallow = read_text(repo->common_dir / "shallow"))
        identity += " shallow:" + std::to_string(std::hash<std::string>{}(*shallow));
    return identity;
}

std::vector<fs::path> files_not_committed(const fs::path& cv_path,
                                          const std::vector<fs::path>& files,
                                          const fs::path& cache) {
    std::vector<fs::path> missing;
    ProcessSpec git;
    git.program = find_program("git");
    const auto repo = git.program.empty() ? std::nullopt : locate_repository(cv_path);
    if (!repo)
        return missing;
    std::error_code ec;
    const fs::path top = fs::weakly_canonical(repo->top, ec);
    if (ec)
        return missing;
    // Each file's path in the commit's tree, for those inside the work tree.
    std::vector<std::pair<fs::path, std::string>> asked;
    for (const fs::path& file : files) {
        const fs::path resolved = fs::weakly_canonical(fs::absolute(file, ec), ec);
        if (ec)
            continue;
        const fs::path in_tree = resolved.lexically_relative(top).lexically_normal();
        if (in_tree.empty() || *in_tree.begin() == ".." || in_tree.is_absolute())
            continue;
        asked.emplace_back(file, in_tree.generic_string());
    }
    if (asked.empty() || asked.size() > 4096)
        return missing;
    // The kept answer: the history's identity and the names asked, then the names missing,
    // each ended by a NUL (a file name may hold a line break).
    const auto identity = history_identity(cv_path);
    std::string key;
    if (identity) {
        std::string names;
        for (const auto& [file, name] : asked)
            names += name + '\0';
        key = "mkcv-uncommitted 1 " + digest_of(*identity + '\0' + names) + "\n";
    }
    const auto answer = [&](const std::set<std::string>& absent) {
        for (const auto& [file, name] : asked)
            if (absent.count(name))
                missing.push_back(file);
        return missing;
    };
    const auto names_in = [](std::string_view text) {
        std::set<std::string> names;
        for (std::size_t start = 0; start < text.size();) {
            const std::size_t end = text.find('\0', start);
            names.insert(std::string(text.substr(start, end - start)));
            if (end == std::string_view::npos)
                break;
            start = end + 1;
        }
        return names;
    };
    std::string kept;
    if (!key.empty() && read_own_file(cache, kept, 1024 * 1024) && kept.rfind(key, 0) == 0)
        return answer(names_in(std::string_view(kept).substr(key.size())));
    BorrowedGitDir borrowed(*repo);
    if (!borrowed.ok())
        return missing;
    git.work_dir = borrowed.path();
    git.args = {"--git-dir=" + borrowed.path().string(),
                "ls-tree",
                "-r",
                "-z",
                "--name-only",
                repo->head,
                "--"};
    for (const auto& [file, name] : asked)
        git.args.push_back(":(top,literal)" + name);
    git.timeout = std::chrono::seconds(10);
    const ProcessOutcome outcome = run_process(git);
    if (outcome.status != ProcessOutcome::Status::Exited || outcome.exit_code != 0)
        return missing;
    const std::set<std::string> held = names_in(outcome.output);
    std::set<std::string> absent;
    std::string record = key;
    for (const auto& [file, name] : asked)
        if (!held.count(name) && absent.insert(name).second)
            record += name + '\0';
    // Losing the record costs one git run next time.
    if (!key.empty())
        write_file_atomically(cache, record, Durability::Unsynced).ignore();
    return answer(absent);
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
    const auto repo = locate_repository(file);
    if (!repo) {
        // GIT_DIR and friends are the user's own choice of repository, in the environment
        // mkcv was started with: git goes where they point, as before.
        if (!std::getenv("GIT_DIR") && !std::getenv("GIT_WORK_TREE") &&
            !std::getenv("GIT_COMMON_DIR") && !std::getenv("GIT_OBJECT_DIRECTORY"))
            return std::nullopt;
        git.args = {"-C", absolute.parent_path().string(), "log", "-1", "--format=%ct",
                    "--", absolute.filename().string()};
        return commit_time_of(git);
    }
    // The file's path in the commit's tree: from the work tree's top, both resolved as git
    // resolves its working folder.
    const fs::path top = fs::weakly_canonical(repo->top, ec);
    const fs::path folder = fs::weakly_canonical(absolute.parent_path(), ec);
    if (ec)
        return std::nullopt;
    const fs::path in_tree =
        (folder.lexically_relative(top) / absolute.filename()).lexically_normal();
    if (in_tree.empty() || *in_tree.begin() == "..")
        return std::nullopt;
    BorrowedGitDir borrowed(*repo);
    if (!borrowed.ok())
        return std::nullopt;
    git.work_dir = borrowed.path();
    git.args = {
        "--git-dir=" + borrowed.path().string(),    "log", "-1", "--format=%ct", repo->head, "--",
        ":(top,literal)" + in_tree.generic_string()};
    return commit_time_of(git);
}

}  // namespace mkcv
