#include "util/state_folder.h"

#include <algorithm>
#include <cerrno>
#include <utility>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mkcv {
namespace {

constexpr int kOpenFolder = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;

// Adds to `problems` each entry of the folder `fd` (closed here), shown as `shown`, that mkcv
// did not make; the folders in it are looked into when `depth` is 0 (build folders), and
// what is deeper is removed by the build as it is, never followed (build_state.h).
void scan(int fd, const fs::path& shown, int depth, std::vector<UnsafePath>& problems) {
    DIR* dir = ::fdopendir(fd);
    if (!dir) {
        ::close(fd);
        return;
    }
    std::vector<std::pair<int, fs::path>> folders;
    while (const dirent* entry = ::readdir(dir)) {
        const std::string name = entry->d_name;
        if (name == "." || name == "..")
            continue;
        struct stat info {};
        if (::fstatat(::dirfd(dir), name.c_str(), &info, AT_SYMLINK_NOFOLLOW) != 0)
            continue;  // gone meanwhile
        const fs::path path = shown / name;
        if (S_ISDIR(info.st_mode)) {
            if (depth == 0)
                if (const int sub = ::openat(::dirfd(dir), name.c_str(), kOpenFolder); sub >= 0)
                    folders.emplace_back(sub, path);
            continue;
        }
        if (S_ISREG(info.st_mode)) {
            if (info.st_nlink > 1)
                problems.push_back({path, "has other hard links (each file mkcv makes has one)"});
            continue;
        }
        problems.push_back({path, describe_file_type(info.st_mode)});
    }
    ::closedir(dir);
    for (const auto& [sub, path] : folders)
        scan(sub, path, depth + 1, problems);
}

}  // namespace

fs::path state_folder(const fs::path& out_dir) {
    return out_dir / ".mkcv";
}

std::string describe_file_type(mode_t mode) {
    if (S_ISLNK(mode))
        return "is a symbolic link";
    if (S_ISDIR(mode))
        return "is a folder";
    if (S_ISREG(mode))
        return "is a file";
    if (S_ISFIFO(mode))
        return "is a pipe (FIFO)";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device";
    if (S_ISSOCK(mode))
        return "is a socket";
    return "is not a regular file";
}

std::vector<UnsafePath> state_folder_problems(const fs::path& out_dir) {
    const fs::path folder = state_folder(out_dir);
    struct stat info {};
    if (::lstat(folder.c_str(), &info) != 0)
        return {};  // not made yet
    if (!S_ISDIR(info.st_mode))
        return {{folder, describe_file_type(info.st_mode) + ", not a folder"}};
    const int fd = ::open(folder.c_str(), kOpenFolder);
    if (fd < 0) {
        if (errno == ELOOP || errno == ENOTDIR)  // replaced since the lstat
            return {{folder, "is not a folder"}};
        return {};  // unreadable: the build's own writes say why
    }
    std::vector<UnsafePath> problems;
    scan(fd, folder, 0, problems);
    std::sort(problems.begin(), problems.end(), [](const UnsafePath& a, const UnsafePath& b) {
        return a.path.string() < b.path.string();
    });
    return problems;
}

std::optional<UnsafePath> output_file_problem(const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode))
        return std::nullopt;
    if (S_ISLNK(info.st_mode)) {
        struct stat target {};
        if (::stat(path.c_str(), &target) != 0 || S_ISREG(target.st_mode))
            return std::nullopt;  // the rename replaces the link
        return UnsafePath{path, "is a symbolic link to something that " +
                                    describe_file_type(target.st_mode) + ", not a file"};
    }
    return UnsafePath{path, describe_file_type(info.st_mode) + ", not a regular file"};
}

std::optional<UnsafePath> own_file_problem(const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0 || S_ISREG(info.st_mode))
        return std::nullopt;
    if (S_ISLNK(info.st_mode))
        return UnsafePath{path, "is a symbolic link"};
    return UnsafePath{path, describe_file_type(info.st_mode) + ", not a regular file"};
}

}  // namespace mkcv
