#include "file_io.h"

#include <cctype>
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
    if (fd < 0)
        return describe_errno("cannot create", temporary);
    const char* data = content.data();
    std::size_t left = content.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, left);
        if (written < 0) {
            if (errno == EINTR)
                continue;
            const std::string error = describe_errno("cannot write", temporary);
            ::close(fd);
            ::unlink(temporary.c_str());
            return error;
        }
        data += written;
        left -= static_cast<std::size_t>(written);
    }
    // The data must be on disk before the rename makes it the file's content.
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string error = describe_errno("cannot write", temporary);
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
        return describe_errno("cannot read", from);
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
