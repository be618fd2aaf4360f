#include "render/template_markup.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("a template's markup is what its own text writes, values left out", "[output]") {
    Template t;
    t.main = {"t/cv.html.mustache",
              "<!-- <iframe src=x> --><html><Body class=\"<<x>>\"><a HREF=\"<<href>>\" "
              "data-kind='<<kind>>' hidden>x</a><<#papers>><p><<{raw}>></p><</papers>>"
              "<script>if (a<b) document.write('<img onerror=1>')</script></body></html>"};
    t.partials["row"] = {"t/row.html.mustache", "<details open><summary>s</summary></details>"};
    const TemplateMarkup m = markup_of(t);
    CHECK(m.elements ==
          std::set<std::string>{"a", "body", "details", "html", "p", "script", "summary"});
    CHECK(m.attributes == std::set<std::string>{"class", "data-kind", "hidden", "href", "open"});
    CHECK(m.scripts == 1);
}

TEST_CASE("the markup scanner always ends, whatever the text", "[output]") {
    TemplateMarkup m;
    for (const char* text : {"<", "<a", "<a b='", "<a b=\"c", "<a =", "<a \"", "</", "<!--",
                             "<script>", "<a b=c", "<a/b/>"})
        add_markup_of(text, m);
    CHECK(m.elements.count("a") == 1);
}

TEST_CASE("an HTML output may also hold the markup typed text prints, Markdown not", "[output]") {
    Template html;
    html.manifest.format = TextFormat::Html;
    html.main = {"t/cv.html.mustache", "<p><<summary>></p>"};
    const TemplateMarkup page = allowed_markup(html);
    for (const char* element : {"p", "em", "strong", "code", "span", "a"})
        CHECK(page.elements.count(element) == 1);
    CHECK(page.attributes == std::set<std::string>{"href", "lang"});
    Template md;
    md.manifest.format = TextFormat::Markdown;
    md.main = {"t/cv.md.mustache", "# <<person.name>>"};
    CHECK(allowed_markup(md).elements.empty());
}
