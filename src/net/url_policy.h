// Which URLs mkcv fetches, and how a URL is named in a message. Every URL a request starts
// from or a redirect sends it to passes allowed_fetch_url: HTTPS only, because the answers
// become the user's CV, except on this machine's loopback, where a test server or a local
// mirror has no certificate and nothing crosses a network.
#pragma once

#include <string>

namespace mkcv::net {

// The parts of a URL mkcv decides by, from libcurl's URL parser: the scheme in lower case
// ("https"), the host as written ("dblp.org", "127.0.0.1", "[::1]"); `valid` is false when
// libcurl cannot parse it (or knows no such scheme).
struct UrlParts {
    bool valid = false;
    std::string scheme;
    std::string host;
};
UrlParts url_parts(const std::string& url);

// 127.0.0.1, ::1 (as "[::1]" or "::1") and localhost: the hosts where plain http is allowed.
// Only these names: "127.0.0.2" or "localhost.example" could be anywhere. libcurl's parser
// writes an IPv4 address in its usual form first ("2130706433" and "127.1" are 127.0.0.1,
// where libcurl then connects), so url_parts gives those as 127.0.0.1.
bool is_loopback_host(const std::string& host);

// "" when mkcv may fetch `url`, else why not, as a phrase that follows the URL ("is not an
// https URL: mkcv fetches over HTTPS only, or plain http from this machine's loopback").
std::string fetch_url_problem(const std::string& url);

// "" when a response from `from` may send the request on to `to` (a Location header, already
// made absolute), else why not: the target must pass fetch_url_problem and keep the scheme,
// so an https request never continues in the clear and never reaches file:// or ftp://.
std::string redirect_problem(const std::string& from, const std::string& to);

// `url` as a message may show it: no user name or password, and the value of every query
// parameter whose name says it is a secret (key, token, secret, password, signature) replaced
// by "…". A URL libcurl cannot parse is shown without its query.
std::string url_for_messages(const std::string& url);

}  // namespace mkcv::net
