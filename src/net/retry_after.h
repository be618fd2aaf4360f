// A server's Retry-After header (429 Too Many Requests, 503 Service Unavailable): how long it
// asks mkcv to wait before it tries again. The header is the server's, so untrusted: a wait
// longer than mkcv is willing to sit through is the caller's to refuse (http_client.h).
#pragma once

#include <chrono>
#include <ctime>
#include <optional>
#include <string>

namespace mkcv::net {

// The wait `value` asks for, at `now`: "120" (delay-seconds, digits only) or an HTTP date
// ("Wed, 21 Oct 2026 07:28:00 GMT", and the obsolete RFC 850 and asctime forms, read by
// libcurl's curl_getdate). A date in the past is no wait at all. Nothing when the value is
// neither (empty, "soon", "-5", "1.5"), or more digits than any real wait.
std::optional<std::chrono::seconds> parse_retry_after(const std::string& value, std::time_t now);

}  // namespace mkcv::net
