#include "render/html_check.h"

#include <catch2/catch.hpp>

using namespace mkcv;

namespace {

TemplateMarkup page_markup() {
    TemplateMarkup m;
    add_markup_of(
        "<!doctype html><html><head><title>t</title><script>x</script></head>"
        "<body><h1 class=\"n\">n</h1><a href=\"h\">l</a><img src=\"s\" alt=\"a\">"
        "<table><tr><td>c</td></tr></table></body></html>",
        m);
    return m;
}

}  // namespace

TEST_CASE("HTML that holds only the template's markup reads back", "[output]") {
    const TemplateMarkup m = page_markup();
    // The parser's own <html>, <head>, <body> and <tbody> were never written: not counted.
    CHECK_FALSE(
        html_problem("<h1 class=\"n\">Ada &lt;script&gt; Lovelace</h1>"
                     "<table><tr><td>c</td></tr></table>"
                     "<a href=\"https://example.org/?a=1&amp;b=2\">x</a>"
                     "<a href=\"cv-long.pdf\">x</a><a href=\"mailto:a@b.c\">m</a>",
                     m));
}

TEST_CASE("HTML with markup the template never writes is refused, with its place", "[output]") {
    const TemplateMarkup m = page_markup();
    const auto element = html_problem("<h1 class=\"n\">Ada</h1>\n<p><iframe src=x></iframe>", m);
    REQUIRE(element);
    CHECK(element->what.find("<p>") != std::string::npos);
    CHECK(element->line == 2);
    const auto attribute = html_problem("<img src=\"s\" onerror=\"alert(1)\">", m);
    REQUIRE(attribute);
    CHECK(attribute->what.find("onerror") != std::string::npos);
    const auto script = html_problem("<script>a</script><h1>x</h1><script>b</script>", m);
    REQUIRE(script);
    CHECK(script->what.find("script") != std::string::npos);
}

TEST_CASE("a link the template writes may go only where is_safe_href allows", "[output]") {
    const TemplateMarkup m = page_markup();
    for (const char* link : {"javascript:alert(1)", " JavaScript:alert(1)", "java\tscript:x",
                             "data:text/html,<b>", "vbscript:x"}) {
        INFO(link);
        const auto problem = html_problem(std::string("<a href=\"") + link + "\">x</a>", m);
        REQUIRE(problem);
        CHECK(problem->what.find("href") != std::string::npos);
    }
    CHECK(html_problem("<img src=\"javascript:x\" alt=\"a\">", m));
    // The photo, inlined as mkcv inlines it: a PNG or JPEG in base64, as an image only.
    CHECK_FALSE(html_problem("<img src=\"data:image/png;base64,iVBORw0KGgo=\" alt=\"a\">", m));
    CHECK_FALSE(html_problem("<img src=\"data:image/jpeg;base64,/9j/4AAQ\" alt=\"a\">", m));
    CHECK(html_problem("<a href=\"data:image/png;base64,iVBORw0KGgo=\">x</a>", m));
    CHECK(html_problem("<img src=\"data:image/svg+xml;base64,PHN2Zz4=\" alt=\"a\">", m));
    CHECK(html_problem("<img src=\"data:image/png;base64,<b>\" alt=\"a\">", m));
    CHECK_FALSE(html_problem("<a href=\"\">x</a><a href=\"#papers\">p</a>", m));
}
