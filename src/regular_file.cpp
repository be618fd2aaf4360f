#include "regular_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace mkcv {
namespace {

std::string size_text(std::uintmax_t bytes) {
    return bytes % (1024 * 1024) == 0 ? std::to_string(bytes / (1024 * 1024)) + " MiB"
                                      : std::to_string(bytes) + " bytes";
}

std::string open_error(int error) {
    switch (error) {
        case ENOENT:
            return "does not exist";
        case ELOOP:
            return "is a loop of symbolic links";
        case EACCES:
            return "cannot be read: permission denied";
        case ENOTDIR:
            return "does not exist (a part of its path is not a folder)";
        default:
            return std::string("cannot be read: ") + std::strerror(error);
    }
}

std::string kind_of(mode_t mode) {
    if (S_ISDIR(mode))
        return "is a directory, not a file";
    if (S_ISFIFO(mode))
        return "is a named pipe (FIFO), not a regular file";
    if (S_ISCHR(mode) || S_ISBLK(mode))
        return "is a device, not a regular file";
    if (S_ISSOCK(mode))
        return "is a socket, not a regular file";
    return "is not a regular file";
}

class Fd {
  public:
    explicit Fd(int fd) : fd_(fd) {}
    ~Fd() {
        if (fd_ >= 0)
            ::close(fd_);
    }
    Fd(const Fd&) = delete;
    Fd& operator=(const Fd&) = delete;
    int get() const { return fd_; }

  private:
    int fd_;
};

}  // namespace

std::string read_regular_file(const std::filesystem::path& path, std::uintmax_t max_bytes,
                              std::string& out) {
    out.clear();
    // O_NONBLOCK: opening a FIFO must not wait for a writer; the type is checked next.
    Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (fd.get() < 0)
        return open_error(errno);
    struct stat st {};
    if (::fstat(fd.get(), &st) != 0)
        return open_error(errno);
    if (!S_ISREG(st.st_mode))
        return kind_of(st.st_mode);
    if (static_cast<std::uintmax_t>(st.st_size) > max_bytes)
        return "is larger than " + size_text(max_bytes);
    // Read to the end, but never past the limit: the file may grow while it is read.
    out.resize(static_cast<std::size_t>(st.st_size));
    std::size_t have = 0;
    for (;;) {
        if (have == out.size()) {
            if (have > max_bytes) {
                out.clear();
                return "is larger than " + size_text(max_bytes);
            }
            out.resize(have + 4096);
        }
        const ssize_t n = ::read(fd.get(), out.data() + have, out.size() - have);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const int error = errno;
            out.clear();
            return std::string("cannot be read: ") + std::strerror(error);
        }
        if (n == 0)
            break;
        have += static_cast<std::size_t>(n);
    }
    out.resize(have);
    return "";
}

}  // namespace mkcv
