#include "tex/format_request.h"

#include <cerrno>
#include <cstring>
#include <set>
#include <sstream>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tex/format_cache.h"
#include "util/detached_process.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

constexpr std::string_view kHeader = "mkcv format request 1";
// A preamble is a few kilobytes; a request larger than this is not one mkcv wrote.
constexpr off_t kMaxRequest = 4 << 20;

fs::path request_path(const fs::path& out_dir, const std::string& base) {
    return out_dir / ".mkcv" / (base + ".format-request");
}

// An output's base as output_base makes it (<stem>-<name>[.<language>]), in the characters
// preamble_format allows: never a path of its own.
bool plain_base(const std::string& base) {
    return !base.empty() && base.size() <= 255 && base[0] != '.' && base[0] != '-' &&
           base.find_first_not_of(
               "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") ==
               std::string::npos;
}

bool all_digits(const std::string& text, std::size_t from = 0) {
    return text.size() > from && text.size() - from <= 19 &&
           text.find_first_not_of("0123456789", from) == std::string::npos;
}

// The request file, opened without following a link, locked without waiting; -1 when it
// is not a plain file of its own or another process holds it.
int open_locked(const fs::path& path, bool create, std::string& why) {
    const int fd = ::open(
        path.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
    if (fd < 0) {
        why = "cannot open " + path.string() + ": " + std::strerror(errno);
        return -1;
    }
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_nlink != 1) {
        why = path.string() + " is not a file mkcv made";
        ::close(fd);
        return -1;
    }
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
        why = "a precompiled preamble is being made for this output already";
        ::close(fd);
        return -1;
    }
    return fd;
}

bool write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

}  // namespace

std::string format_request_text(const PreambleFormat& format, const TexJob& job) {
    std::string text = std::string(kHeader) + "\nengine " + job.engine + "\ntimeout " +
                       std::to_string(job.timeout.count()) + "\n";
    for (const auto& [key, value] : job.environment)
        text += "env " + key + "=" + value + "\n";
    return text + "preamble\n" + format.preamble;
}

bool parse_format_request(const std::string& text, TexJob& job, std::string& preamble) {
    std::istringstream in(text);
    std::string line;
    if (!std::getline(in, line) || line != kHeader)
        return false;
    // Only what job_for sets: a request cannot give TeX another engine or environment.
    static const std::set<std::string> kEnvironment{"SOURCE_DATE_EPOCH", "FORCE_SOURCE_DATE"};
    TexJob read;
    read.environment.clear();
    bool engine = false, timeout = false;
    while (std::getline(in, line)) {
        if (line == "preamble") {
            if (!engine || !timeout)
                return false;
            const auto at = in.tellg();
            if (at < 0)
                return false;
            preamble = text.substr(static_cast<std::size_t>(at));
            job.engine = read.engine;
            job.timeout = read.timeout;
            job.environment = read.environment;
            return true;
        }
        if (line == "engine xelatex") {
            engine = true;
            read.engine = "xelatex";
        } else if (line.rfind("timeout ", 0) == 0 && all_digits(line, 8)) {
            const long long seconds = std::stoll(line.substr(8));
            if (seconds < 1 || seconds > 86400)
                return false;
            read.timeout = std::chrono::seconds(seconds);
            timeout = true;
        } else if (line.rfind("env ", 0) == 0 && line.find('=') != std::string::npos) {
            const std::string key = line.substr(4, line.find('=') - 4);
            const std::string value = line.substr(line.find('=') + 1);
            const std::size_t sign = !value.empty() && value[0] == '-' ? 1 : 0;
            if (kEnvironment.count(key) == 0 || !all_digits(value, sign) ||
                read.environment.count(key) > 0)
                return false;
            read.environment[key] = value;
        } else {
            return false;
        }
    }
    return false;
}

bool request_format_in_background(const PreambleFormat& format, const TexJob& job,
                                  const fs::path& out_dir, const std::string& base,
                                  std::string& why) {
    if (!plain_base(base)) {
        why = "the output's name is not one a precompiled preamble can have";
        return false;
    }
    const fs::path self = own_executable();
    if (self.empty()) {
        why = "cannot tell where mkcv's own program is";
        return false;
    }
    std::error_code ec;
    const fs::path out = fs::absolute(out_dir, ec);
    if (ec) {
        why = "cannot tell where " + out_dir.string() + " is: " + ec.message();
        return false;
    }
    const int fd = open_locked(request_path(out, base), true, why);
    if (fd < 0)
        return false;
    const bool written = ::ftruncate(fd, 0) == 0 && write_all(fd, format_request_text(format, job));
    if (!written)
        why = "cannot write " + request_path(out, base).string() + ": " + std::strerror(errno);
    // Unlocked before the maker starts: it takes the lock itself.
    ::close(fd);
    if (!written)
        return false;
    return start_detached(self, {kMakeFormatCommand, out.string(), base}, why);
}

std::string make_requested_format(const fs::path& out_dir, const std::string& base) {
    if (!plain_base(base))
        return "not an output's name: " + base;
    std::string why;
    const fs::path path = request_path(out_dir, base);
    const int fd = open_locked(path, false, why);
    if (fd < 0)
        return why;
    struct FdCloser {
        int fd;
        ~FdCloser() { ::close(fd); }
    } closer{fd};
    struct stat info {};
    if (::fstat(fd, &info) != 0 || info.st_size > kMaxRequest) {
        [[maybe_unused]] const int cleared = ::ftruncate(fd, 0);
        return "not a request mkcv wrote: " + path.string();
    }
    std::string text(static_cast<std::size_t>(info.st_size), '\0');
    std::size_t got = 0;
    while (got < text.size()) {
        const ssize_t n =
            ::pread(fd, text.data() + got, text.size() - got, static_cast<off_t>(got));
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += static_cast<std::size_t>(n);
    }
    text.resize(got);
    // Taken: a build that finds the file empty and unlocked asks again.
    [[maybe_unused]] const int cleared = ::ftruncate(fd, 0);
    if (text.empty())
        return "nothing was asked";
    TexJob job;
    std::string preamble;
    if (!parse_format_request(text, job, preamble))
        return "not a request mkcv wrote: " + path.string();
    // Made again from the preamble: its key, and so its file's name, are mkcv's own.
    const std::optional<PreambleFormat> format = preamble_format(preamble, job, out_dir, base);
    if (!format || format->preamble != preamble)
        return "the request names no preamble that ends at its marker";
    if (format_is_current(*format))
        return "the format is current already";
    if (format_failed_before(*format))
        return "making this format failed before";
    const Result<> made = make_format(*format, job);
    // Made or failed, the machine's other folders need not try again (tex/format_cache.h).
    offer_format(*format, format_cache_folder());
    if (!made)
        return made.error().message;
    return "made " + format->file.string();
}

}  // namespace mkcv
