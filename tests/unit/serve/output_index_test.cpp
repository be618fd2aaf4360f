// The made-up index links what the build wrote, escaped and percent-encoded.
#include <catch2/catch.hpp>

#include "serve/output_index.h"

using namespace mkcv;

TEST_CASE("the index links each output, escaped", "[serve]") {
    const std::string page =
        output_index_page("cv<1>.toml", {"cv-homepage.html", "a \"b\"&<c>.pdf"});
    CHECK(page.find("<h1>cv&lt;1&gt;.toml</h1>") != std::string::npos);
    CHECK(page.find("<a href=\"cv-homepage.html\">cv-homepage.html</a>") != std::string::npos);
    CHECK(
        page.find("<a href=\"a%20%22b%22%26%3Cc%3E.pdf\">a &quot;b&quot;&amp;&lt;c&gt;.pdf</a>") !=
        std::string::npos);
    CHECK(output_index_page("cv.toml", {}).find("Nothing is built yet.") != std::string::npos);
}

TEST_CASE("paths become relative URLs", "[serve]") {
    CHECK(url_of_path("papers/a b.bib") == "papers/a%20b.bib");
    CHECK(url_of_path("简.pdf") == "%E7%AE%80.pdf");
    CHECK(url_of_path("javascript:alert(1)") == "javascript%3Aalert%281%29");
}
