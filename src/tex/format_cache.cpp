#include "tex/format_cache.h"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/digest.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

constexpr std::string_view kCachedFormatHeader = "mkcv cached format 1";
// A format is about 9 MB; far above that is not one mkcv made.
constexpr std::uintmax_t kMaxCachedFormatBytes = 256ull * 1024 * 1024;
constexpr std::uintmax_t kMaxCachedRecordBytes = 1024 * 1024;

// mkcv's own folder (or the folder named by MKCV_FORMAT_CACHE): a folder, not a link, of this
// user or of root, that no one else may write.
bool trusted_cache_folder(const fs::path& path) {
    struct stat info {};
    return ::lstat(path.c_str(), &info) == 0 && S_ISDIR(info.st_mode) &&
           (info.st_uid == ::geteuid() || info.st_uid == 0) && (info.st_mode & 022) == 0;
}

fs::path cached_fmt_path(const fs::path& cache, const std::string& key) {
    return cache / (key + ".fmt");
}
fs::path cached_record_path(const fs::path& cache, const std::string& key) {
    return cache / (key + ".record");
}

// "size N\ndigest D\n" then the output's record; false when `text` is not that.
bool parse_cached_record(const std::string& text, std::uintmax_t& size, std::string& digest,
                         std::string& record) {
    std::istringstream in(text);
    std::string header, size_line, digest_line;
    if (!std::getline(in, header) || header != kCachedFormatHeader ||
        !std::getline(in, size_line) || !std::getline(in, digest_line) ||
        size_line.rfind("size ", 0) != 0 || digest_line.rfind("digest ", 0) != 0)
        return false;
    const std::string number = size_line.substr(5);
    if (number.empty() || number.size() > 12 ||
        number.find_first_not_of("0123456789") != std::string::npos)
        return false;
    size = std::stoull(number);
    digest = digest_line.substr(7);
    const auto at = in.tellg();
    if (at < 0)
        return false;
    record = text.substr(static_cast<std::size_t>(at));
    return true;
}

// The cache's lock, held while it is written: one writer at a time (readers need none: every
// file is renamed into place whole, and a format is read against its record's digest).
struct CacheLock {
    int fd = -1;
    explicit CacheLock(const fs::path& cache) {
        fd = ::open((cache / "lock").c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600);
        if (fd >= 0 && ::flock(fd, LOCK_EX) != 0) {
            ::close(fd);
            fd = -1;
        }
    }
    ~CacheLock() {
        if (fd >= 0)
            ::close(fd);
    }
};

// The formats beyond `max_bytes`, least recently used first (a build that takes one touches
// it), are removed with their records.
void evict_oldest(const fs::path& cache, std::uintmax_t max_bytes) {
    struct Entry {
        fs::file_time_type used;
        std::uintmax_t size;
        std::string key;
    };
    std::vector<Entry> entries;
    std::uintmax_t total = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(cache, ec)) {
        if (entry.path().extension() != ".fmt" || !entry.is_regular_file(ec) ||
            entry.is_symlink(ec))
            continue;
        const std::uintmax_t size = entry.file_size(ec);
        if (ec)
            continue;
        entries.push_back({entry.last_write_time(ec), size, entry.path().stem().string()});
        total += size;
    }
    std::sort(entries.begin(), entries.end(),
              [](const Entry& a, const Entry& b) { return a.used < b.used; });
    for (const Entry& entry : entries) {
        if (total <= max_bytes)
            break;
        // The record first: a format without one is never taken.
        fs::remove(cached_record_path(cache, entry.key), ec);
        fs::remove(cached_fmt_path(cache, entry.key), ec);
        total -= entry.size;
    }
}

}  // namespace

fs::path format_cache_folder() {
    if (const char* set = std::getenv("MKCV_FORMAT_CACHE"); set && *set) {
        const std::string value = set;
        if (value == "off" || value == "0" || value == "no" || value[0] != '/')
            return {};
        return value;
    }
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        return fs::path(xdg) / "mkcv" / "formats";
    if (const char* home = std::getenv("HOME"); home && *home == '/')
        return fs::path(home) / ".cache" / "mkcv" / "formats";
    return {};
}

bool take_cached_format(const PreambleFormat& format, const fs::path& cache) {
    if (cache.empty() || !trusted_cache_folder(cache) || !trusted_cache_folder(cache.parent_path()))
        return false;
    std::string text, record, digest;
    std::uintmax_t size = 0;
    if (!read_own_file(cached_record_path(cache, format.key), text, kMaxCachedRecordBytes) ||
        !parse_cached_record(text, size, digest, record))
        return false;
    if (format_record_failed(record, format.key)) {
        // Only time is lost when this note is not kept: the output tries again.
        write_file_atomically(format.record, record, Durability::Unsynced).ignore();
        return false;
    }
    if (!format_record_is_current(record, format.key))
        return false;
    std::string bytes;
    const fs::path cached = cached_fmt_path(cache, format.key);
    if (size > kMaxCachedFormatBytes || !read_own_file(cached, bytes, kMaxCachedFormatBytes) ||
        bytes.size() != size || digest_of(bytes) != digest)
        return false;
    // Used now: the last to be evicted (AT_SYMLINK_NOFOLLOW: the file itself).
    ::utimensat(AT_FDCWD, cached.c_str(), nullptr, AT_SYMLINK_NOFOLLOW);
    // The format, then the record that makes it current (as dump_format places them).
    if (!write_file_atomically(format.file, bytes, Durability::Unsynced) ||
        !write_file_atomically(format.record, record, Durability::Unsynced))
        return false;
    return format_is_current(format);
}

void offer_format(const PreambleFormat& format, const fs::path& cache, std::uintmax_t max_bytes) {
    if (cache.empty())
        return;
    std::string record;
    if (!read_own_file(format.record, record, kMaxCachedRecordBytes))
        return;
    const bool failed = format_record_failed(record, format.key);
    if (!failed && !format_record_is_current(record, format.key))
        return;
    std::string bytes;
    if (!failed && !read_own_file(format.file, bytes, kMaxCachedFormatBytes))
        return;
    // mkcv's folders: made private, never followed. The folder above them is the user's.
    std::error_code ec;
    fs::create_directories(cache.parent_path().parent_path(), ec);
    ::mkdir(cache.parent_path().c_str(), 0700);
    ::mkdir(cache.c_str(), 0700);
    if (!trusted_cache_folder(cache) || !trusted_cache_folder(cache.parent_path()) ||
        ::access(cache.c_str(), W_OK) != 0)
        return;
    const CacheLock lock(cache);
    if (lock.fd < 0)
        return;
    std::string existing, old_record, old_digest;
    std::uintmax_t old_size = 0;
    if (read_own_file(cached_record_path(cache, format.key), existing, kMaxCachedRecordBytes) &&
        parse_cached_record(existing, old_size, old_digest, old_record) &&
        (format_record_failed(old_record, format.key) ||
         format_record_is_current(old_record, format.key)))
        return;
    const std::string cached = std::string(kCachedFormatHeader) + "\nsize " +
                               std::to_string(bytes.size()) + "\ndigest " + digest_of(bytes) +
                               "\n" + record;
    // The format whole first, then the record that names its size and digest.
    if (!failed &&
        !write_file_atomically(cached_fmt_path(cache, format.key), bytes, Durability::Unsynced))
        return;
    if (!write_file_atomically(cached_record_path(cache, format.key), cached, Durability::Unsynced))
        return;
    evict_oldest(cache, max_bytes);
}

}  // namespace mkcv
