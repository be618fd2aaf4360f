#include "util/file_io.h"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <boost/filesystem/operations.hpp>
#include <boost/filesystem/path.hpp>

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// A fresh name beside `target`, so the final rename stays on one file system.
fs::path temporary_beside(const fs::path& target) {
    const boost::filesystem::path model =
        boost::filesystem::path(target.string()).parent_path() /
        ("." + target.filename().string() + ".%%%%-%%%%-%%%%.tmp");
    return fs::path(boost::filesystem::unique_path(model).string());
}

std::string describe_errno(const std::string& what, const fs::path& path) {
    return what + " " + path.string() + ": " + std::strerror(errno);
}

// An "io" failure of writing `path`, with `error` (an errno value) saying why: a full disk
// or quota says which folder is out of room.
Failure write_failure(const fs::path& path, const std::string& message, int error) {
    Failure failure = io_failure(path.string(), message);
    if (error == ENOSPC || error == EDQUOT) {
        const fs::path folder = path.parent_path().empty() ? fs::path(".") : path.parent_path();
        failure.diagnostic.hint = "the disk that holds " + folder.string() +
                                  " is full: free some space there and build again";
    }
    return failure;
}

// After a rename, the folder's entry is on disk only once the folder is synced. A failure
// here cannot bring the old file back (the rename is done and the content was synced), and
// some file systems cannot sync a folder at all: it is not an error.
void sync_folder_of(const fs::path& path) {
    const fs::path folder = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return;
    (void)::fsync(fd);
    ::close(fd);
}

}  // namespace

namespace {

// strerror as the end of a sentence: "cannot be read: too many levels of symbolic links".
std::string cannot_read(int error) {
    std::string out = std::strerror(error);
    if (!out.empty() && out[0] >= 'A' && out[0] <= 'Z')
        out[0] = static_cast<char>(out[0] - 'A' + 'a');
    return "cannot be read: " + out;
}

}  // namespace

namespace {

// read_regular_file, with `extra_flags` for open (O_NOFOLLOW).
std::string read_regular(const fs::path& path, std::string& out, std::uintmax_t max_bytes,
                         int extra_flags) {
    out.clear();
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. It is
    // refused below anyway, and has no effect on regular files.
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | extra_flags);
    if (fd < 0)
        return cannot_read(errno);  // ENOENT, EACCES, ELOOP ("too many levels of ...")
    // Checked on the opened file, not the name, so the file cannot be swapped in between.
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        const std::string error = cannot_read(errno);
        ::close(fd);
        return error;
    }
    auto refuse = [&](std::string why) {
        ::close(fd);
        return why;
    };
    if (S_ISDIR(info.st_mode))
        return refuse("is a folder, not a file");
    if (!S_ISREG(info.st_mode))
        return refuse(S_ISFIFO(info.st_mode)   ? "is a pipe (FIFO), not a regular file"
                      : S_ISCHR(info.st_mode)  ? "is a device, not a regular file"
                      : S_ISBLK(info.st_mode)  ? "is a device, not a regular file"
                      : S_ISSOCK(info.st_mode) ? "is a socket, not a regular file"
                                               : "is not a regular file");
    auto too_large = [&] {
        return "is larger than " + std::to_string(max_bytes / (1024 * 1024)) + " MiB (" +
               std::to_string(max_bytes) + " bytes), the most mkcv reads";
    };
    if (static_cast<std::uintmax_t>(info.st_size) > max_bytes)
        return refuse(too_large());
    // Read to the end rather than st_size bytes: the file may grow meanwhile, but never
    // beyond the limit.
    out.resize(static_cast<std::size_t>(info.st_size));
    std::size_t have = 0;
    for (;;) {
        if (have == out.size()) {
            if (out.size() >= max_bytes && max_bytes != UINTMAX_MAX) {
                char probe;
                const ssize_t more = ::read(fd, &probe, 1);
                if (more > 0) {
                    out.clear();
                    return refuse(too_large());
                }
                if (more == 0)
                    break;
                if (errno == EINTR)
                    continue;
                out.clear();
                return refuse(cannot_read(errno));
            }
            out.resize(
                std::min<std::uintmax_t>(std::max<std::size_t>(out.size() * 2, 4096), max_bytes));
        }
        const ssize_t got = ::read(fd, out.data() + have, out.size() - have);
        if (got == 0)
            break;
        if (got < 0) {
            if (errno == EINTR)
                continue;
            const std::string error = cannot_read(errno);
            out.clear();
            return refuse(error);
        }
        have += static_cast<std::size_t>(got);
    }
    out.resize(have);
    ::close(fd);
    return "";
}

}  // namespace

std::string read_regular_file(const fs::path& path, std::string& out, std::uintmax_t max_bytes) {
    return read_regular(path, out, max_bytes, 0);
}

bool read_file(const fs::path& path, std::string& out) {
    return read_regular_file(path, out, UINTMAX_MAX).empty();
}

bool read_own_file(const fs::path& path, std::string& out, std::uintmax_t max_bytes) {
    return read_regular(path, out, max_bytes, O_NOFOLLOW).empty();
}

namespace {

// All of `content` to `fd`; false on an error (errno says which).
bool write_all(int fd, const std::string& content) {
    const char* data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    return true;
}

}  // namespace

Result<> write_file_atomically(const fs::path& path, const std::string& content,
                               Durability durability) {
    // A rename over a device or a pipe (`-o /dev/null`, `-o /dev/stdout` into a pipe) would
    // replace it with a regular file: as root, /dev/null itself. Those are written to
    // directly; nothing half-written can stay in them.
    struct stat target {};
    if (::stat(path.c_str(), &target) == 0 && !S_ISREG(target.st_mode)) {
        if (S_ISDIR(target.st_mode))
            return io_failure(path.string(), "cannot write " + path.string() + ": it is a folder");
        if (!S_ISCHR(target.st_mode) && !S_ISFIFO(target.st_mode))
            return io_failure(path.string(),
                              "cannot write " + path.string() + ": it is not a regular file");
        const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
        if (fd < 0)
            return io_failure(path.string(), describe_errno("cannot open", path));
        if (!write_all(fd, content)) {
            const int error = errno;
            const std::string message = describe_errno("cannot write", path);
            ::close(fd);
            return write_failure(path, message, error);
        }
        ::close(fd);
        return {};
    }
    const fs::path temporary = temporary_beside(path);
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        // The file people know, not its temporary.
        return io_failure(path.string(), describe_errno("cannot write", path));
    if (!write_all(fd, content)) {
        const int error = errno;
        const std::string message = describe_errno("cannot write", path);
        ::close(fd);
        ::unlink(temporary.c_str());
        return write_failure(path, message, error);
    }
    // The data must be on disk before the rename makes it the file's content.
    const bool synced = durability == Durability::Unsynced || ::fsync(fd) == 0;
    const int sync_errno = errno;
    const bool closed = ::close(fd) == 0;
    if (!synced || !closed) {
        if (!synced)
            errno = sync_errno;
        const int error = errno;
        const std::string message = describe_errno("cannot write", path);
        ::unlink(temporary.c_str());
        return write_failure(path, message, error);
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string error = describe_errno("cannot replace", path);
        ::unlink(temporary.c_str());
        return io_failure(path.string(), error);
    }
    if (durability == Durability::Synced)
        sync_folder_of(path);
    return {};
}

Result<> replace_file_atomically(const fs::path& from, const fs::path& to,
                                 const ContentCheck& check) {
    std::string content;
    if (!read_file(from, content))
        return io_failure(from.string(), describe_errno("cannot read", from));
    if (check)
        if (std::string why = check(content); !why.empty())
            return io_failure(to.string(), std::move(why));
    return write_file_atomically(to, content);
}

bool is_atomic_write_temporary(const std::string& name) {
    // "." + target + "." + 4 hex "-" 4 hex "-" 4 hex + ".tmp", as temporary_beside makes them.
    constexpr std::size_t kTail = 1 + 14 + 4;  // ".xxxx-xxxx-xxxx.tmp"
    if (name.size() < 2 + kTail || name[0] != '.' || name.compare(name.size() - 4, 4, ".tmp") != 0)
        return false;
    const std::string random = name.substr(name.size() - kTail, kTail - 4);
    if (random[0] != '.')
        return false;
    for (std::size_t i = 1; i < random.size(); ++i) {
        const char c = random[i];
        const bool dash = i == 5 || i == 10;
        if (dash ? c != '-' : !std::isxdigit(static_cast<unsigned char>(c)))
            return false;
    }
    return true;
}

std::size_t remove_atomic_write_temporaries(const fs::path& dir) {
    std::size_t removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code type_error;
        if (is_atomic_write_temporary(it->path().filename().string()) &&
            it->is_regular_file(type_error) && fs::remove(it->path(), type_error))
            ++removed;
    }
    return removed;
}

}  // namespace mkcv
