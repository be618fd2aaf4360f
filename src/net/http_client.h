// GET over HTTPS with libcurl (included only in net/), for `mkcv sync`. Everything a server
// sends is untrusted, and a server may be slow, broken, hostile or a test's fault server:
// every fetch ends, within its time limits, in an answer no larger than the cap or in one
// sentence that names the URL and says what went wrong.
//
// - HTTPS only, plain http only on loopback (url_policy.h), for the request and every hop;
// - a connect and a total time limit for each attempt;
// - a size cap on the body (Content-Length is checked first, the bytes as they arrive, the
//   compressed bytes and, when the server compresses, what they decompress to);
// - at most `max_redirects` redirects, each checked by redirect_problem (same scheme, never
//   file:// or anything else), never around a loop; the request's own header lines are
//   dropped when a redirect leaves the host, so no API key follows it;
// - retries with exponential backoff and jitter (retry_delay) for 5xx answers and failed
// connections, and for 429
//   and 503 after the server's Retry-After, unless it asks for more than `max_retry_wait`;
//   another 4xx is the caller's to read (a 404 may be no failure), as a response;
// - conditional requests from the cache (http_cache.h), a 304 answered from it; a 2xx
//   answer goes into the cache only when the caller calls its `keep_in_cache`, once the
//   answer has parsed (an answer the caller refuses must not come back as a 304 next time);
// - the User-Agent of request_headers.h, with the owner's email when there is one.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "util/result.h"

namespace mkcv::net {

struct HttpRequest {
    std::string url;
    std::vector<std::string> headers;  // "Name: value" lines (request_headers.h checks them)
};

struct HttpResponse {
    long status = 0;          // 2xx, or a 4xx but 408 and 429 (not retried); any other fails
    std::string body;         // decompressed
    std::string final_url;    // the URL that answered, after redirects
    bool from_cache = false;  // 304 Not Modified: the body is the cache's
    // Writes this answer to the cache (when it has a validator and a cache is set); empty
    // when there is nothing to keep. A cache that cannot be written costs only time.
    std::function<void()> keep_in_cache;
};

// The most a fetch reads: DBLP's XML for the most prolific authors is a few MiB.
inline constexpr std::size_t kDefaultMaxBodyBytes = 32 * 1024 * 1024;

struct HttpOptions {
    std::chrono::milliseconds timeout{20000};  // each attempt, all in (`--timeout SECONDS`)
    std::size_t max_body_bytes = kDefaultMaxBodyBytes;
    int max_redirects = 5;
    int max_attempts = 3;
    std::chrono::milliseconds first_retry_delay{1000};  // doubled for each retry
    std::chrono::seconds max_retry_wait{60};            // the longest Retry-After mkcv waits
    std::string contact_email;                          // for the User-Agent; may be empty
    std::filesystem::path cache_folder;                 // empty: no cache
};

// Fetches `request.url`. The failure's diagnostic has code "network", the URL as
// url_for_messages shows it as its file, and a sentence, so that it prints as
// "https://dblp.org/pid/l/x.xml: error: the server answered 500 Internal Server Error three
// times".
Result<HttpResponse> http_get(const HttpRequest& request, const HttpOptions& options);

// The wait before retry number `retry` (1, 2 …): `first` doubled for each retry before it,
// and up to half of that again by `jitter` (0 ≤ jitter < 1, random in use), so that many CI
// jobs failing together do not come back to a source at the same instant.
std::chrono::milliseconds retry_delay(std::chrono::milliseconds first, int retry, double jitter);

// The words for an HTTP status ("500 Internal Server Error"), never the server's own reason
// phrase, which is the server's text; "599" for one mkcv has no words for.
std::string status_words(long status);

}  // namespace mkcv::net
