#include "text/rich_text.h"

#include <catch2/catch.hpp>

#include "text/latex_escape.h"

using namespace mkcv;

namespace {

TextRun text(std::string s) {
    return {TextRun::Kind::Text, Mark::Group, std::move(s), "", {}};
}
TextRun open(Mark mark, std::string command = {}, std::string url = {}) {
    return {TextRun::Kind::Open, mark, std::move(url), std::move(command), {}};
}
TextRun close(Mark mark) {
    return {TextRun::Kind::Close, mark, "", "", {}};
}
TextRun latex(std::string plain, std::string code) {
    return {TextRun::Kind::Latex, Mark::Group, std::move(plain), std::move(code), {}};
}

}  // namespace

TEST_CASE("plain text prints escaped in every format") {
    const std::string plain = "A & B <c> *d*";
    for (const auto format : {TextFormat::Latex, TextFormat::Bibtex, TextFormat::Html,
                              TextFormat::Markdown, TextFormat::Json})
        CHECK(render_text(plain, {}, format) == escape_text(plain, format));
}

TEST_CASE("marks print as each format's markup") {
    const RichText runs{text("An "),   open(Mark::Emphasis, "textit"),
                        text("x & y"), close(Mark::Emphasis),
                        text(" "),     open(Mark::Strong),
                        text("B"),     close(Mark::Strong),
                        text(" "),     latex("α", "$\\alpha$")};
    const std::string plain = "An x & y B α";
    CHECK(render_text(plain, runs, TextFormat::Latex) ==
          "An \\textit{x \\& y} \\textbf{B} $\\alpha$");
    CHECK(render_text(plain, runs, TextFormat::Html) ==
          "An <em>x &amp; y</em> <strong>B</strong> α");
    CHECK(render_text(plain, runs, TextFormat::Markdown) == "An *x \\& y* **B** α");
    CHECK(render_text(plain, runs, TextFormat::Json) == escape_text(plain, TextFormat::Json));
    CHECK(needs_latex(runs));
}

TEST_CASE("a language span: mkcvlang in LaTeX, <span lang> in HTML, its text elsewhere") {
    const RichText runs{text("With "), open(Mark::Language, "JP", "ja"), text("佐藤 & 健一"),
                        close(Mark::Language), text(".")};
    const std::string plain = "With 佐藤 & 健一.";
    CHECK(render_text(plain, runs, TextFormat::Latex) ==
          "With \\mkcvlang{JP}{\\mkcvcjk{佐藤} \\& \\mkcvcjk{健一}}.");
    CHECK(render_text(plain, runs, TextFormat::Bibtex) == "With {佐藤 \\& 健一}.");
    CHECK(render_text(plain, runs, TextFormat::Html) ==
          "With <span lang=\"ja\">佐藤 &amp; 健一</span>.");
    CHECK(render_text(plain, runs, TextFormat::Markdown) == "With 佐藤 \\& 健一.");
    CHECK(render_text(plain, runs, TextFormat::Json) == escape_text(plain, TextFormat::Json));
    CHECK(is_markup_only(runs));
    // Only the five regions of mkcv-base's \mkcvlang are ever printed as its argument.
    const RichText forged{open(Mark::Language, "JP}\\input{x", "ja"), text("a"),
                          close(Mark::Language)};
    CHECK(render_text("a", forged, TextFormat::Latex) == "{a}");
    CHECK_FALSE(is_markup_only(forged));
}

TEST_CASE("plain runs between marks are escaped in one piece in LaTeX") {
    // "-" and "-" from two runs joined by a link still get their ligature break.
    const RichText runs{
        open(Mark::Style, "textsc"),           text("x"),  close(Mark::Style), text("a-"),
        open(Mark::Link, {}, "https://x.org"), text("-b"), close(Mark::Link)};
    CHECK(render_text("xa--b", runs, TextFormat::Latex) == "\\textsc{x}" + escape_latex("a--b"));
    CHECK(render_text("xa--b", runs, TextFormat::Html) == "xa-<a href=\"https://x.org\">-b</a>");
}

TEST_CASE("links only: LaTeX prints the plain text, and unsafe URLs are no links") {
    const RichText runs{
        open(Mark::Link, {}, "javascript:alert(1)"), text("x"), close(Mark::Link), text(" "),
        open(Mark::Link, {}, "https://x.org/a_(b)"), text("y"), close(Mark::Link)};
    CHECK_FALSE(needs_latex(runs));
    CHECK(render_text("x  y_", runs, TextFormat::Latex) == "x  y\\_");  // the plain form
    CHECK(render_text("", runs, TextFormat::Html) == "x <a href=\"https://x.org/a_(b)\">y</a>");
    CHECK(render_text("", runs, TextFormat::Markdown) == "x [y](https://x.org/a_%28b%29)");
}

TEST_CASE("verbatim LaTeX prints its plain fallback outside LaTeX, escaped") {
    const RichText runs{open(Mark::Group),  latex("", "\\sc "), text("Sys<"),
                        close(Mark::Group), text(" "),          latex("a<b", "$a<b$")};
    CHECK(render_text("Sys< a<b", runs, TextFormat::Latex) == "{\\sc Sys<} $a<b$");
    CHECK(render_text("Sys< a<b", runs, TextFormat::Html) == "Sys&lt; a&lt;b");
    CHECK(render_text("Sys< a<b", runs, TextFormat::Markdown) == "Sys\\< a\\<b");
}

TEST_CASE("unbalanced runs still give balanced markup") {
    const RichText runs{close(Mark::Strong), open(Mark::Emphasis), text("x"), open(Mark::Strong),
                        text("y")};
    CHECK(render_text("xy", runs, TextFormat::Html) == "<em>x<strong>y</strong></em>");
}

TEST_CASE("a font switch marks the rest of its group outside LaTeX") {
    TextRun em = latex("", "\\em ");
    em.mark = Mark::Emphasis;
    const RichText runs{text("a "), open(Mark::Group),  em,
                        text("b"),  close(Mark::Group), text(" c")};
    CHECK(render_text("a b c", runs, TextFormat::Latex) == "a {\\em b} c");
    CHECK(render_text("a b c", runs, TextFormat::Html) == "a <em>b</em> c");
    CHECK(render_text("a b c", runs, TextFormat::Markdown) == "a *b* c");
    // Outside any group: to the end of the text.
    const RichText bare{em, text("b")};
    CHECK(render_text("b", bare, TextFormat::Html) == "<em>b</em>");
}
