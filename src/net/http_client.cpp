#include "net/http_client.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <thread>

#include "net/curl_library.h"
#include "net/http_cache.h"
#include "net/request_headers.h"
#include "net/retry_after.h"
#include "net/url_policy.h"
#include "util/ascii.h"

namespace mkcv::net {
namespace {

// A fraction in [0, 1) for retry_delay: the machine's randomness, seeded once per thread.
double jitter() {
    thread_local std::mt19937 generator{std::random_device{}()};
    return std::uniform_real_distribution<double>(0.0, 1.0)(generator);
}

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Response headers beyond this many bytes in all are no API's: the transfer stops.
constexpr std::size_t kMaxHeaderBytes = 256 * 1024;

struct EasyDeleter {
    void operator()(CURL* handle) const { curl().easy_cleanup(handle); }
};
struct ListDeleter {
    void operator()(curl_slist* list) const { curl().slist_free_all(list); }
};

// What one exchange (one request, no redirect followed) gave.
struct Exchange {
    CURLcode code = CURLE_OK;
    long status = 0;
    std::string body;
    std::map<std::string, std::string> headers;  // names in lower case; the last of each
    std::string redirect_url;                    // absolute, from Location
    bool body_too_large = false;
    bool headers_too_large = false;
    std::size_t max_body_bytes = 0;
    std::size_t header_bytes = 0;
};

std::size_t on_body(char* data, std::size_t size, std::size_t count, void* user) {
    auto& exchange = *static_cast<Exchange*>(user);
    const std::size_t bytes = size * count;
    // The bytes after decompression: a small gzip body can stand for gigabytes.
    if (exchange.body.size() + bytes > exchange.max_body_bytes) {
        exchange.body_too_large = true;
        return 0;  // not `bytes`: libcurl stops the transfer with CURLE_WRITE_ERROR
    }
    exchange.body.append(data, bytes);
    return bytes;
}

std::size_t on_header(char* data, std::size_t size, std::size_t count, void* user) {
    auto& exchange = *static_cast<Exchange*>(user);
    const std::size_t bytes = size * count;
    exchange.header_bytes += bytes;
    if (exchange.header_bytes > kMaxHeaderBytes) {
        exchange.headers_too_large = true;
        return 0;
    }
    std::string line(data, bytes);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r'))
        line.pop_back();
    // A status line starts the headers of a response again (after 100 Continue).
    if (line.rfind("HTTP/", 0) == 0) {
        exchange.headers.clear();
        return bytes;
    }
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos)
        return bytes;
    std::string value = line.substr(colon + 1);
    const std::size_t first = value.find_first_not_of(" \t");
    value = first == std::string::npos ? "" : value.substr(first);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t'))
        value.pop_back();
    exchange.headers[ascii_lower(line.substr(0, colon))] = value;
    return bytes;
}

int on_progress(void* user, curl_off_t, curl_off_t received, curl_off_t, curl_off_t) {
    auto& exchange = *static_cast<Exchange*>(user);
    // The bytes on the wire, before decompression.
    if (received > 0 && static_cast<std::size_t>(received) > exchange.max_body_bytes) {
        exchange.body_too_large = true;
        return 1;  // CURLE_ABORTED_BY_CALLBACK
    }
    return 0;
}

// One GET of `url`, no redirect followed, within `time_left`.
Exchange exchange_once(const std::string& url, const std::vector<std::string>& header_lines,
                       const HttpOptions& options, milliseconds time_left) {
    const CurlLibrary& lib = curl();
    Exchange exchange;
    exchange.max_body_bytes = options.max_body_bytes;
    std::unique_ptr<CURL, EasyDeleter> handle(lib.easy_init());
    if (!handle) {
        exchange.code = CURLE_FAILED_INIT;
        return exchange;
    }
    CURL* easy = handle.get();
    const UrlParts parts = url_parts(url);
    const bool loopback = is_loopback_host(parts.host);
    std::unique_ptr<curl_slist, ListDeleter> list;
    for (const std::string& line : header_lines)
        list.reset(lib.slist_append(list.release(), line.c_str()));
    const std::string agent = user_agent(options.contact_email);
    const long total_ms = std::max<long>(1, static_cast<long>(time_left.count()));
    const long connect_ms = std::min<long>(total_ms, 10000);

    lib.easy_setopt(easy, CURLOPT_URL, url.c_str());
    lib.easy_setopt(easy, CURLOPT_HTTPGET, 1L);
    // Redirects are followed here, one checked hop at a time, not by libcurl.
    lib.easy_setopt(easy, CURLOPT_FOLLOWLOCATION, 0L);
    // The scheme was checked already; libcurl refuses any other as well.
    lib.easy_setopt(easy, CURLOPT_PROTOCOLS_STR, parts.scheme == "http" ? "http" : "https");
    lib.easy_setopt(easy, CURLOPT_REDIR_PROTOCOLS_STR, "https");
    // The loopback never goes through a proxy; other hosts may (https_proxy).
    if (loopback)
        lib.easy_setopt(easy, CURLOPT_NOPROXY, "*");
    lib.easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    lib.easy_setopt(easy, CURLOPT_TIMEOUT_MS, total_ms);
    lib.easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, connect_ms);
    lib.easy_setopt(easy, CURLOPT_ACCEPT_ENCODING, "");  // every encoding libcurl decodes
    lib.easy_setopt(easy, CURLOPT_MAXFILESIZE_LARGE,
                    static_cast<curl_off_t>(options.max_body_bytes));
    lib.easy_setopt(easy, CURLOPT_USERAGENT, agent.c_str());
    lib.easy_setopt(easy, CURLOPT_HTTPHEADER, list.get());
    lib.easy_setopt(easy, CURLOPT_WRITEFUNCTION, on_body);
    lib.easy_setopt(easy, CURLOPT_WRITEDATA, &exchange);
    lib.easy_setopt(easy, CURLOPT_HEADERFUNCTION, on_header);
    lib.easy_setopt(easy, CURLOPT_HEADERDATA, &exchange);
    lib.easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, on_progress);
    lib.easy_setopt(easy, CURLOPT_XFERINFODATA, &exchange);
    lib.easy_setopt(easy, CURLOPT_NOPROGRESS, 0L);

    exchange.code = lib.easy_perform(easy);
    lib.easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &exchange.status);
    char* location = nullptr;
    if (lib.easy_getinfo(easy, CURLINFO_REDIRECT_URL, &location) == CURLE_OK && location)
        exchange.redirect_url = location;
    return exchange;
}

bool is_redirect(long status) {
    return status == 301 || status == 302 || status == 303 || status == 307 || status == 308;
}

// "once", "twice", "three times", "4 times".
std::string times(int count) {
    switch (count) {
        case 1:
            return "once";
        case 2:
            return "twice";
        case 3:
            return "three times";
        default:
            return std::to_string(count) + " times";
    }
}

std::string seconds_text(milliseconds duration) {
    const auto ms = duration.count();
    if (ms % 1000 == 0)
        return std::to_string(ms / 1000) + " s";
    return std::to_string(ms / 1000) + "." + std::to_string((ms % 1000) / 100) + " s";
}

// How an attempt ended, when it did not give an answer.
struct AttemptFailure {
    std::string reason;  // a phrase: "the server answered 500 Internal Server Error"
    bool retry = false;  // worth another attempt
    std::optional<std::chrono::seconds> retry_after;
};

AttemptFailure transfer_failure(const Exchange& exchange, const HttpOptions& options,
                                const std::string& host) {
    const std::string cap = std::to_string(options.max_body_bytes / (1024 * 1024)) + " MiB";
    if (exchange.body_too_large || exchange.code == CURLE_FILESIZE_EXCEEDED)
        return {"the answer is larger than " + cap + ", the most mkcv reads", false, {}};
    if (exchange.headers_too_large)
        return {"the answer's headers are larger than 256 KiB", false, {}};
    switch (exchange.code) {
        case CURLE_OPERATION_TIMEDOUT:
            return {"the server did not answer within " + seconds_text(options.timeout) +
                        " (--timeout)",
                    true,
                    {}};
        case CURLE_COULDNT_RESOLVE_HOST:
            return {"cannot find the server " + host + " (is there a network?)", false, {}};
        case CURLE_COULDNT_CONNECT:
            return {"cannot connect to the server " + host, true, {}};
        case CURLE_PARTIAL_FILE:
            return {"the answer was cut short: the server sent less than it announced", true, {}};
        case CURLE_GOT_NOTHING:
            return {"the server closed the connection without an answer", true, {}};
        case CURLE_RECV_ERROR:
        case CURLE_SEND_ERROR:
        case CURLE_HTTP2:
        case CURLE_HTTP2_STREAM:
        case CURLE_SSL_CONNECT_ERROR:
            return {std::string("the connection failed: ") + curl().easy_strerror(exchange.code),
                    true,
                    {}};
        case CURLE_PEER_FAILED_VERIFICATION:
            return {"the server's certificate cannot be verified", false, {}};
        case CURLE_BAD_CONTENT_ENCODING:
            return {"the answer's compression is broken", false, {}};
        case CURLE_WEIRD_SERVER_REPLY:
        // The scheme was checked before the request: this is an answer without a status
        // line, which libcurl reads as HTTP/0.9 and refuses.
        case CURLE_UNSUPPORTED_PROTOCOL:
            return {"the server's answer is not HTTP", false, {}};
        default:
            return {
                std::string("the fetch failed: ") + curl().easy_strerror(exchange.code), false, {}};
    }
}

Failure network_failure(const std::string& shown_url, const std::string& message) {
    return fail({Severity::Error, shown_url, {}, "network", message, ""});
}

// What an attempt gave: the last exchange, or why there is none.
struct Attempt {
    std::optional<Exchange> answer;  // a final (non-redirect) answer with a status
    std::string final_url;
    std::optional<AttemptFailure> failure;
};

// One attempt: the request and the redirects it is sent on, each checked.
Attempt attempt(const HttpRequest& request, const std::vector<std::string>& conditional,
                const HttpOptions& options) {
    const Clock::time_point deadline = Clock::now() + options.timeout;
    const std::string first_host = url_parts(request.url).host;
    std::string url = request.url;
    std::set<std::string> seen{url};
    for (int hop = 0;; ++hop) {
        const auto left = std::chrono::duration_cast<milliseconds>(deadline - Clock::now());
        if (left.count() <= 0)
            return {{},
                    url,
                    AttemptFailure{"the server did not answer within " +
                                       seconds_text(options.timeout) + " (--timeout)",
                                   true,
                                   {}}};
        // The caller's lines (an API key among them) go only to the host they were meant for.
        std::vector<std::string> lines = conditional;
        if (url_parts(url).host == first_host)
            lines.insert(lines.end(), request.headers.begin(), request.headers.end());
        Exchange exchange = exchange_once(url, lines, options, left);
        if (exchange.code != CURLE_OK)
            return {{}, url, transfer_failure(exchange, options, url_parts(url).host)};
        if (!is_redirect(exchange.status))
            return {std::move(exchange), url, {}};
        if (exchange.redirect_url.empty())
            return {{},
                    url,
                    AttemptFailure{"the server answered " + status_words(exchange.status) +
                                       " without saying where to",
                                   false,
                                   {}}};
        const std::string next = exchange.redirect_url;
        if (std::string why = redirect_problem(url, next); !why.empty())
            return {{},
                    url,
                    AttemptFailure{
                        "the server redirects to " + url_for_messages(next) + ", which " + why,
                        false,
                        {}}};
        if (!seen.insert(next).second)
            return {
                {}, url, AttemptFailure{"the server's redirects go round in a loop", false, {}}};
        if (hop + 1 > options.max_redirects)
            return {{},
                    url,
                    AttemptFailure{"the server redirects more than " +
                                       std::to_string(options.max_redirects) + " times",
                                   false,
                                   {}}};
        url = next;
    }
}

}  // namespace

std::string status_words(long status) {
    static const std::map<long, const char*> kWords = {
        {200, "OK"},
        {304, "Not Modified"},
        {400, "Bad Request"},
        {401, "Unauthorized"},
        {403, "Forbidden"},
        {404, "Not Found"},
        {405, "Method Not Allowed"},
        {406, "Not Acceptable"},
        {408, "Request Timeout"},
        {410, "Gone"},
        {414, "URI Too Long"},
        {429, "Too Many Requests"},
        {500, "Internal Server Error"},
        {501, "Not Implemented"},
        {502, "Bad Gateway"},
        {503, "Service Unavailable"},
        {504, "Gateway Timeout"},
    };
    const auto it = kWords.find(status);
    return it == kWords.end() ? std::to_string(status) : std::to_string(status) + " " + it->second;
}

Result<HttpResponse> http_get(const HttpRequest& request, const HttpOptions& options) {
    // Before anything that parses the URL, which libcurl does.
    if (std::string why; load_curl(&why) == nullptr)
        return network_failure("", why);
    const std::string shown = url_for_messages(request.url);
    if (std::string why = fetch_url_problem(request.url); !why.empty())
        return network_failure(shown, "this URL " + why);
    for (const std::string& line : request.headers)
        if (std::string why = header_line_problem(line); !why.empty())
            return network_failure(shown, "a request header " + why);

    // The cache key holds the header lines too (an Accept changes the answer); the file
    // holds only the URL, never a header's key.
    std::string key = request.url;
    for (const std::string& line : request.headers)
        key += "\n" + line;
    std::optional<HttpCache> cache;
    std::optional<CachedAnswer> cached;
    if (!options.cache_folder.empty()) {
        cache.emplace(options.cache_folder, options.max_body_bytes);
        cached = cache->read(key, request.url);
    }
    const std::vector<std::string> conditional =
        cached ? conditional_headers(cached->etag, cached->last_modified)
               : std::vector<std::string>{};

    std::string last_reason;
    int same_reason = 0;
    const int attempts = std::max(1, options.max_attempts);
    for (int number = 1; number <= attempts; ++number) {
        Attempt result = attempt(request, conditional, options);
        AttemptFailure failure;
        if (result.answer) {
            Exchange& answer = *result.answer;
            if (answer.status >= 200 && answer.status < 300) {
                HttpResponse response;
                response.status = answer.status;
                response.body = std::move(answer.body);
                response.final_url = result.final_url;
                const std::string etag = answer.headers["etag"];
                const std::string modified = answer.headers["last-modified"];
                if (cache && (is_validator(etag) || is_validator(modified)))
                    response.keep_in_cache =
                        [folder = options.cache_folder, max = options.max_body_bytes, key,
                         entry = CachedAnswer{request.url, is_validator(etag) ? etag : "",
                                              is_validator(modified) ? modified : "",
                                              response.final_url, response.body}] {
                            // A cache that cannot be written costs the next sync only time.
                            HttpCache(folder, max).write(key, entry).ignore();
                        };
                return response;
            }
            if (answer.status == 304) {
                if (!cached || conditional.empty())
                    return network_failure(shown, "the server answered " + status_words(304) +
                                                      " to a request that was not conditional");
                HttpResponse response;
                response.status = 200;
                response.body = std::move(cached->body);
                response.final_url =
                    cached->final_url.empty() ? result.final_url : cached->final_url;
                response.from_cache = true;
                return response;
            }
            // A client error is the caller's to read (a DOI Crossref does not have is a 404,
            // no failure): given back as it is, not retried. 408 and 429 are for retrying.
            if (answer.status >= 400 && answer.status < 500 && answer.status != 408 &&
                answer.status != 429) {
                HttpResponse response;
                response.status = answer.status;
                response.body = std::move(answer.body);
                response.final_url = result.final_url;
                return response;
            }
            failure.reason = "the server answered " + status_words(answer.status);
            failure.retry = answer.status >= 500 || answer.status == 429 || answer.status == 408;
            if (answer.status == 429 || answer.status == 503)
                if (auto it = answer.headers.find("retry-after"); it != answer.headers.end())
                    failure.retry_after = parse_retry_after(it->second, std::time(nullptr));
        } else {
            failure = *result.failure;
        }
        same_reason = failure.reason == last_reason ? same_reason + 1 : 1;
        last_reason = failure.reason;
        if (!failure.retry)
            return network_failure(shown, failure.reason);
        if (failure.retry_after && *failure.retry_after > options.max_retry_wait)
            return network_failure(shown, failure.reason + " and asks mkcv to wait " +
                                              std::to_string(failure.retry_after->count()) +
                                              " s, more than the " +
                                              std::to_string(options.max_retry_wait.count()) +
                                              " s it waits: try again later");
        if (number == attempts)
            break;
        const milliseconds wait =
            failure.retry_after ? std::chrono::duration_cast<milliseconds>(*failure.retry_after)
                                : retry_delay(options.first_retry_delay, number, jitter());
        std::this_thread::sleep_for(wait);
    }
    const std::string message = same_reason == attempts
                                    ? last_reason + " " + times(attempts)
                                    : last_reason + " (tried " + times(attempts) + ")";
    return network_failure(shown, message);
}

milliseconds retry_delay(milliseconds first, int retry, double jitter) {
    const milliseconds base = first * (1 << std::clamp(retry - 1, 0, 16));
    return base + std::chrono::duration_cast<milliseconds>(base * std::clamp(jitter, 0.0, 1.0) / 2);
}

}  // namespace mkcv::net
