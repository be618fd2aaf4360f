// Hostile .bib input: TeX payloads in every spelling, and each crash or blow-up found in
// issue 10 (the reproducers are in tests/data/bibtex/hostile/, which also seeds the fuzzer).

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "bib/bibliography.h"
#include "bib/latex_text.h"
#include "bib/reader.h"
#include "text/latex_escape.h"
#include "util/utf8.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

std::string hostile(const std::string& name) {
    std::ifstream in(std::string(MKCV_TEST_SOURCE_DIR) + "/tests/data/bibtex/hostile/" + name,
                     std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    REQUIRE(!text.str().empty());
    return text.str();
}

std::vector<BibEntry> read_hostile(const std::string& text, Diagnostics& d) {
    reset_bibtex_macros();
    return read_bibtex(text, "h.bib", d);
}

bool has(const Diagnostics& d, const std::string& code, const std::string& part, int line = 0) {
    for (const auto& item : d.items())
        if (item.code == code && item.message.find(part) != std::string::npos &&
            (line == 0 || item.pos.line == line))
            return true;
    return false;
}

}  // namespace

TEST_CASE("TeX payloads are refused in every spelling and print as literal text",
          "[bibtex][security]") {
    const char* const payloads[] = {
        // ^^ notation: TeX turns it into any character while reading the line.
        "Read $^^5cinput^^7b/etc/hostname^^7d$",
        "Read $^^5Cinput^^7B/etc/hostname^^7D$",
        "Line $a^^Mb$",
        "Line $a^^M$",
        "Wide $^^^^005cinput x$",
        "Comment $a^^25$ rest",
        "Text ^^5cinput{x}",
        "$\\^^5c$",
        // File primitives, in math and in text.
        "$\\openin5=/proc/self/environ \\readline5 to\\x \\x$",
        "$\\immediate\\openout3=pwned.tex \\write3{x}$",
        "\\input{/etc/passwd}",
        "\\include{x}",
        "$\\input{/etc/hostname}$",
        "$\\read5 to\\x$",
        "\\write18{id}",
        "$\\special{x}$",
        "$\\directlua{os.exit()}$",
        "\\scantokens{x}",
        "$\\text{\\input x}$",
        "\\emph{\\input{x}}",
        "\\textbf{$\\input x$}",
        // Definitions, catcodes and spelling a name some other way.
        "$\\csname input\\endcsname{/etc/hostname}$",
        "\\csname input\\endcsname{x}",
        "\\catcode`\\~=0 ~input{x}",
        "$\\catcode 126=13$",
        "\\def\\x{y}",
        "$\\let\\x\\input$",
        "\\expandafter\\x",
        "\\lowercase{\\INPUT}",
        "\\uppercase{x}",
        "$\\string\\input$",
        // Characters TeX treats specially inside math.
        "$a % b$",
        "$#1$",
        "$a & b$",
        "$a~b$",
        "$a\"b$",
        "$a`b$",
        "$a\x01b$",
        "$a\\",
        "$$a$b$$",
        // Structure.
        "Unbalanced {brace",
        "Unbalanced }brace",
        "$x",
    };
    for (const char* payload : payloads) {
        INFO(payload);
        const LatexText out = latex_to_text(payload);
        CHECK_FALSE(out.error.empty());
        CHECK_FALSE(out.needs_latex);
        CHECK(out.latex == escape_latex(out.text));  // the text as written, escaped
        CHECK(out.latex.find("^^") == std::string::npos);
        CHECK(out.runs.empty());  // no marks: plain text
        // The renderer's second check is the same vetting: forged runs print as plain text.
        const RichText forged{{TextRun::Kind::Latex, Mark::Group, out.text, payload, {}}};
        CHECK(latex_of_text(out.text, forged) == out.latex);
    }
    CHECK(latex_to_text("$^^5cinput$").error.find("^^") != std::string::npos);
    CHECK(latex_to_text("$\\openin5$").error.find("\\openin is not allowed") != std::string::npos);
    CHECK(latex_to_text("\\lowercase{x}").error.find("\\lowercase is not allowed") !=
          std::string::npos);
}

TEST_CASE("allowed math and formatting still print as LaTeX, and convert to themselves",
          "[bibtex][security]") {
    const std::pair<const char*, const char*> cases[] = {
        {"$O(n \\log n)$ Sorting", "$O(n \\log n)$ Sorting"},
        {"$$x^2 + y_i$$", "$x^2 + y_i$"},
        {"$\\alpha\\,\\beta$ and $\\{a\\}$", "$\\alpha\\,\\beta$ and $\\{a\\}$"},
        {"$\\frac{1}{2}$-Approx", "$\\frac{1}{2}$-Approx"},
        {"An \\emph{Elastic} {\\sc Sys}", "An \\emph{Elastic} {\\sc Sys}"},
        {"$f'(x) \\le [a, b]$", "$f'(x) \\le [a, b]$"},
        {"$x$ \\textbf{العربية} $y$",
         "$x$ \\textbf{\\beginR{}\\mkcvscript{arabic}{العربية}\\endR{}} $y$"},
        {"$x$ \\textbf{Ω ①} $y$", "$x$ \\textbf{\\mkcvsym{Ω} \\mkcvsym{①}} $y$"},
        {"$x$ \\emph{北京大学} $y$", "$x$ \\emph{\\mkcvcjk{北京大学}} $y$"},
    };
    for (const auto& [in, want] : cases) {
        INFO(in);
        const LatexText out = latex_to_text(in);
        CHECK(out.error.empty());
        CHECK(out.needs_latex);
        CHECK(out.latex == want);
        CHECK(latex_of_text(out.text, out.runs) == out.latex);  // a fixed point
    }
    // ~ is fine as text (a space), and a lone ^ in text is text.
    CHECK(latex_to_text("D.~E. Knuth").text == "D. E. Knuth");
    CHECK(latex_to_text("a ^ b").latex == "a \\textasciicircum{} b");
}

TEST_CASE("brace nesting is limited to kMaxBraceDepth, without recursion on the input's depth",
          "[bibtex][security]") {
    const auto nested = [](std::size_t depth) {
        return std::string(depth, '{') + "x" + std::string(depth, '}');
    };
    CHECK(latex_to_text(nested(kMaxBraceDepth)).error.empty());
    CHECK(latex_to_text(nested(kMaxBraceDepth)).text == "x");
    CHECK(latex_to_text(nested(kMaxBraceDepth + 1)).error.find("nest more than 64") !=
          std::string::npos);
    const auto start = std::chrono::steady_clock::now();
    for (std::size_t depth : {std::size_t{13000}, std::size_t{1000000}}) {
        const LatexText out = latex_to_text(nested(depth));  // overflowed the stack before
        CHECK_FALSE(out.error.empty());
        CHECK(out.text == std::string(kMaxRefusedTextBytes, '{') + "…");  // cut short
    }
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));

    // The reproducer (13,000 levels in a title), btparse on 32,000 levels (just under the
    // value limit) and on 400,000 (over it: the entry is left out).
    Diagnostics d;
    auto entries = read_hostile(hostile("deep_braces.bib"), d);
    REQUIRE(entries.size() == 1);
    const auto p = publication_from_bibtex(entries[0], "h.bib", d);
    REQUIRE(p);
    CHECK(has(d, "bibtex-latex", "nest more than 64", 1));
    Diagnostics d2;
    entries = read_hostile("@article{k, title={" + nested(32000) + "}, year=2020}\n", d2);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].field("title")->value.size() == 64001);
    Diagnostics d3;
    CHECK(read_hostile("@article{k, title={" + nested(400000) + "}, year=2020}\n", d3).empty());
    CHECK(has(d3, "bibtex-size", "field `title`, expands to more than 64 KiB", 1));
}

TEST_CASE("an undefined macro in a concatenation does not crash btparse", "[bibtex][security]") {
    for (const char* file : {"undefined_macro_concat.bib", "undefined_macro_redefined.bib"}) {
        INFO(file);
        Diagnostics d;
        const auto entries = read_hostile(hostile(file), d);  // SIGSEGV inside libbtparse before
        REQUIRE(entries.size() == 1);
        CHECK(has(d, "bibtex", "undefined macro \"zz\""));
        CHECK(entries[0].field("title")->value.find('x') != std::string::npos);
    }
    Diagnostics d;
    const auto entries = read_hostile(
        "@string{a = zz, b = a # \"x\" # a}\n"
        "@string{c = b # b}\n"
        "@article{k, title = c # \" \" # undefined # a, year = 2020}\n",
        d);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].field("title")->value == "xx");
    CHECK(has(d, "bibtex", "undefined macro \"undefined\"", 3));
}

TEST_CASE("empty name parts (A,, B) do not throw from a null btparse token", "[bibtex][security]") {
    Diagnostics d;
    const auto entries = read_hostile(hostile("empty_name_parts.bib"), d);
    REQUIRE(entries.size() == 1);
    const auto names = bibtex_authors(entries[0].field("author")->value, "h.bib", 1, d);
    CHECK_FALSE(names.empty());  // std::logic_error (exit 70) before
}

TEST_CASE("@string expansion is capped per value and per bibliography", "[bibtex][security]") {
    const auto start = std::chrono::steady_clock::now();
    Diagnostics d;
    auto entries = read_hostile(hostile("macro_doubling.bib"), d);  // > 3 GB and bad_alloc before
    CHECK(has(d, "bibtex-size", "@string `a12` expands to more than 64 KiB", 13));
    CHECK_FALSE(d.has_errors());

    Diagnostics total;
    entries = read_hostile(hostile("expansion_total.bib"), total);
    CHECK(has(total, "bibtex-size", "macros expand to more than 4 MiB"));
    CHECK(total.has_errors());
    // Each note is a11, 30 × 2¹¹ bytes, and a1 … a11 took 2 × 30 × (2¹¹ − 1) of the 4 MiB.
    CHECK(entries.size() == 66);

    // Text written out in the file is not expansion: a large bibliography is read whole.
    Diagnostics literal;
    std::string big;
    for (int i = 0; i < 400; ++i)
        big += "@article{k" + std::to_string(i) + ", title = {" + std::string(16000, 't') +
               "}, year = 2020}\n";
    CHECK(read_hostile(big, literal).size() == 400);  // 6.4 MB of titles
    CHECK_FALSE(literal.has_errors());
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));

    // A field over the limit leaves its entry out; the macros stay usable.
    Diagnostics one;
    entries = read_hostile("@string{big = {" + std::string(kMaxBibValueBytes, 'x') + "}}\n" +
                               "@article{k, title = big # \"!\", year = 2020}\n"
                               "@article{ok, title = {T}, year = 2020}\n",
                           one);
    REQUIRE(entries.size() == 1);
    CHECK(entries[0].key == "ok");
    CHECK(has(one, "bibtex-size", "field `title`, expands to more than 64 KiB", 2));
}

TEST_CASE("a .bib that is not UTF-8 is an error with its line and column", "[bibtex][security]") {
    Diagnostics d;
    const auto entries = read_hostile(hostile("invalid_utf8.bib"), d);
    CHECK(entries.empty());
    REQUIRE(d.error_count() == 1);
    CHECK(d.items()[0].code == "bibtex-utf8");
    CHECK(d.items()[0].pos.line == 1);
    CHECK(d.items()[0].pos.column == 23);
    Diagnostics nul;
    read_hostile(std::string("@article{k,\n title={a\0b}}", 25), nul);
    CHECK(has(nul, "bibtex-utf8", "NUL", 2));

    CHECK(invalid_utf8_offset("ok: é 赵 😀") == std::string::npos);
    for (const char* bad : {"\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80",
                            "\xE2\x82", "\x80", "\xFF"})
        CHECK(invalid_utf8_offset(std::string("ab") + bad) == 2);
    CHECK(valid_utf8("a\xFFz") == "a\uFFFDz");
}

TEST_CASE("a year, month or date that is not one is a located warning", "[bibtex][security]") {
    Diagnostics d;
    const auto entries = read_hostile(hostile("bad_dates.bib"), d);
    REQUIRE(entries.size() == 3);
    CHECK_FALSE(publication_from_bibtex(entries[0], "h.bib", d));  // not silently 9999
    CHECK(has(d, "bibtex-date", "\"99999999999999999999999\" is not a year", 1));
    const auto m = publication_from_bibtex(entries[1], "h.bib", d);
    REQUIRE(m);
    CHECK(m->month == 0);
    CHECK(has(d, "bibtex-date", "\"13\" is not a month", 2));
    CHECK_FALSE(publication_from_bibtex(entries[2], "h.bib", d));
    CHECK(has(d, "bibtex-date", "month 13 does not exist", 3));

    Diagnostics fine;
    const auto good = read_hostile(
        "@article{a, title={T}, author={A, B}, year={2023a}, month=aug}\n"
        "@article{b, title={T}, author={A, B}, date={2021-02-28/2021-03}, month={12}}\n",
        fine);
    REQUIRE(good.size() == 2);
    const auto a = publication_from_bibtex(good[0], "h.bib", fine);
    const auto b = publication_from_bibtex(good[1], "h.bib", fine);
    REQUIRE(a);
    REQUIRE(b);
    CHECK(a->year == 2023);
    CHECK(a->month == 8);
    CHECK(b->year == 2021);
    CHECK(b->month == 12);
    CHECK(fine.empty());
}

TEST_CASE("the old raw-LaTeX mark in BibTeX text is just a dropped control character",
          "[bibtex][security]") {
    for (const char* source :
         {"\x1alatex:\\input{/etc/hostname} x", "{\x1a}latex:\\emph{x}", "\x1alatex:$x^2$"}) {
        const LatexText converted = latex_to_text(source);
        CHECK(converted.text.find('\x1a') == std::string::npos);
        CHECK(latex_of_text(converted.text, converted.runs).find("\\input") == std::string::npos);
    }
}
