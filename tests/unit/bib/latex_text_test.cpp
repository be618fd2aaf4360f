#include "bib/latex_text.h"

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;

TEST_CASE("BibTeX LaTeX becomes Unicode text") {
    const std::pair<const char*, const char*> cases[] = {
        {"Efficient {GPU} Sharing", "Efficient GPU Sharing"},
        {"Schr{\\\"o}dinger", "Schrödinger"},
        {"Schr\\\"odinger", "Schrödinger"},
        {"Andr\\'e and Andr{\\'e}", "André and André"},
        {"Pe{\\~n}a, {\\c{C}}elik, Dvo{\\v{r}}{\\'a}k", "Peña, Çelik, Dvořák"},
        {"Erd\\H{o}s, {\\L}ukasz, Stra{\\ss}e, {\\o}", "Erdős, Łukasz, Straße, ø"},
        {"M\\\"{u}ller and Ju\\'{\\i}rez and \\'\\i", "Müller and Juírez and í"},
        {"pages 1--10 --- done", "pages 1–10 — done"},
        {"Tom \\& Jerry: 50\\% off \\$5 \\#1 a\\_b", "Tom & Jerry: 50% off $5 #1 a_b"},
        // The accent alone, as TeX prints it (escape_text's BibTeX mode writes ^ and ~ so).
        {"a\\^{}b \\~{}c \\textasciigrave{}d", "a^b ~c `d"},
        {"\\textbraceleft{}x\\textbraceright{} O\\textquotesingle{}D a-{}-b", "{x} O'D a--b"},
        {"``quoted'' text", "“quoted” text"},
        {"D.~E. Knuth", "D. E. Knuth"},
        {"\\LaTeX{} and \\TeX", "LaTeX and TeX"},
        {"Zhao {\\em et al.}", "Zhao et al."},
        {"  many   spaces\n here ", "many spaces here"},
        {"UTF-8 stays: 赵怡浩, Ünïcödé", "UTF-8 stays: 赵怡浩, Ünïcödé"},
        {"\\mbox{Multi-Resource}", "Multi-Resource"},
        {"see \\url{https://x.org/~me/a_b%20c}", "see https://x.org/~me/a_b%20c"},
        {"\\href{https://x.org}{our site}", "our site"},
    };
    for (const auto& [in, want] : cases) {
        const LatexText out = latex_to_text(in);
        INFO(in);
        CHECK(out.error.empty());
        CHECK(out.text == want);
    }
    CHECK_FALSE(latex_to_text("Efficient {GPU} Sharing").needs_latex);
    CHECK(latex_to_text("A \\& B").text == "A & B");
    CHECK(latex_to_text("A \\& B").runs.empty());  // plain text carries no runs
}

TEST_CASE("formatting and math stay LaTeX, with the plain parts escaped once") {
    const LatexText emph = latex_to_text("An \\emph{Elastic} 100\\% Platform");
    CHECK(emph.error.empty());
    CHECK(emph.needs_latex);
    CHECK(emph.text == "An Elastic 100% Platform");
    CHECK(emph.latex == "An \\emph{Elastic} 100\\% Platform");

    const LatexText math = latex_to_text("$O(n \\log n)$ Sorting & $\\alpha$-Nets");
    CHECK(math.error.empty());
    CHECK(math.latex == "$O(n \\log n)$ Sorting \\& $\\alpha$-Nets");
    CHECK(math.text == "O(n log n) Sorting & α-Nets");

    CHECK(needs_latex(emph.runs));
    CHECK(latex_of_text(emph.text, emph.runs) == emph.latex);
    // Plain values are escaped as usual.
    CHECK(latex_of_text("50% & \\emph{x}", {}) == "50\\% \\& \\textbackslash{}emph\\{x\\}");
}

TEST_CASE("commands that read or write files or change TeX's reading are refused") {
    for (const char* bad :
         {"\\input{/etc/passwd}", "Title \\include{x}", "\\write18{rm -rf /}", "\\openin5=x",
          "\\catcode`\\@=11", "\\def\\x{y}", "\\csname foo\\endcsname", "\\immediate\\write",
          "$\\input{x}$", "{\\makeatletter}", "\\usepackage{x}", "\\newcommand{\\a}{b}"}) {
        INFO(bad);
        const LatexText out = latex_to_text(bad);
        CHECK_FALSE(out.error.empty());
    }
    CHECK(latex_to_text("\\input{x}").error.find("\\input is not allowed") != std::string::npos);
    // Unknown commands are refused too: an allow-list, not a deny-list.
    CHECK(latex_to_text("\\foo{bar}").error.find("\\foo") != std::string::npos);
    CHECK_FALSE(latex_to_text("Unbalanced {brace").error.empty());
    CHECK_FALSE(latex_to_text("$x").error.empty());
}

TEST_CASE("typed text put together by hand cannot smuggle commands past the renderer") {
    const std::string payload = "\\input{/etc/passwd}";
    const RichText forged{{TextRun::Kind::Latex, Mark::Group, payload, payload, {}}};
    std::string out = latex_of_text(payload, forged);
    CHECK(out.find("\\input{") == std::string::npos);
    CHECK(out.find("\\textbackslash{}input") != std::string::npos);
    // A mark whose command is not a formatting command prints literally too.
    const RichText command{{TextRun::Kind::Open, Mark::Style, "", "input", {}},
                           {TextRun::Kind::Text, Mark::Group, "/etc/passwd", "", {}},
                           {TextRun::Kind::Close, Mark::Style, "", "", {}}};
    out = latex_of_text("/etc/passwd", command);
    CHECK(out == "\\textbackslash{}input\\{/etc/passwd\\}");
}

TEST_CASE("inline Markdown's marks print without vetting, but mixed with LaTeX they are vetted") {
    const RichText markup{{TextRun::Kind::Open, Mark::Emphasis, "", "", {}},
                          {TextRun::Kind::Text, Mark::Group, "a_b", "", {}},
                          {TextRun::Kind::Close, Mark::Emphasis, "", "", {}},
                          {TextRun::Kind::Open, Mark::Link, "https://x.org/%7e#a", "href", {}},
                          {TextRun::Kind::Text, Mark::Group, "x", "", {}},
                          {TextRun::Kind::Close, Mark::Link, "", "", {}},
                          {TextRun::Kind::Open, Mark::Code, "", "", {}},
                          {TextRun::Kind::Text, Mark::Group, "^^5c", "", {}},
                          {TextRun::Kind::Close, Mark::Code, "", "", {}}};
    CHECK(is_markup_only(markup));
    CHECK(latex_of_text("a_bx^^5c", markup) ==
          "\\emph{a\\_b}\\href{https://x.org/\\%7e\\#a}{x}\\texttt{\\textasciicircum{}"
          "\\textasciicircum{}5c}");
    // A javascript: link prints its text only.
    RichText unsafe = markup;
    unsafe[3].text = "javascript:alert(1)";
    CHECK(latex_of_text("a_bx^^5c", unsafe).find("href") == std::string::npos);
    // Beside verbatim LaTeX, the runs are vetted again, and \href is no command BibTeX
    // text may bring: it prints literally.
    RichText mixed = markup;
    mixed.push_back({TextRun::Kind::Latex, Mark::Group, "a", "$a$", {}});
    CHECK_FALSE(is_markup_only(mixed));
    CHECK(latex_of_text("a_bx^^5ca", mixed).find("\\href{") == std::string::npos);
    // A Style mark with a command of its own is not Markdown's.
    CHECK_FALSE(is_markup_only({{TextRun::Kind::Open, Mark::Emphasis, "", "input", {}}}));
}

TEST_CASE("BibTeX's LaTeX becomes marks: emphasis, strong, links, verbatim LaTeX") {
    const LatexText out =
        latex_to_text("An \\emph{Elastic} \\textbf{Fast} $\\alpha$ \\href{https://x.org}{site}");
    REQUIRE(out.error.empty());
    CHECK(out.text == "An Elastic Fast α site");
    CHECK(render_text(out.text, out.runs, TextFormat::Html) ==
          "An <em>Elastic</em> <strong>Fast</strong> α <a href=\"https://x.org\">site</a>");
    CHECK(render_text(out.text, out.runs, TextFormat::Markdown) ==
          "An *Elastic* **Fast** α [site](https://x.org)");
    CHECK(render_text(out.text, out.runs, TextFormat::Json) == out.text);
    CHECK(latex_of_text(out.text, out.runs) == "An \\emph{Elastic} \\textbf{Fast} $\\alpha$ site");
    // A URL alone is a link, and LaTeX still prints it as escaped text.
    const LatexText url = latex_to_text("see \\url{https://x.org/a_b}");
    CHECK_FALSE(url.needs_latex);
    CHECK_FALSE(needs_latex(url.runs));
    CHECK(render_text(url.text, url.runs, TextFormat::Html) ==
          "see <a href=\"https://x.org/a_b\">https://x.org/a_b</a>");
    CHECK(latex_of_text(url.text, url.runs) == "see https://x.org/a\\_b");
}

TEST_CASE("a cv.toml string can never carry the mark: U+001A is refused where it is") {
    // toml_input_test.cpp tries every key and string of a whole CV.
    const auto lines = test::problems(std::string(test::kMinimal) +
                                      "[[publications]]\ntitle = \"\\u001alatex:\\\\emph{x}\"\n"
                                      "authors = [\"A\"]\nvenue = \"V\"\nyear = 2020\n");
    REQUIRE(lines.size() == 1);
    CHECK(lines[0].find("error: a string holds U+001A") != std::string::npos);
}

TEST_CASE("font switches and styles from BibTeX: their look in HTML, their LaTeX unchanged") {
    const LatexText out = latex_to_text("{\\em Elastic} {\\bf Fast} \\textsc{Sys} {\\sc Co}");
    REQUIRE(out.error.empty());
    CHECK(out.latex == "{\\em Elastic} {\\bf Fast} \\textsc{Sys} {\\sc Co}");
    CHECK(render_text(out.text, out.runs, TextFormat::Html) ==
          "<em>Elastic</em> <strong>Fast</strong> Sys Co");
}
