// Files go out with the type of their extension, from an allow-list; others not at all.
#include <catch2/catch.hpp>

#include "serve/content_types.h"

using namespace mkcv;

TEST_CASE("served files get the type of their extension", "[serve]") {
    CHECK(content_type_for("index.html") == "text/html; charset=utf-8");
    CHECK(content_type_for("CV.PDF") == "application/pdf");
    CHECK(content_type_for("photo.jpeg") == "image/jpeg");
    CHECK(content_type_for("smith2020.bib") == "text/plain; charset=utf-8");
    CHECK(content_type_for("style.css") == "text/css; charset=utf-8");
    CHECK(is_html_type(*content_type_for("a.htm")));
    CHECK_FALSE(is_html_type(*content_type_for("a.bib")));
}

TEST_CASE("files of other kinds are not served", "[serve]") {
    for (const char* name : {"cv.toml", "a.sh", "a.exe", "Makefile", ".html", "a.html.", "a.phtml",
                             "a.shtml", "cv-long.state", "a.html\\x"})
        CHECK_FALSE(content_type_for(name));
}
