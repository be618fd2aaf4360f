#include "tex/missing_glyphs.h"

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;

namespace {

const std::string kLog =
    "(./cv-long.aux)\n"
    "Missing character: There is no \xE2\x91\xA0 (U+2460) in font Noto Serif "
    "Regular/OT:script=latn;language=dflt;mapping=tex-text;!\n"
    "Missing character: There is no \xF0\x9F\x98\x80 (U+1F600) in font "
    "[NotoSansMath-Regular.ttf]/OT!\n"
    "Missing character: There is no \xE2\x91\xA0 (U+2460) in font Noto Serif "
    "Regular/OT:script=latn;language=dflt;mapping=tex-text;!\n"
    "Missing character: There is no ^^e2 in font cmr10!\n"
    "Overfull \\hbox (1.0pt too wide) in paragraph at lines 3--4\n"
    "A line that quotes Missing character: There is no x in font y!\n";

}  // namespace

TEST_CASE("each different missing character of a TeX log is read once", "[missing_glyphs]") {
    const auto glyphs = missing_glyphs_from_log(kLog);
    REQUIRE(glyphs.size() == 3);
    CHECK(glyphs[0].code == 0x2460);
    CHECK(glyphs[0].character == "\xE2\x91\xA0");
    CHECK(glyphs[0].font == "Noto Serif Regular");
    CHECK(glyphs[1].code == 0x1F600);
    CHECK(glyphs[1].font == "[NotoSansMath-Regular.ttf]");
    // pdfTeX's form, without a code point: kept as written.
    CHECK(glyphs[2].code == 0);
    CHECK(glyphs[2].character == "^^e2");
    CHECK(glyphs[2].font == "cmr10");
    CHECK(missing_glyphs_from_log("").empty());
    CHECK(missing_glyphs_from_log("Missing character: There is no").empty());
    CHECK(code_point_name(0x2122) == "U+2122");
    CHECK(code_point_name(0x1F600) == "U+1F600");
}

TEST_CASE("a log of many missing characters is read within a bound", "[missing_glyphs]") {
    std::string log;
    for (char32_t code = 0x10000; code < 0x10000 + 500; ++code)
        log += "Missing character: There is no x (" + code_point_name(code) + ") in font F!\n";
    CHECK(missing_glyphs_from_log(log).size() == kMaxMissingGlyphs);
}

TEST_CASE("a missing character is a diagnostic at the cv.toml value that holds it",
          "[missing_glyphs]") {
    RenderedTemplate rendered;
    rendered.input.filtered.cv =
        test::load_ok("[person]\nname = \"Ada Lovelace\"\nposition = \"Analyst \xE2\x91\xA0\"\n");
    const auto glyphs = missing_glyphs_from_log(kLog);
    const Diagnostics warnings =
        missing_glyph_diagnostics(glyphs, rendered, "out/cv-long.tex", Severity::Warning);
    REQUIRE(warnings.items().size() == 3);
    const Diagnostic& in_value = warnings.items()[0];
    CHECK(in_value.severity == Severity::Warning);
    CHECK(in_value.code == "missing-glyph");
    CHECK(in_value.file == "cv.toml");
    CHECK(in_value.pos.line == 3);
    CHECK(in_value.pos.column == 12);
    CHECK(in_value.message ==
          "U+2460 \"\xE2\x91\xA0\" is not in the font \"Noto Serif Regular\" nor in a fallback "
          "font: the PDF shows an empty box");
    // A character no value holds was printed by the template.
    const Diagnostic& in_template = warnings.items()[1];
    CHECK(in_template.file == "out/cv-long.tex");
    CHECK_FALSE(in_template.pos.known());
    CHECK(in_template.hint.find("emoji") != std::string::npos);
    const Diagnostics errors =
        missing_glyph_diagnostics(glyphs, rendered, "out/cv-long.tex", Severity::Error);
    CHECK(errors.error_count() == 3);
}
