#include <catch2/catch.hpp>

#include "cv/language_tables.h"
#include "cv/value_origins.h"
#include "test_support.h"

using namespace mkcv;
using Lines = std::vector<std::string>;

namespace {

// "LINE:COL: severity: message" of loading `text` in `language`, sorted.
Lines problems_in(const std::string& text, std::string_view language) {
    LoadResult result = load_cv(text, "cv.toml", language);
    if (result.cv)
        validate_cv(*result.cv, result.diagnostics);
    result.diagnostics.sort();
    Lines out;
    for (const auto& d : result.diagnostics.items())
        out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
                      (d.severity == Severity::Error ? "error: " : "warning: ") + d.message);
    return out;
}

std::string where(const SourcePos& pos) {
    return std::to_string(pos.line) + ":" + std::to_string(pos.column);
}

Cv load_in(const std::string& text, std::string_view language) {
    LoadResult result = load_cv(text, "cv.toml", language);
    REQUIRE(result.cv);
    REQUIRE_FALSE(result.diagnostics.has_errors());
    return *result.cv;
}

const std::string kIntern = R"([person]
name = { en = "Yihao Zhao", zh = "赵怡浩" }

[[experience]]
role = { en = "Research Intern", zh = "研究实习生" }
organization = "ByteDance"
location = { en = "Beijing" }
start = "2021-01"
highlights = [{ en = "Built it", zh-Hant = "建造了它" }, "GPU"]
)";

}  // namespace

TEST_CASE("a language table gives the text of the build's language, where it was written") {
    const Cv en = load_in(kIntern, "");
    CHECK(en.person.name.value == "Yihao Zhao");
    CHECK(where(en.person.name.pos) == "2:15");
    CHECK(en.experience[0].role.value == "Research Intern");
    CHECK(en.experience[0].organization.value == "ByteDance");

    const Cv zh = load_in(kIntern, "zh");
    CHECK(zh.person.name.value == "赵怡浩");
    CHECK(where(zh.person.name.pos) == "2:34");  // at its own quote, counted in characters
    CHECK(zh.experience[0].role.value == "研究实习生");
    CHECK(where(zh.experience[0].role.pos) == "5:39");
    CHECK(zh.experience[0].organization.value == "ByteDance");  // a plain string: every language
    // Lists take a table per item; a plain item is the same in every language.
    const Cv hant = load_in(kIntern, "zh-Hant-TW");
    REQUIRE(hant.experience[0].highlights.size() == 2);
    CHECK(hant.experience[0].highlights[0].value == "建造了它");
    CHECK(where(hant.experience[0].highlights[0].pos) == "9:44");
    CHECK(hant.experience[0].highlights[1].value == "GPU");
    // zh-Hant-TW → zh-Hant; zh-Hant-TW → zh-Hant → zh.
    CHECK(hant.person.name.value == "赵怡浩");
}

TEST_CASE("the value origins, and so the missing-glyph warnings, point at the text chosen") {
    const Cv zh = load_in(kIntern, "zh");
    bool found = false;
    for (const ValueOrigin& origin : value_origins(zh))
        if (origin.text == "研究实习生") {
            found = true;
            CHECK(where(origin.pos) == "5:39");
        }
    CHECK(found);
}

TEST_CASE("a text missing in the build's language falls back to the default one, with a warning") {
    CHECK(problems_in(kIntern, "zh") ==
          Lines{"7:12: warning: no zh text for `location`; the en text is printed",
                "9:15: warning: no zh text for `highlights`; the en text is printed"});
    CHECK(problems_in(kIntern, "").empty());
    CHECK(problems_in(kIntern, "en-GB").empty());  // en-GB → en
    const Cv de = load_in(kIntern, "de");
    CHECK(de.experience[0].location.value == "Beijing");
    CHECK(where(de.experience[0].location.pos) == "7:19");
    CHECK(problems_in(kIntern, "de").size() == 4);
}

TEST_CASE("the default language is [locale] language") {
    const std::string text =
        "[person]\nname = { zh = \"赵怡浩\", en = \"Yihao Zhao\" }\n"
        "[locale]\nlanguage = \"zh\"\n";
    CHECK(load_in(text, "").person.name.value == "赵怡浩");
    CHECK(load_in(text, "en").person.name.value == "Yihao Zhao");
    CHECK(problems_in("[person]\nname = { en = \"Ada\" }\n[locale]\nlanguage = \"zh\"\n", "") ==
          Lines{"2:8: error: `name` has no text in the default language, zh"});
}

TEST_CASE("a whole list may be a language table of lists") {
    const std::string text =
        "[person]\nname = \"Ada\"\n[[projects]]\nname = \"P\"\n"
        "highlights = { en = [\"one\", \"two\"], zh = [\"一\"] }\n";
    CHECK(load_in(text, "en").projects[0].highlights.size() == 2);
    const Cv zh = load_in(text, "zh");
    REQUIRE(zh.projects[0].highlights.size() == 1);
    CHECK(zh.projects[0].highlights[0].value == "一");
    CHECK(where(zh.projects[0].highlights[0].pos) == "5:43");
}

TEST_CASE("person.location: a language table, or a table of parts whose parts may be one") {
    const std::string text =
        "[person]\nname = \"Ada\"\n"
        "location = { en = \"Beijing\", zh = \"北京\" }\n";
    CHECK(load_in(text, "zh").person.location.value == "北京");
    const std::string parts =
        "[person]\nname = \"Ada\"\n"
        "location = { city = { en = \"Beijing\", zh = \"北京\" } }\n";
    CHECK(load_in(parts, "zh").person.location.value == "北京");
    CHECK(load_in(parts, "en").person.location.value == "Beijing");
}

TEST_CASE("bad language tables are errors at their place, each said once") {
    const std::string text = R"([person]
name = {}
position = { en = "A", english_uk = "B" }
affiliation = { en = 3 }
email = { zh = "x@y.z" }
homepage = { en = "https://a.b", EN = "https://c.d" }
aliases = [{ en = ["A"] }]
[[publications]]
title = "T"
authors = ["Ada"]
venue = "V"
year = 2024
kind = { en = "journal" }
[[sections]]
title = { first = "A", second = "B" }
)";
    CHECK(problems_in(text, "") ==
          Lines{"2:8: error: `name` must be a string, found a table",  // not a language table
                "3:24: error: `position`: `english_uk` is not a language (a BCP 47 tag)",
                "4:22: error: `affiliation.en` must be a string, found a number",
                "5:9: error: `email` has no text in the default language, en",
                "6:14: error: `homepage` gives the language `en` twice",  // TOML's order: EN first
                "7:19: error: `aliases.en` must be a string, found a list",
                "13:8: error: `kind` must be a string, found a table",
                "15:9: error: `title` must be a string, found a table"});
    // Tags, paths and the language itself are never translated.
    CHECK(problems_in("bibliography = { en = [\"a.bib\"] }\n[person]\nname = \"A\"\n", "") ==
          Lines{"1:16: error: `bibliography` must be a list of strings, found a table"});
}

TEST_CASE("languages match exactly, then by prefix, without regard to case") {
    const std::vector<std::string> tags{"en", "zh", "zh-Hant", "de-CH"};
    CHECK(match_language(tags, "zh-Hant-TW") == 2);
    CHECK(match_language(tags, "ZH-hant") == 2);
    CHECK(match_language(tags, "zh-Hans") == 1);
    CHECK(match_language(tags, "en-x-private") == 0);
    CHECK(match_language(tags, "de") == -1);  // no prefix the other way
    CHECK(match_language(tags, "fr") == -1);
    CHECK(same_language("zh-Hant", "ZH-HANT"));
    CHECK_FALSE(same_language("zh", "zh-Hant"));
}

TEST_CASE("many fallbacks in one language are one summary line for people") {
    Diagnostics all;
    for (int i = 1; i <= 7; ++i)
        all.warning("cv.toml", {i, 1}, std::string(kLanguageFallbackCode),
                    "no zh text for `title`; the en text is printed");
    all.warning("cv.toml", {9, 1}, std::string(kLanguageFallbackCode),
                "no ja text for `title`; the en text is printed");
    all.error("cv.toml", {10, 1}, "type", "something else");
    const Diagnostics summary = summarize_fallbacks(all, 5);
    REQUIRE(summary.items().size() == 3);
    CHECK(summary.items()[0].message ==
          "7 texts have no zh text and print in the default language; the first is here");
    CHECK(where(summary.items()[0].pos) == "1:1");
    CHECK(summary.items()[1].message == "no ja text for `title`; the en text is printed");
    CHECK(summary.items()[2].message == "something else");
    CHECK(summarize_fallbacks(all, 7).items().size() == 9);
}
