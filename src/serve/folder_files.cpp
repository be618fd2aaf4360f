#include "serve/folder_files.h"

#include <cerrno>
#include <memory>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace mkcv {
namespace {

// O_NONBLOCK: opening a FIFO would otherwise wait for a writer (it is refused after fstat).
constexpr int kOpenName = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;

class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    ~Fd() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    int get() const { return fd_; }

  private:
    int fd_;
};

FolderFile missing() {
    return {};
}

// Reads the regular file open on `fd` whole, or says why not.
FolderFile read_open_file(const Fd& fd, const struct stat& info, std::string name) {
    FolderFile file;
    file.name = std::move(name);
    if (!S_ISREG(info.st_mode) || info.st_nlink != 1)
        return missing();
    if (static_cast<std::uintmax_t>(info.st_size) > kMaxServedFileBytes)
        return {FolderFile::Status::Failed, file.name, {}};
    std::string bytes(static_cast<std::size_t>(info.st_size), '\0');
    std::size_t have = 0;
    // The file may shrink or grow while it is read; never beyond the bound.
    for (;;) {
        if (have == bytes.size()) {
            if (bytes.size() >= kMaxServedFileBytes)
                break;
            bytes.resize(std::min<std::size_t>(std::max<std::size_t>(bytes.size() * 2, 4096),
                                               kMaxServedFileBytes));
        }
        const ssize_t got = ::read(fd.get(), bytes.data() + have, bytes.size() - have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return {FolderFile::Status::Failed, file.name, {}};
        if (got == 0)
            break;
        have += static_cast<std::size_t>(got);
    }
    bytes.resize(have);
    file.status = FolderFile::Status::Found;
    file.bytes = std::move(bytes);
    return file;
}

}  // namespace

FolderFile read_folder_file(const std::filesystem::path& root, const RequestPath& path) {
    // The root is never followed either: `site` refuses a `_site` that is a link, and serve
    // must not serve what a cloned checkout's link points at.
    // (A trailing slash would make open follow the link: "_site/" is opened as "_site".)
    const std::filesystem::path folder = root.has_filename() ? root : root.parent_path();
    auto dir = std::make_unique<Fd>(
        ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (dir->get() < 0)
        return missing();
    for (std::size_t i = 0; i < path.segments.size(); ++i) {
        const bool last = i + 1 == path.segments.size();
        auto next = std::make_unique<Fd>(::openat(dir->get(), path.segments[i].c_str(),
                                                  last ? kOpenName : kOpenName | O_DIRECTORY));
        if (next->get() < 0)
            return missing();  // ENOENT, ELOOP (a symbolic link), ENOTDIR, EACCES
        dir = std::move(next);
    }
    // `dir` is now what the path names: a folder (serve its index.html) or a file.
    struct stat info {};
    if (::fstat(dir->get(), &info) != 0)
        return missing();
    if (!S_ISDIR(info.st_mode)) {
        // "/cv.pdf/" names a folder; a file is not one.
        if (path.folder)
            return missing();
        return read_open_file(*dir, info, path.segments.back());
    }
    if (!path.folder)
        return {FolderFile::Status::Folder, {}, {}};
    const Fd index(::openat(dir->get(), "index.html", kOpenName));
    if (index.get() < 0 || ::fstat(index.get(), &info) != 0)
        return missing();
    return read_open_file(index, info, "index.html");
}

}  // namespace mkcv
