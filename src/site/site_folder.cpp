#include "site/site_folder.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace mkcv {

std::optional<UnsafePath> site_folder_problem(const fs::path& out, bool force) {
    struct stat st {};
    if (lstat(out.c_str(), &st) != 0)
        return std::nullopt;  // absent: made new
    if (!S_ISDIR(st.st_mode))
        return UnsafePath{out, describe_file_type(st.st_mode)};
    if (force)
        return std::nullopt;
    struct stat marker {};
    if (lstat((out / kSiteMarker).c_str(), &marker) == 0 && S_ISREG(marker.st_mode))
        return std::nullopt;
    std::error_code ec;
    if (fs::is_empty(out, ec) && !ec)
        return std::nullopt;
    return UnsafePath{out, "is a folder that mkcv site did not make (it has no " +
                               std::string(kSiteMarker) + ")"};
}

Result<fs::path> make_staging_folder(const fs::path& out) {
    const fs::path parent = out.parent_path().empty() ? fs::path(".") : out.parent_path();
    std::string name = (parent / ("." + out.filename().string() + ".mkcv-XXXXXX")).string();
    std::vector<char> buffer(name.begin(), name.end());
    buffer.push_back('\0');
    if (!mkdtemp(buffer.data()))
        return io_failure(parent.string(), "cannot make a folder in " + parent.string() +
                                               " to build the site in: " + std::strerror(errno));
    return fs::path(buffer.data());
}

Result<> write_site_file(const fs::path& staging, const std::string& relative,
                         const std::string& bytes) {
    const fs::path path = staging / relative;
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    if (ec)
        return io_failure(path.parent_path().string(),
                          "cannot make " + path.parent_path().string() + ": " + ec.message());
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return io_failure(path.string(),
                          "cannot write " + path.string() + ": " + std::strerror(errno));
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            const int error = errno;
            close(fd);
            return io_failure(path.string(),
                              "cannot write " + path.string() + ": " + std::strerror(error));
        }
        done += static_cast<std::size_t>(n);
    }
    if (close(fd) != 0)
        return io_failure(path.string(),
                          "cannot write " + path.string() + ": " + std::strerror(errno));
    return {};
}

Result<> put_site_in_place(const fs::path& staging, const fs::path& out) {
    // Every folder mkcv made, readable by the static host (mkdtemp made the top one 0700).
    std::error_code ec;
    fs::permissions(staging, fs::perms(0755), ec);
    for (auto it = fs::recursive_directory_iterator(staging, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
        if (it->is_directory(ec) && !it->is_symlink(ec))
            fs::permissions(it->path(), fs::perms(0755), ec);
    struct stat st {};
    if (lstat(out.c_str(), &st) == 0) {
        if (renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, out.c_str(), RENAME_EXCHANGE) != 0)
            return io_failure(out.string(), "cannot put the new site in place of " + out.string() +
                                                ": " + std::strerror(errno));
        remove_staging_folder(staging);  // now the old site
        return {};
    }
    if (rename(staging.c_str(), out.c_str()) != 0)
        return io_failure(out.string(), "cannot put the new site at " + out.string() + ": " +
                                            std::strerror(errno));
    return {};
}

void remove_staging_folder(const fs::path& staging) {
    std::error_code ec;
    fs::remove_all(staging, ec);  // a leftover costs only space; nothing else depends on it
}

}  // namespace mkcv
