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
    CHECK(read_latex("\\textbf{a", true).text == "\\textbf{a");
    CHECK(read_latex("plain text", true).text == "plain text");
}
