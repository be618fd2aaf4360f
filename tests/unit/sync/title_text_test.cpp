#include "sync/title_text.h"

#include <catch2/catch.hpp>
#include <pugixml.hpp>

#include "sync/work.h"

using namespace mkcv;
using namespace mkcv::sync;

TEST_CASE(
    "HTML and JATS tags become marks by an allow-list, others are dropped with their text kept",
    "[sync]") {
    const Text t = text_of_markup("On <i>k</i>-means and <jats:bold>more</jats:bold>");
    CHECK(t.value == "On k-means and more");
    int opens = 0;
    for (const auto& run : t.marks)
        opens += run.kind == TextRun::Kind::Open;
    CHECK(opens == 2);
    CHECK(text_of_markup("<script>alert(1)</script> x").value == "alert(1) x");
    CHECK(text_of_markup("<mml:math><mml:mi>x</mml:mi><mml:mo>+</mml:mo></mml:math> y").value ==
          "x+ y");
    CHECK(text_of_markup("<jats:p>A</jats:p><jats:p>B</jats:p>").value == "A B");
    CHECK(text_of_markup("a < b and c > d").value == "a < b and c > d");
    CHECK(text_of_markup("Fish &amp; Chips &#x3B1; &#945; &bogus; &#0;").value ==
          "Fish & Chips α α &bogus; &#0;");
    // An unbalanced close is dropped, an unclosed open is closed.
    const Text odd = text_of_markup("</i>a <b>b");
    CHECK(odd.value == "a b");
    CHECK(odd.marks.back().kind == TextRun::Kind::Close);
}

TEST_CASE("LaTeX in titles is converted when allowed and kept as written text when not", "[sync]") {
    CHECK(text_of_markup("Schr{\\\"o}dinger's $\\alpha$").value == "Schrödinger's α");
    // Refused LaTeX stays, as plain text (each output escapes it).
    const Text hostile = text_of_markup("\\input{/etc/passwd} ^^5c");
    CHECK(hostile.value == "\\input{/etc/passwd} ^^5c");
    CHECK(hostile.marks.empty());
    CHECK(text_of_markup("^^5cinput{x}").value == "^^5cinput{x}");
}

TEST_CASE("fields are cut, white space collapsed, invalid UTF-8 replaced", "[sync]") {
    const Text huge = text_of_markup(std::string(100000, 'x'));
    CHECK(huge.value.size() <= kMaxFieldBytes + 3);
    CHECK(huge.value.substr(huge.value.size() - 3) == "…");
    CHECK(text_of_markup("  a \n\t b  ").value == "a b");
    CHECK(plain_field("a\x01\xff"
                      "b") ==
          "a \xEF\xBF\xBD"
          "b");
}

TEST_CASE("DBLP numbers and final periods are dropped", "[sync]") {
    CHECK(without_dblp_number("Qiang Liu 0034") == "Qiang Liu");
    CHECK(without_dblp_number("Agent 007") == "Agent 007");
    CHECK(without_dblp_number("Year 2020 Smith") == "Year 2020 Smith");
    Text t{"Deep Learning."};
    drop_final_period(t);
    CHECK(t.value == "Deep Learning");
    Text dots{"Wait..."};
    drop_final_period(dots);
    CHECK(dots.value == "Wait...");
}

TEST_CASE("an XML title's inline elements become marks", "[sync]") {
    pugi::xml_document doc;
    REQUIRE(doc.load_string("<title>Fast <i>k</i>-NN with H<sub>2</sub>O.</title>"));
    const Text t = text_of_xml(doc.child("title"));
    CHECK(t.value == "Fast k-NN with H2O.");
    CHECK(!t.marks.empty());
}
