// The header lines mkcv sends: its User-Agent with the owner's email, the caller's lines and
// the validators a cache file gives back, none able to start a line of its own.
#include <string>

#include <catch2/catch.hpp>

#include "net/request_headers.h"
#include "util/version.h"

using namespace mkcv::net;

TEST_CASE("the User-Agent names mkcv and the owner's email", "[request_headers]") {
    const std::string agent = user_agent("ada@example.org");
    CHECK(agent.rfind(std::string("mkcv/") + mkcv::kVersion + " (+https://github.com/", 0) == 0);
    CHECK(agent.find("; mailto:ada@example.org)") != std::string::npos);
    CHECK(user_agent("").find("mailto") == std::string::npos);
    CHECK(user_agent("").back() == ')');
}

TEST_CASE("an email that could break the header is left out", "[request_headers]") {
    CHECK(is_contact_email("first.last+cv@sub.example-uni.edu"));
    for (const char* bad : {"ada@example.org\r\nX-Evil: 1", "ada@example.org)", "a b@example.org",
                            "ada", "@example.org", "ada@", "a@b@c", "ada@exa;mple.org",
                            "ada@.example.org", "ada@example..org", "\"ada\"@example.org"}) {
        INFO(bad);
        CHECK_FALSE(is_contact_email(bad));
        CHECK(user_agent(bad).find("mailto") == std::string::npos);
    }
}

TEST_CASE("header lines are checked before they are sent", "[request_headers]") {
    CHECK(header_line_problem("Accept: application/json").empty());
    CHECK(header_line_problem("x-api-key: abc\tdef").empty());
    CHECK_FALSE(header_line_problem("Accept: a\r\nX-Evil: 1").empty());
    CHECK_FALSE(header_line_problem(std::string("Accept: a\0b", 11)).empty());
    CHECK_FALSE(header_line_problem("no colon").empty());
    CHECK_FALSE(header_line_problem(": value").empty());
    CHECK_FALSE(header_line_problem("Bad Name: value").empty());
    CHECK_FALSE(header_line_problem("Name: " + std::string(9000, 'a')).empty());
}

TEST_CASE("conditional headers come only from well-formed validators", "[request_headers]") {
    CHECK(conditional_headers("\"abc\"", "Wed, 21 Oct 2015 07:28:00 GMT") ==
          std::vector<std::string>{"If-None-Match: \"abc\"",
                                   "If-Modified-Since: Wed, 21 Oct 2015 07:28:00 GMT"});
    CHECK(conditional_headers("", "").empty());
    CHECK(conditional_headers("\"a\"\r\nX-Evil: 1", "").empty());
    CHECK(conditional_headers(std::string(2000, 'a'), "").empty());
}
