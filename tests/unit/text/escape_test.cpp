#include "text/escape.h"

#include <catch2/catch.hpp>

#include "text/latex_escape.h"

using namespace mkcv;

TEST_CASE("LaTeX mode is escape_latex") {
    for (const char* text : {"100% of $5 & #1_a^2~\\{}", "a--b [x]", "赵怡浩 עברית", ""})
        CHECK(escape_text(text, TextFormat::Latex) == escape_latex(text));
}

TEST_CASE("BibTeX mode escapes LaTeX's specials as a .bib field holds them") {
    CHECK(escape_text("A & B 50% $1 #2 a_b", TextFormat::Bibtex) ==
          "A \\& B 50\\% \\$1 \\#2 a\\_b");
    // Never `\{`: BibTeX counts a brace whatever stands before it, so `}}` would close the
    // field and the entry, and the rest would be read as entries of its own.
    CHECK(escape_text("{x}}}", TextFormat::Bibtex) ==
          "\\textbraceleft{}x\\textbraceright{}\\textbraceright{}\\textbraceright{}");
    CHECK(escape_text("\\ ^ ~", TextFormat::Bibtex) == "\\textbackslash{} \\^{} \\~{}");
    CHECK(escape_text("`", TextFormat::Bibtex) == "\\textasciigrave{}");
    CHECK(escape_text("a\nb\tc\x01"
                      "d",
                      TextFormat::Bibtex) == "a b cd");
    // What a reader would turn into other characters reads back as itself.
    CHECK(escape_text("a--b---c Ünï", TextFormat::Bibtex) == "a-{}-b-{}-{}-c Ünï");
    CHECK(escape_text("O'Donoghue", TextFormat::Bibtex) == "O\\textquotesingle{}Donoghue");
}

TEST_CASE("HTML mode escapes markup and both quotes") {
    CHECK(escape_text("<script>alert('x')</script> & \"q\"", TextFormat::Html) ==
          "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;");
    CHECK(escape_text("a\nb\x7f"
                      "c 赵",
                      TextFormat::Html) == "a bc 赵");
    CHECK(escape_text("\\emph{x} $y$", TextFormat::Html) == "\\emph{x} $y$");
}

TEST_CASE("Markdown mode makes inline syntax and line-start markers literal") {
    CHECK(escape_text("*a* _b_ `c` [d](e) <f> | ~g~ & !h \\", TextFormat::Markdown) ==
          "\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) \\<f\\> \\| \\~g\\~ \\& \\!h \\\\");
    CHECK(escape_text("# Title", TextFormat::Markdown) == "\\# Title");
    CHECK(escape_text("- item", TextFormat::Markdown) == "\\- item");
    CHECK(escape_text("2020. A year", TextFormat::Markdown) == "2020\\. A year");
    CHECK(escape_text("In 2020. #1 - x", TextFormat::Markdown) == "In 2020. #1 - x");
    CHECK(escape_text("a\nb", TextFormat::Markdown) == "a b");
}

TEST_CASE("JSON mode escapes a string's inside, safe inside <script>") {
    CHECK(escape_text("a\"b\\c\nd\te\x01", TextFormat::Json) == "a\\\"b\\\\c\\nd\\te\\u0001");
    CHECK(escape_text("</script>&", TextFormat::Json) == "\\u003c/script\\u003e\\u0026");
    CHECK(escape_text("x\u2028y\u2029z 赵", TextFormat::Json) == "x\\u2028y\\u2029z 赵");
    CHECK(escape_text("bad \xff byte", TextFormat::Json) == "bad \uFFFD byte");
}

TEST_CASE("Links in HTML go only to http, https, mailto, tel or relative URLs") {
    for (const char* url :
         {"https://example.org/a?b=1#c", "http://x.org", "HTTPS://X.ORG", "mailto:a@b.org",
          "tel:+44-20", "cv-long.pdf", "/papers/a.pdf", "#top", "a/b:c", "?q=a:b"})
        CHECK(is_safe_href(url));
    for (const char* url :
         {"javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,x", "vbscript:x",
          "java\tscript:alert(1)", "java\nscript:x", " javascript:x", "file:///etc/passwd", "",
          "a b", "java%73cript:x", ":x"})
        CHECK_FALSE(is_safe_href(url));
}

TEST_CASE("encode_uri percent-encodes what a URI cannot hold, and nothing else") {
    CHECK(encode_uri("https://example.org/~zoe/a_b%20c#top?x=1&y=(2)") ==
          "https://example.org/~zoe/a_b%20c#top?x=1&y=(2)");
    CHECK(encode_uri("https://x.org/\"><img src=x>") == "https://x.org/%22%3E%3Cimg%20src=x%3E");
    CHECK(encode_uri("https://例.jp/ü") == "https://%E4%BE%8B.jp/%C3%BC");
    CHECK(encode_uri("a%zz%4") == "a%25zz%254");
    CHECK(encode_uri("a\\b^c`d{e|f}") == "a%5Cb%5Ec%60d%7Be%7Cf%7D");
}

TEST_CASE("Markdown mode keeps one leading or trailing blank: no code block, no line break") {
    CHECK(escape_text("    code", TextFormat::Markdown) == " code");
    CHECK(escape_text("  # x", TextFormat::Markdown) == " \\# x");
    CHECK(escape_text("a    b", TextFormat::Markdown) == "a    b");
    CHECK(escape_text("\n\n \t\n    x", TextFormat::Markdown) == " x");
    CHECK(escape_text("x  \n", TextFormat::Markdown) == "x ");
    CHECK(escape_text("x ", TextFormat::Markdown) == "x ");
}

TEST_CASE("Markdown mode keeps bare URLs from becoming GitHub links") {
    CHECK(escape_text("see https://x.org/a", TextFormat::Markdown) == "see https\\://x.org/a");
    CHECK(escape_text("WWW.x.org and www.y.org", TextFormat::Markdown) ==
          "WWW\\.x.org and www\\.y.org");
    CHECK(escape_text("a: b", TextFormat::Markdown) == "a: b");
}
