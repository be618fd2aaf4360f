#include "net/request_headers.h"

#include <cctype>

#include "util/version.h"

namespace mkcv::net {
namespace {

bool is_token_char(char c) {
    // RFC 9110's tchar.
    return std::isalnum(static_cast<unsigned char>(c)) ||
           std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

bool is_visible_or_space(char c) {
    return (c >= 0x20 && c <= 0x7e) || c == '\t';
}

}  // namespace

bool is_contact_email(const std::string& email) {
    if (email.empty() || email.size() > 254)
        return false;
    const std::size_t at = email.find('@');
    if (at == std::string::npos || at == 0 || at + 1 == email.size() ||
        email.find('@', at + 1) != std::string::npos)
        return false;
    for (std::size_t i = 0; i < at; ++i) {
        const char c = email[i];
        // RFC 5322's atext and dots; no parentheses or semicolons, which end the comment
        // the email sits in.
        if (!std::isalnum(static_cast<unsigned char>(c)) &&
            std::string_view(".!#$%&'*+/=?^_`{|}~-").find(c) == std::string_view::npos)
            return false;
    }
    const std::string domain = email.substr(at + 1);
    if (domain.front() == '.' || domain.back() == '.' || domain.find("..") != std::string::npos)
        return false;
    for (const char c : domain)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '.' && c != '-')
            return false;
    return true;
}

std::string user_agent(const std::string& email) {
    std::string agent =
        std::string("mkcv/") + kVersion + " (+https://github.com/" + kGithubRepository;
    if (is_contact_email(email))
        agent += "; mailto:" + email;
    return agent + ")";
}

std::string header_line_problem(const std::string& line) {
    if (line.size() > 8192)
        return "is longer than 8 KiB";
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos || colon == 0)
        return "has no header name before a colon";
    for (std::size_t i = 0; i < colon; ++i)
        if (!is_token_char(line[i]))
            return "has a header name with a character a name cannot hold";
    for (std::size_t i = colon + 1; i < line.size(); ++i)
        if (!is_visible_or_space(line[i]))
            return "has a control character or a line break in its value";
    return "";
}

bool is_validator(const std::string& value) {
    if (value.empty() || value.size() > 1024)
        return false;
    for (const char c : value)
        if (c < 0x20 || c > 0x7e)
            return false;
    return true;
}

std::vector<std::string> conditional_headers(const std::string& etag,
                                             const std::string& last_modified) {
    std::vector<std::string> lines;
    if (is_validator(etag))
        lines.push_back("If-None-Match: " + etag);
    if (is_validator(last_modified))
        lines.push_back("If-Modified-Since: " + last_modified);
    return lines;
}

}  // namespace mkcv::net
