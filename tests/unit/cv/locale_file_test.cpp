#include "cv/locale_file.h"

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;

namespace {

// "LINE:COL: message (hint)" of each problem of a locale file.
std::vector<std::string> locale_problems(const std::string& text) {
    Diagnostics diagnostics;
    const auto texts = parse_locale_file(text, "zh.toml", diagnostics);
    CHECK(texts.has_value() == !diagnostics.has_errors());
    diagnostics.sort();
    std::vector<std::string> out;
    for (const auto& d : diagnostics.items())
        out.push_back(std::to_string(d.pos.line) + ":" + std::to_string(d.pos.column) + ": " +
                      d.message + (d.hint.empty() ? "" : " (" + d.hint + ")"));
    return out;
}

using V = std::vector<std::string>;

std::string first_problem(const std::string& text) {
    const auto all = locale_problems(text);
    return all.empty() ? "" : all.front();
}

}  // namespace

TEST_CASE("a locale file gives its texts", "[locale]") {
    Diagnostics diagnostics;
    const auto texts = parse_locale_file(
        "present = \"至今\"\ndate_month = \"{year}年{month}月\"\n[headings]\neducation = "
        "\"教育经历\"\n[counts]\njournal_other = \"{count} 篇期刊论文\"\n",
        "zh.toml", diagnostics);
    REQUIRE(texts);
    CHECK(diagnostics.empty());
    CHECK(texts->text("present") == "至今");
    CHECK(texts->text("headings.education") == "教育经历");
    CHECK(texts->date({2025, 8, 0, false}) == "2025年8月");
    CHECK(texts->fill("counts.journal_other", {{"count", "2"}}) == "2 篇期刊论文");
    CHECK(texts->text("last_updated") == "Last updated");
}

TEST_CASE("a locale file is checked as untrusted input, all problems at once", "[locale]") {
    CHECK(locale_problems("presnt = \"x\"\n[headings]\neducaton = \"y\"\n") ==
          V{"1:1: unknown key `presnt` in the locale (did you mean `present`?)",
            "3:1: unknown key `educaton` in [headings] (did you mean `education`?)"});
    CHECK(locale_problems("zzz = 1\n") ==
          V{"1:1: unknown key `zzz` in the locale (docs/locales.md lists the keys)"});
    CHECK(locale_problems("date_month = \"{yaer}年{month}月\"\n") ==
          V{"1:14: `date_month` has an unknown placeholder {yaer} (did you mean {year}?)"});
    CHECK(first_problem("date_year = \"{day}\"\n")
              .find("unknown placeholder {day} (placeholders are {year})") != std::string::npos);
    CHECK(first_problem("date_year = \"{year\"\n").find("a `{` that is not closed") !=
          std::string::npos);
    CHECK(first_problem("date_year = \"{year}}\"\n").find("a `}` that closes no placeholder") !=
          std::string::npos);
    CHECK(locale_problems("months = [\"a\", \"b\"]\n") ==
          V{"1:10: `months` must be a list of 12 names, January first (it has 2)"});
    CHECK(locale_problems("present = 3\n") ==
          V{"1:11: `present` must be a string (write it in quotes: present = \"...\")"});
    CHECK(locale_problems("headings = \"x\"\n") ==
          V{"1:12: `headings` must be a table (write a [headings] table)"});
    CHECK(locale_problems("present = \"a\\tb\"\n") ==
          V{"1:11: `present` holds a control character (write it on one line, without tabs)"});
    CHECK(locale_problems("present = \"" + std::string(300, 'x') + "\"\n") ==
          V{"1:11: `present` is 300 bytes long, over 256 (a locale's texts are words and short "
            "phrases)"});
    CHECK(first_problem(std::string(70 * 1024, '#')).find("over 65536") != std::string::npos);
    CHECK(locale_problems("present = \n").size() == 1);  // TOML syntax
}

TEST_CASE("every built-in locale file loads without a diagnostic and gives every key", "[locale]") {
    const LocaleTexts english;
    for (const char* tag : {"en", "zh", "zh-Hant", "ja", "ko", "de", "fr", "es", "pt", "it", "ru",
                            "tr", "fa", "ar",      "th", "he", "uk", "pl", "nl", "vi", "hi"}) {
        INFO(tag);
        Diagnostics diagnostics;
        const std::string file = std::string("builtin_templates/locales/") + tag + ".toml";
        const auto texts = parse_locale_file(test::source_file(file), file, diagnostics);
        REQUIRE(texts);
        CHECK(diagnostics.empty());
        for (const LocaleKey& key : locale_keys()) {
            INFO(key.name);
            CHECK(texts->has(key.name));
            // en.toml is the built-in English, word for word.
            if (std::string_view(tag) == "en" && key.kind != LocaleKeyKind::Months)
                CHECK(texts->text(key.name) == english.text(key.name));
        }
        if (std::string_view(tag) == "en")
            for (int m = 1; m <= 12; ++m)
                for (const bool abbreviated : {false, true})
                    CHECK(texts->month_name(m, abbreviated) == english.month_name(m, abbreviated));
    }
}
