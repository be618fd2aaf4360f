#include "net/http_cache.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <map>

#include <sys/stat.h>
#include <unistd.h>

#include "net/request_headers.h"
#include "util/digest.h"
#include "util/file_io.h"
#include "util/state_folder.h"

namespace fs = std::filesystem;

namespace mkcv::net {
namespace {

constexpr std::string_view kMagic = "mkcv http cache 1\n";

// The lines of an entry besides its body, at most: the URLs and validators are short.
constexpr std::size_t kMaxHeadBytes = 16 * 1024;

bool is_line_value(std::string_view value) {
    for (const char c : value)
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
            return false;
    return true;
}

// "" when `path` is a folder of this user's, not a symbolic link (lstat), else why not.
std::string own_folder_problem(const fs::path& path) {
    struct stat info {};
    if (::lstat(path.c_str(), &info) != 0)
        return path.string() + " cannot be read: " + std::strerror(errno);
    if (!S_ISDIR(info.st_mode))
        return path.string() + " " + describe_file_type(info.st_mode);
    if (info.st_uid != ::geteuid())
        return path.string() + " belongs to another user";
    return "";
}

}  // namespace

fs::path default_cache_folder() {
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg == '/')
        return fs::path(xdg) / "mkcv";
    if (const char* home = std::getenv("HOME"); home && *home == '/')
        return fs::path(home) / ".cache" / "mkcv";
    return {};
}

std::string cache_entry_text(const CachedAnswer& answer) {
    std::string text(kMagic);
    text += "url: " + answer.url + "\n";
    text += "etag: " + answer.etag + "\n";
    text += "last-modified: " + answer.last_modified + "\n";
    text += "final-url: " + answer.final_url + "\n";
    text += "body: " + std::to_string(answer.body.size()) + "\n\n";
    return text + answer.body;
}

std::optional<CachedAnswer> parse_cache_entry(std::string_view bytes, std::size_t max_body_bytes) {
    if (bytes.substr(0, kMagic.size()) != kMagic)
        return std::nullopt;
    std::size_t at = kMagic.size();
    std::map<std::string, std::string, std::less<>> fields;
    for (;;) {
        const std::size_t end = bytes.find('\n', at);
        if (end == std::string_view::npos || end > kMaxHeadBytes)
            return std::nullopt;
        const std::string_view line = bytes.substr(at, end - at);
        at = end + 1;
        if (line.empty())
            break;
        const std::size_t colon = line.find(": ");
        if (colon == std::string_view::npos)
            return std::nullopt;
        const std::string name(line.substr(0, colon));
        const std::string_view value = line.substr(colon + 2);
        if (!is_line_value(value) || !fields.emplace(name, value).second)
            return std::nullopt;
    }
    for (const char* name : {"url", "etag", "last-modified", "final-url", "body"})
        if (!fields.count(name))
            return std::nullopt;
    if (fields.size() != 5)
        return std::nullopt;
    const std::string& length = fields["body"];
    if (length.empty() || length.size() > 12 ||
        length.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const std::size_t body_bytes = std::stoull(length);
    if (body_bytes > max_body_bytes || bytes.size() - at != body_bytes)
        return std::nullopt;
    CachedAnswer answer;
    answer.url = fields["url"];
    answer.etag = fields["etag"];
    answer.last_modified = fields["last-modified"];
    answer.final_url = fields["final-url"];
    // Validators go back to the server as header lines: they must be lines of visible ASCII.
    if (answer.url.empty() || (!answer.etag.empty() && !is_validator(answer.etag)) ||
        (!answer.last_modified.empty() && !is_validator(answer.last_modified)) ||
        (answer.etag.empty() && answer.last_modified.empty()))
        return std::nullopt;
    answer.body = std::string(bytes.substr(at));
    return answer;
}

HttpCache::HttpCache(fs::path folder, std::size_t max_body_bytes)
    : folder_(std::move(folder)), max_body_bytes_(max_body_bytes) {}

fs::path HttpCache::entry_path(const std::string& key) const {
    return folder_ / "http" / digest_of(key);
}

std::string HttpCache::folder_problem(bool create) const {
    if (folder_.empty())
        return "there is no cache folder (neither XDG_CACHE_HOME nor HOME is set)";
    if (create) {
        // The base folder (~/.cache) is the user's, links and all; mkcv's own folders in it
        // are made private and never followed.
        std::error_code ignored;
        fs::create_directories(folder_.parent_path(), ignored);
        ::mkdir(folder_.c_str(), 0700);
        if (std::string why = own_folder_problem(folder_); !why.empty())
            return why;
        ::mkdir((folder_ / "http").c_str(), 0700);
    }
    if (std::string why = own_folder_problem(folder_); !why.empty())
        return why;
    return own_folder_problem(folder_ / "http");
}

std::optional<CachedAnswer> HttpCache::read(const std::string& key, const std::string& url) const {
    if (!folder_problem(false).empty())
        return std::nullopt;
    std::string bytes;
    if (!read_own_file(entry_path(key), bytes, max_body_bytes_ + kMaxHeadBytes))
        return std::nullopt;
    std::optional<CachedAnswer> answer = parse_cache_entry(bytes, max_body_bytes_);
    if (!answer || answer->url != url)
        return std::nullopt;
    return answer;
}

Result<> HttpCache::write(const std::string& key, const CachedAnswer& answer) const {
    const fs::path path = entry_path(key);
    if (std::string why = folder_problem(true); !why.empty())
        return io_failure(path.string(), "cannot keep the answer in the cache: " + why);
    if (const auto problem = own_file_problem(path))
        return io_failure(path.string(), "cannot keep the answer in the cache: " +
                                             problem->path.string() + " " + problem->why);
    return write_file_atomically(path, cache_entry_text(answer), Durability::Unsynced);
}

}  // namespace mkcv::net
