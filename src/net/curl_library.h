// libcurl, opened the first time mkcv fetches rather than linked into the binary. Only
// `mkcv sync` fetches, and loading libcurl with the libraries it needs in turn (TLS,
// Kerberos, LDAP, SSH, IDN, PSL, HTTP/2, Brotli: 30 of mkcv's 45) took about 20 ms of every
// run of every command, a third of starting `mkcv render` (docs/development.md).
#pragma once

#include <optional>
#include <string>

#include <curl/curl.h>

namespace mkcv::net {

// The libcurl functions mkcv calls, by libcurl's own declarations.
struct CurlLibrary {
    decltype(&::curl_global_init) global_init;
    decltype(&::curl_easy_init) easy_init;
    decltype(&::curl_easy_cleanup) easy_cleanup;
    decltype(&::curl_easy_setopt) easy_setopt;
    decltype(&::curl_easy_perform) easy_perform;
    decltype(&::curl_easy_getinfo) easy_getinfo;
    decltype(&::curl_easy_strerror) easy_strerror;
    decltype(&::curl_slist_append) slist_append;
    decltype(&::curl_slist_free_all) slist_free_all;
    decltype(&::curl_url) url;
    decltype(&::curl_url_cleanup) url_cleanup;
    decltype(&::curl_url_get) url_get;
    decltype(&::curl_url_set) url_set;
    decltype(&::curl_free) free;
    decltype(&::curl_getdate) getdate;
};

// The libcurl the build was compiled against (its soname, MKCV_CURL_SONAME), opened and
// initialised once, whichever thread asks first; nullptr when it cannot be opened, and then
// `why` (when given) says why, in a sentence a user can act on.
const CurlLibrary* load_curl(std::string* why = nullptr);

// The library SONAME, opened (and kept open) but not initialised: load_curl's first step, and
// the seam that tests a library that is missing or lacks a function. Nothing, and `why`, as
// above.
std::optional<CurlLibrary> open_curl_library(const char* soname, std::string* why);

// load_curl's library, for code that runs only after its caller checked load_curl (sync does,
// before any request): throws std::runtime_error when it cannot be opened.
const CurlLibrary& curl();

}  // namespace mkcv::net
