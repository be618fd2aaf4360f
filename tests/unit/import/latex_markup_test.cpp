#include "import/latex_markup.h"

#include <catch2/catch.hpp>

using namespace mkcv;

TEST_CASE("LaTeX of a source reads as what it typesets", "[import]") {
    const LatexReading prose = read_latex(
        R"(See \href{https://x.org/a}{my \textit{page}}, \textbf{bold} \& ``q'' \emph{e})", true);
    CHECK(prose.text == "See [my *page*](https://x.org/a), **bold** & \u201Cq\u201D *e*");
    CHECK(prose.unknown.empty());
    // A plain field keeps the words of a link, and no asterisks.
    CHECK(read_latex(R"(\href{https://x.org}{Lab} \textbf{B})", false).text ==
          "Lab (https://x.org) B");
}

TEST_CASE("LaTeX's accents, letters, ties and dashes read as the characters they print",
          "[import]") {
    const LatexReading r = read_latex(
        R"(Jos\'e G\"odel \c{C}elik \v{S}koda na\"{\i}ve Stra\ss e {\o}ystein \'{E}cole Erd\H{o}s \k a \AA{}ngstr\"om)",
        false);
    CHECK(r.text ==
          "Jos\u00E9 G\u00F6del \u00C7elik \u0160koda na\u00EFve Stra\u00DFe \u00F8ystein "
          "\u00C9cole Erd\u0151s \u0105 \u00C5ngstr\u00F6m");
    CHECK(r.unknown.empty());
    // No precomposed form: the letter and the combining mark.
    CHECK(read_latex(R"(\'x)", false).text == "x\u0301");
    CHECK(read_latex(R"(pp.~1--10, a---b, {GPU} \emph{x})", false).text ==
          "pp.\u00A01\u201310, a\u2014b, GPU x");
    // An accent with nothing to sit on stays as written, and so does what follows it.
    CHECK(read_latex(R"(\'{} \c{} \v)", false).text == R"(\'{} \c{} \v)");
}

TEST_CASE("an unknown LaTeX macro stays as written and is named", "[import]") {
    const LatexReading r = read_latex(R"(\foo{b} and \foo again, \bar)", true);
    CHECK(r.text == R"(\foo{b} and \foo again, \bar)");
    CHECK(r.unknown == std::vector<std::string>{"\\foo", "\\bar"});
}

TEST_CASE("LaTeX nested too deep or unbalanced stays as written, in linear time", "[import]") {
    std::string deep;
    for (int i = 0; i < 100000; ++i)
        deep += "\\textbf{";
    CHECK(read_latex(deep, true).text == deep);
    // Balanced, but one group deeper than the 32 the reader takes: as written, whole.
    std::string nested = "x";
    for (int i = 0; i < 33; ++i)
        nested = "\\textbf{" + nested + "}";
    CHECK(read_latex(nested, true).text == nested);
    std::string within = "x";
    for (int i = 0; i < 32; ++i)
        within = "\\textbf{" + within + "}";
    CHECK(read_latex(within, false).text == "x");
    CHECK(read_latex("\\textbf{a", true).text == "\\textbf{a");
    CHECK(read_latex("plain text", true).text == "plain text");
}

TEST_CASE("an imported cv.toml's texts read as what their LaTeX typesets", "[import]") {
    TomlValue doc = TomlValue::table();
    doc.set("bibliography", TomlValue::text(R"(my\_papers.bib)"));
    TomlValue& person = doc.at("person");
    person.set("name", TomlValue::text(R"(Ana \textbf{Lima})"));
    person.set("summary", TomlValue::text(R"(See \href{https://x.org}{my lab} \& \foo{x})"));
    TomlValue entry = TomlValue::table();
    entry.set("role", TomlValue::text(R"(\emph{Chair})"));
    TomlValue highlights = TomlValue::array();
    highlights.items.push_back(TomlValue::text(R"(``Best'' \textit{paper} \foo)"));
    entry.set("highlights", std::move(highlights));
    doc.at("experience", TomlValue::Kind::Array).items.push_back(std::move(entry));
    doc.at("extra").set("raw", TomlValue::text(R"(\textbf{kept})"));
    Diagnostics diagnostics;
    CHECK(read_latex_values(doc, diagnostics, "cv.yaml") == 4);
    // Plain fields get the words; prose fields mkcv's inline markup.
    CHECK(doc.find("person")->find("name")->string == "Ana Lima");
    CHECK(doc.find("person")->find("summary")->string ==
          R"(See [my lab](https://x.org) & \foo{x})");
    const TomlValue& e = doc.find("experience")->items[0];
    CHECK(e.find("role")->string == "Chair");
    CHECK(e.find("highlights")->items[0].string == "\u201CBest\u201D *paper* \\foo");
    // File names and what is kept for other tools stay as written.
    CHECK(doc.find("bibliography")->string == R"(my\_papers.bib)");
    CHECK(doc.find("extra")->find("raw")->string == R"(\textbf{kept})");
    // One warning per unknown macro, naming it, where it first is and how many more.
    REQUIRE(diagnostics.items().size() == 1);
    CHECK(diagnostics.items()[0].message.find(R"(\foo)") != std::string::npos);
    CHECK(diagnostics.items()[0].message.find("person.summary and 1 more value") !=
          std::string::npos);
}

TEST_CASE("a text LaTeX would make too long for cv.toml stays as written", "[import]") {
    // `` is 2 bytes, its curly quote 3: 4,000 pairs grow 8,000 bytes into 12,000.
    std::string quotes;
    for (int i = 0; i < 4000; ++i)
        quotes += "``";
    TomlValue doc = TomlValue::table();
    doc.at("person").set("summary", TomlValue::text(quotes));
    Diagnostics diagnostics;
    CHECK(read_latex_values(doc, diagnostics, "cv.yaml") == 0);
    CHECK(doc.find("person")->find("summary")->string == quotes);
}

TEST_CASE("a thousand made-up LaTeX macros are twenty warnings and a count", "[import]") {
    TomlValue doc = TomlValue::table();
    TomlValue& items = doc.at("items", TomlValue::Kind::Array);
    for (int i = 0; i < 1200; ++i) {
        std::string name;
        for (int n = i; n > 0 || name.empty(); n /= 26)
            name += static_cast<char>('a' + n % 26);
        items.items.push_back(TomlValue::text("\\x" + name));
    }
    Diagnostics diagnostics;
    read_latex_values(doc, diagnostics, "cv.yaml");
    REQUIRE(diagnostics.items().size() == 21);
    CHECK(diagnostics.items()[20].message.find("980 or more others") != std::string::npos);
}
