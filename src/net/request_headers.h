// The header lines of a request. Each one's name and value come from code or from cv.toml (the
// owner's email) or from a cache file (an ETag), so each is checked before it reaches the
// wire: a line break in a value would end the header and start another the server obeys.
#pragma once

#include <string>
#include <vector>

namespace mkcv::net {

// Whether `email` may go into the User-Agent: one @, a local part of the characters an
// address may hold unquoted, a domain of letters, digits, dots and hyphens, 254 characters
// at most. Anything else (a space, a quote, a line break, a parenthesis that would end the
// comment) is left out rather than escaped.
bool is_contact_email(const std::string& email);

// "mkcv/<version> (+https://github.com/<repository>; mailto:<email>)", the form Crossref and
// OpenAlex ask of polite clients so they can write before they block; without "; mailto:…"
// when `email` is empty or not is_contact_email.
std::string user_agent(const std::string& email);

// "" when `line` is a header line mkcv may send ("Accept: application/json"), else why not:
// a name of token characters, a colon, a value of visible ASCII, spaces and tabs, at most
// 8 KiB; never a line break or a NUL.
std::string header_line_problem(const std::string& line);

// Whether `value` may be sent back as a validator (If-None-Match, If-Modified-Since): visible
// ASCII and spaces, 1 to 1024 characters. An ETag or a date from a server or a cache file
// that is not is dropped, and the request is made unconditionally.
bool is_validator(const std::string& value);

// The conditional header lines for a cached answer's validators (either may be empty).
std::vector<std::string> conditional_headers(const std::string& etag,
                                             const std::string& last_modified);

}  // namespace mkcv::net
