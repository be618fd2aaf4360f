#include "file_io.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include <fcntl.h>
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

}  // namespace

bool read_file(const fs::path& path, std::string& out) {
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return false;
    // Read in one piece where the size is known (a stream buffer copies twice); files that
    // have no size (pipes) are read to their end.
    std::error_code ec;
    const auto size = fs::file_size(path, ec);
    if (!ec && fs::is_regular_file(path, ec)) {
        out.resize(static_cast<std::size_t>(size));
        in.read(out.data(), static_cast<std::streamsize>(size));
        out.resize(static_cast<std::size_t>(in.gcount()));
        if (in.bad())
            return false;
        in.clear();
    } else {
        out.clear();
    }
    std::ostringstream rest;
    rest << in.rdbuf();  // what was added since, or all of a pipe
    out += rest.str();
    return !in.bad();
}

std::string write_file_atomically(const fs::path& path, const std::string& content) {
    const fs::path temporary = temporary_beside(path);
    const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    // Errors name the file being written, not its temporary: that is the one people know.
    if (fd < 0)
        return describe_errno("cannot write", path);
    const char* data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            const std::string error = describe_errno("cannot write", path);
            ::close(fd);
            ::unlink(temporary.c_str());
            return error;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    // The data must be on disk before the rename makes it the file's content.
    const bool synced = ::fsync(fd) == 0;
    const int sync_errno = errno;
    const bool closed = ::close(fd) == 0;
    if (!synced || !closed) {
        if (!synced)
            errno = sync_errno;
        const std::string error = describe_errno("cannot write", path);
        ::unlink(temporary.c_str());
        return error;
    }
    if (::rename(temporary.c_str(), path.c_str()) != 0) {
        const std::string error = describe_errno("cannot replace", path);
        ::unlink(temporary.c_str());
        return error;
    }
    return "";
}

std::string replace_file_atomically(const fs::path& from, const fs::path& to) {
    std::string content;
    if (!read_file(from, content))
        return "cannot read " + from.string();
    return write_file_atomically(to, content);
}

}  // namespace mkcv
