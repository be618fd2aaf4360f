#include "text/inline_markup.h"

#include <catch2/catch.hpp>

#include <random>

#include "text/latex_escape.h"
#include "text/rich_text.h"

using namespace mkcv;

namespace {

// The parse as HTML: one string shows the marks and the text between them.
std::string html(const std::string& source) {
    const InlineMarkup m = parse_inline_markup(source);
    return render_text(m.plain, m.runs, TextFormat::Html);
}

std::string joined_text(const RichText& runs) {
    std::string out;
    for (const auto& run : runs)
        if (run.kind == TextRun::Kind::Text)
            out += run.text;
    return out;
}

}  // namespace

TEST_CASE("inline markup: what is parsed, and the plain text left") {
    struct Case {
        const char* source;
        const char* plain;
        const char* html;
    };
    const Case cases[] = {
        {"*em*", "em", "<em>em</em>"},
        {"_em_", "em", "<em>em</em>"},
        {"**strong**", "strong", "<strong>strong</strong>"},
        {"__strong__", "strong", "<strong>strong</strong>"},
        {"`code`", "code", "<code>code</code>"},
        {"`` a`b ``", "a`b", "<code>a`b</code>"},
        {"`*not em* <b> &amp;`", "*not em* <b> &amp;", "<code>*not em* &lt;b&gt; &amp;amp;</code>"},
        {"[text](https://x.org)", "text", "<a href=\"https://x.org\">text</a>"},
        {"see [the **paper**](https://x.org).", "see the paper.",
         "see <a href=\"https://x.org\">the <strong>paper</strong></a>."},
        // nesting
        {"***both***", "both", "<em><strong>both</strong></em>"},
        {"*a **b** c*", "a b c", "<em>a <strong>b</strong> c</em>"},
        {"**a *b* c**", "a b c", "<strong>a <em>b</em> c</strong>"},
        // escapes and unclosed marks
        {"\\*not\\* \\_em\\_", "*not* _em_", "*not* _em_"},
        {"a\\\\b \\a", "a\\b \\a", "a\\b \\a"},
        {"*unclosed", "*unclosed", "*unclosed"},
        {"**a*", "*a", "*<em>a</em>"},
        {"*a**", "a*", "<em>a</em>*"},
        {"2 * 3 * 4", "2 * 3 * 4", "2 * 3 * 4"},
        {"snake_case_name", "snake_case_name", "snake_case_name"},
        {"Yihao Zhao*", "Yihao Zhao*", "Yihao Zhao*"},
        // URLs keep _ % # ~ and balanced or escaped parentheses
        {"[t](https://x.org/a_b%20c#d~e_(f))", "t",
         "<a href=\"https://x.org/a_b%20c#d~e_(f)\">t</a>"},
        {"[t](https://x.org/a\\)b)", "t", "<a href=\"https://x.org/a)b\">t</a>"},
        {"[t](https://x.org/?a=1&amp;b=2)", "t",
         "<a href=\"https://x.org/?a=1&amp;amp;b=2\">t</a>"},
        {"[t](https://x.org \"title\")", "t", "<a href=\"https://x.org\">t</a>"},
        // CJK around marks
        {"这是**重要**的", "这是重要的", "这是<strong>重要</strong>的"},
        {"**중요**한 것", "중요한 것", "<strong>중요</strong>한 것"},
        {"*强调*和`代码`", "强调和代码", "<em>强调</em>和<code>代码</code>"},
        // block syntax at a line's start is text
        {"# Title *x*", "# Title x", "# Title <em>x</em>"},
        {"1. first *x*", "1. first x", "1. first <em>x</em>"},
        {"- item *x*", "- item x", "- item <em>x</em>"},
        {"> quote *x*", "> quote x", "&gt; quote <em>x</em>"},
        {"    four spaces *x*", "    four spaces x", "    four spaces <em>x</em>"},
        {"--- *x*\n---", "--- x\n---", "--- <em>x</em> ---"},
        {"a *x*\n===", "a x\n===", "a <em>x</em> ==="},
        {"*x*\n# not a heading\n- nor a list", "x\n# not a heading\n- nor a list",
         "<em>x</em> # not a heading - nor a list"},
        {"[a]: https://x.org\n[a] *x*", "[a]: https://x.org\n[a] x",
         "[a]: https://x.org [a] <em>x</em>"},
        {"<div>*x*</div>", "<div>x</div>", "&lt;div&gt;<em>x</em>&lt;/div&gt;"},
        // a fence is no code block: its backticks are a code span, as in a line
        {"```\nco  de\n``` *x*", "co  de x", "<code>co  de</code> <em>x</em>"},
        {"`![a](b) <c>` ![d](e)", "![a](b) <c> ![d](e)", "<code>![a](b) &lt;c&gt;</code> ![d](e)"},
        // raw HTML, autolinks, entities, images and hard breaks are text
        {"<b>x</b> *y*", "<b>x</b> y", "&lt;b&gt;x&lt;/b&gt; <em>y</em>"},
        {"<https://x.org> *y*", "<https://x.org> y", "&lt;https://x.org&gt; <em>y</em>"},
        {"&amp; &#35; &copy; *y*", "&amp; &#35; &copy; y",
         "&amp;amp; &amp;#35; &amp;copy; <em>y</em>"},
        {"\\&amp; *y*", "&amp; y", "&amp;amp; <em>y</em>"},
        {"![alt](https://x.org/i.png) *y*", "![alt](https://x.org/i.png) y",
         "![alt](https://x.org/i.png) <em>y</em>"},
        {"\\![a](https://x.org)", "!a", "!<a href=\"https://x.org\">a</a>"},
        {"a  \nb *c*", "a  \nb c", "a   b <em>c</em>"},
        {"a\\\nb *c*", "a\\\nb c", "a\\ b <em>c</em>"},
        // spaces survive: leading, trailing, runs, line breaks
        {"  lead  *x*  trail  ", "  lead  x  trail  ", "  lead  <em>x</em>  trail  "},
        {"*a*\n\n  *b*\n", "a\n\n  b\n", "<em>a</em>    <em>b</em> "},
        {"\t*a*\t", "\ta\t", " <em>a</em> "},
        // hostile text inside marks stays text
        {"*<script>alert(1)</script>*", "<script>alert(1)</script>",
         "<em>&lt;script&gt;alert(1)&lt;/script&gt;</em>"},
        {"[x](javascript:alert(1))", "x", "x"},
        {"*^^5c* \\^^5c", "^^5c ^^5c", "<em>^^5c</em> ^^5c"},
    };
    for (const Case& c : cases) {
        INFO(c.source);
        const InlineMarkup m = parse_inline_markup(c.source);
        CHECK(m.plain == c.plain);
        CHECK(html(c.source) == c.html);
        if (!m.runs.empty())
            CHECK(joined_text(m.runs) == m.plain);
    }
}

TEST_CASE("inline markup in each format") {
    struct Case {
        const char* source;
        const char* markdown;
        const char* json;
    };
    const Case cases[] = {
        {"*em* and **strong**", "*em* and **strong**", "em and strong"},
        {"`a_b` `` x`y ``", "`a_b` ``x`y``", "a_b x`y"},
        {"` `` `", "``` `` ```", "``"},
        {"***both***", "*__both__*", "both"},
        {"\\*lit\\* 1. # [a]", "\\*lit\\* 1. # \\[a\\]", "*lit* 1. # [a]"},
        {"这是**重要**的", "这是**重要**的", "这是重要的"},
        {"[x](javascript:alert(1))", "x", "x"},
        {"[x](https://x.org/(a)) <b>", "[x](https://x.org/%28a%29) \\<b\\>", "x \\u003cb\\u003e"},
    };
    for (const Case& c : cases) {
        INFO(c.source);
        const InlineMarkup m = parse_inline_markup(c.source);
        CHECK(render_text(m.plain, m.runs, TextFormat::Markdown) == c.markdown);
        CHECK(render_text(m.plain, m.runs, TextFormat::Json) == c.json);
    }
    struct LatexCase {
        const char* source;
        std::string latex;
    };
    const LatexCase latex[] = {
        {"*em* and **strong**", "\\emph{em} and \\textbf{strong}"},
        {"***both***", "\\emph{\\textbf{both}}"},
        {"*a & b* `c%` 50%", "\\emph{" + escape_latex("a & b") + "} \\texttt{" +
                                 escape_latex("c%") + "}" + escape_latex(" 50%")},
        {"这是**重要**的",
         escape_latex("这是") + "\\textbf{" + escape_latex("重要") + "}" + escape_latex("的")},
        {"[t](https://x.org/a_b%20c#d~e_(f))",
         "\\href{" + escape_href("https://x.org/a_b%20c#d~e_(f)") + "}{t}"},
        {"[x](javascript:alert(1)) *^^5c*", "x \\emph{" + escape_latex("^^5c") + "}"},
        {"\\*lit\\* # 1.", escape_latex("*lit* # 1.")},
    };
    // A .bib (mkcv export bib) gets a link's text only, as BibTeX links print.
    const InlineMarkup bib = parse_inline_markup("*a* [t](https://x.org)");
    CHECK(render_text(bib.plain, bib.runs, TextFormat::Bibtex) == "\\emph{a} t");
    for (const LatexCase& c : latex) {
        INFO(c.source);
        const InlineMarkup m = parse_inline_markup(c.source);
        CHECK(render_text(m.plain, m.runs, TextFormat::Latex) == c.latex);
        CHECK(render_text(m.plain, m.runs, TextFormat::Latex).find("^^") == std::string::npos);
    }
}

TEST_CASE("inline markup: a link's Open run has its URL and the column of its opening bracket") {
    const InlineMarkup m = parse_inline_markup("ab [x](https://x.org)", [](std::size_t offset) {
        return SourcePos{7, static_cast<int>(offset) + 1};
    });
    REQUIRE(m.runs.size() == 4);
    CHECK(m.runs[1].kind == TextRun::Kind::Open);
    CHECK(m.runs[1].mark == Mark::Link);
    CHECK(m.runs[1].text == "https://x.org");
    CHECK(m.runs[1].latex == "href");
    CHECK(m.runs[1].pos.line == 7);
    CHECK(m.runs[1].pos.column == 4);
}

TEST_CASE("inline markup: deep nesting and long texts are plain text") {
    std::string deep;
    for (int i = 0; i < kMaxMarkupDepth + 2; ++i)
        deep += i % 2 ? "*x " : "_x ";
    deep += "y";
    for (int i = kMaxMarkupDepth + 1; i >= 0; --i)
        deep += i % 2 ? "*" : "_";
    CHECK(parse_inline_markup(deep).runs.empty());
    CHECK(parse_inline_markup(deep).plain == deep);
    std::string shallow = "_x *y* z_";
    CHECK(!parse_inline_markup(shallow).runs.empty());
    const std::string long_text = std::string(kMaxMarkupBytes, 'a') + "*b*";
    CHECK(parse_inline_markup(long_text).runs.empty());
    CHECK(parse_inline_markup(std::string(50000, '[')).plain == std::string(50000, '['));
    CHECK(parse_inline_markup(std::string(5000, '*') + "a" + std::string(5000, '*')).plain.size() >
          0);
}

// `text` with each run of blanks at its start and end made one space.
static std::string blanks_at_ends_as_one(std::string text) {
    const auto first = text.find_first_not_of(' ');
    if (first == std::string::npos)
        return text.empty() ? text : " ";
    if (first > 0)
        text.replace(0, first, " ");
    const auto last = text.find_last_not_of(' ');
    if (last + 1 < text.size() - 1)
        text.replace(last + 1, std::string::npos, " ");
    return text;
}

// Random texts of markup characters: the text runs always join to the plain text, and the
// Markdown printed for a text reads back as the same marks and text (it is valid Markdown
// and its literal characters stay literal).
TEST_CASE("inline markup: Markdown output reads back as the same text") {
    const std::vector<std::string> pieces = {
        "a",  "b", " ", "*", "**", "_", "`", "[",  "]", "(",     ")",
        "\\", "!", "<", "&", "é",  "#", "-", "1.", ":", "x.org", "](https://x.org)",
        "中"};
    std::mt19937 random(12);
    int literal = 0;
    for (int n = 0; n < 20000; ++n) {
        std::string source;
        const int length = 1 + static_cast<int>(random() % 10);
        for (int i = 0; i < length; ++i)
            source += pieces[random() % pieces.size()];
        INFO(source);
        const InlineMarkup m = parse_inline_markup(source);
        if (m.runs.empty()) {
            CHECK(m.plain.size() <= source.size());
            continue;
        }
        CHECK(joined_text(m.runs) == m.plain);
        const std::string markdown = render_text(m.plain, m.runs, TextFormat::Markdown);
        INFO(markdown);
        const InlineMarkup again = parse_inline_markup(markdown);
        // Markdown output keeps one blank of a run at either end of a value (more would be
        // a code block or a hard line break; text/escape.cpp), and only there differs.
        CHECK(blanks_at_ends_as_one(again.plain) == blanks_at_ends_as_one(m.plain));
        if (markdown == escape_text(m.plain, TextFormat::Markdown)) {
            ++literal;  // the marks would not read back: printed without them
            continue;
        }
        CHECK(render_text(again.plain, again.runs, TextFormat::Html) ==
              render_text(m.plain, m.runs, TextFormat::Html));
    }
    CHECK(literal < 200);  // of 20,000 random texts
}
