// Which URLs mkcv fetches (HTTPS, plain http on loopback only), which redirects it follows
// (same scheme, never file://), and how a URL with a secret is shown.
#include <string>

#include <catch2/catch.hpp>

#include "net/url_policy.h"

using namespace mkcv::net;

TEST_CASE("https URLs are fetched, plain http only on loopback", "[url_policy]") {
    CHECK(fetch_url_problem("https://dblp.org/pid/l/MichaelLey.xml").empty());
    CHECK(fetch_url_problem("HTTPS://api.openalex.org/works?filter=author.id:A1").empty());
    CHECK(fetch_url_problem("http://127.0.0.1:8080/pid/x.xml").empty());
    CHECK(fetch_url_problem("http://localhost:8080/").empty());
    CHECK(fetch_url_problem("http://[::1]:8080/").empty());
    CHECK(fetch_url_problem("http://dblp.org/pid/x.xml").find("HTTPS only") != std::string::npos);
    // Only the exact loopback names: these could be anywhere.
    CHECK_FALSE(fetch_url_problem("http://127.0.0.2/").empty());
    CHECK_FALSE(fetch_url_problem("http://localhost.example.org/").empty());
    CHECK_FALSE(fetch_url_problem("http://127.0.0.1.nip.io/").empty());
    // libcurl reads these as 127.0.0.1, and connects there.
    CHECK(url_parts("http://2130706433/").host == "127.0.0.1");
    CHECK(fetch_url_problem("http://2130706433/").empty());
    CHECK_FALSE(fetch_url_problem("http://2130706434/").empty());
}

TEST_CASE("no scheme but https and loopback http is fetched", "[url_policy]") {
    CHECK(fetch_url_problem("file:///etc/passwd").find("never file://") != std::string::npos);
    CHECK_FALSE(fetch_url_problem("ftp://example.org/x").empty());
    CHECK_FALSE(fetch_url_problem("gopher://127.0.0.1/x").empty());
    CHECK_FALSE(fetch_url_problem("ftp://127.0.0.1/x").empty());
    CHECK_FALSE(fetch_url_problem("dict://127.0.0.1/x").empty());
    CHECK_FALSE(fetch_url_problem("dblp.org/pid/x.xml").empty());
    CHECK_FALSE(fetch_url_problem("").empty());
    CHECK_FALSE(fetch_url_problem("https://dblp.org/pid/x.xml\r\nHost: evil").empty());
    CHECK_FALSE(fetch_url_problem("https://dblp.org/a b").empty());
}

TEST_CASE("a redirect keeps its scheme and passes the URL check", "[url_policy]") {
    CHECK(redirect_problem("https://dblp.org/a", "https://www.dblp.org/b").empty());
    CHECK(redirect_problem("http://127.0.0.1:1/a", "http://127.0.0.1:1/b").empty());
    CHECK(redirect_problem("https://dblp.org/a", "http://dblp.org/b").find("HTTPS only") !=
          std::string::npos);
    // https to http on loopback is allowed as a URL, but not as a redirect from https.
    CHECK(redirect_problem("https://dblp.org/a", "http://127.0.0.1/b").find("changes the scheme") !=
          std::string::npos);
    CHECK(redirect_problem("http://127.0.0.1:1/a", "https://127.0.0.1:1/b")
              .find("changes the scheme") != std::string::npos);
    CHECK(redirect_problem("http://127.0.0.1:1/a", "file:///etc/passwd").find("file://") !=
          std::string::npos);
    CHECK_FALSE(redirect_problem("http://127.0.0.1:1/a", "ftp://127.0.0.1/x").empty());
    CHECK_FALSE(redirect_problem("http://127.0.0.1:1/a", "http://example.org/x").empty());
}

TEST_CASE("a URL in a message shows no password or key", "[url_policy]") {
    CHECK(url_for_messages("https://dblp.org/pid/l/x.xml") == "https://dblp.org/pid/l/x.xml");
    CHECK(url_for_messages("https://user:hunter2@example.org/x") == "https://example.org/x");
    const std::string shown =
        url_for_messages("https://api.example.org/works?filter=a:b&api_key=SECRET1&Token=SECRET2");
    CHECK(shown.find("SECRET") == std::string::npos);
    CHECK(shown.find("filter=a:b") != std::string::npos);
    CHECK(shown.find("api_key=…") != std::string::npos);
    CHECK(url_for_messages("not a url?key=SECRET").find("SECRET") == std::string::npos);
}

TEST_CASE("the parts of a URL are read by libcurl", "[url_policy]") {
    const UrlParts parts = url_parts("HTTPS://DBLP.org:443/pid");
    CHECK(parts.valid);
    CHECK(parts.scheme == "https");
    CHECK(parts.host == "dblp.org");
    CHECK(is_loopback_host("[::1]"));
    CHECK(is_loopback_host("LOCALHOST"));
    CHECK_FALSE(is_loopback_host("127.1"));
}
