// The answers of earlier fetches, kept so the next fetch of the same URL can ask "changed
// since?" (If-None-Match, If-Modified-Since) and take a 304 Not Modified instead of the
// whole body again. The cache lives under $XDG_CACHE_HOME/mkcv/http (~/.cache/mkcv/http),
// where anything may have put anything: an entry is read bounded and never through a
// symbolic link, checked line by line, and ignored when it is not exactly what mkcv writes.
// Losing the cache costs only time, so no cache problem ever fails a fetch.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "util/result.h"

namespace mkcv::net {

// One answer as the cache keeps it: the URL asked for, the validators the server gave with
// it, the URL that answered (after redirects) and the body.
struct CachedAnswer {
    std::string url;
    std::string etag;
    std::string last_modified;
    std::string final_url;
    std::string body;
};

// $XDG_CACHE_HOME/mkcv when XDG_CACHE_HOME is set to an absolute path (the XDG base folder
// specification ignores a relative one), else $HOME/.cache/mkcv; empty when neither is set.
std::filesystem::path default_cache_folder();

// An entry's bytes: a first line naming the format, "name: value" lines (url, etag,
// last-modified, final-url, body with the body's length), an empty line, then the body.
std::string cache_entry_text(const CachedAnswer& answer);

// The answer in `bytes`, or nothing when they are not an entry as cache_entry_text writes it
// (another format or version, a missing, repeated or unknown line, a value with a control
// character, a body of another length or longer than `max_body_bytes`).
std::optional<CachedAnswer> parse_cache_entry(std::string_view bytes, std::size_t max_body_bytes);

class HttpCache {
  public:
    // `folder` is mkcv's cache folder (default_cache_folder()); entries go in its http/.
    HttpCache(std::filesystem::path folder, std::size_t max_body_bytes);

    // The answer kept for `key` (the URL and the request's headers) when there is one that
    // reads back whole and was kept for `url`; else nothing.
    std::optional<CachedAnswer> read(const std::string& key, const std::string& url) const;

    // Keeps `answer` for `key`, atomically. Fails (and keeps nothing) when the folders cannot
    // be made, or when mkcv's folder, its http/ or the entry is a symbolic link or anything but
    // a folder or a regular file of the user's.
    Result<> write(const std::string& key, const CachedAnswer& answer) const;

    // Where the entry of `key` is.
    std::filesystem::path entry_path(const std::string& key) const;

  private:
    // "" when mkcv's folder and http/ are folders of this user's, not links (made when
    // `create`), else why not.
    std::string folder_problem(bool create) const;

    std::filesystem::path folder_;
    std::size_t max_body_bytes_;
};

}  // namespace mkcv::net
