#include "cv/locale_texts.h"

#include <catch2/catch.hpp>

#include "cv/sections.h"

using namespace mkcv;

namespace {

PartialDate month(int year, int m) {
    return {year, m, 0, false};
}

LocaleTexts chinese() {
    LocaleTexts zh;
    zh.set("date_year", "{year}年");
    zh.set("date_month", "{year}年{month}月");
    zh.set("date_day", "{year}年{month}月{day}日");
    zh.set("present", "至今");
    zh.set("list_separator", "、");
    zh.set("list_last_separator", "和");
    return zh;
}

}  // namespace

TEST_CASE("English is every key's default, as dates.h prints it", "[locale]") {
    const LocaleTexts en;
    for (const PartialDate& d : {PartialDate{2025, 8, 0, false}, PartialDate{2019, 0, 0, false},
                                 PartialDate{2025, 8, 3, false}, PartialDate{0, 0, 0, true},
                                 PartialDate{2023, 6, 30, false}, PartialDate{2020, 9, 0, false}}) {
        INFO(format_date(d));
        CHECK(en.date(d) == format_date(d));
    }
    const std::optional<PartialDate> aug = month(2025, 8), feb = month(2026, 2);
    CHECK(en.range(aug, feb) == "Aug. 2025 – Feb. 2026");
    CHECK(en.range(aug, std::nullopt) == "Aug. 2025 – Present");
    CHECK(en.range(aug, PartialDate{0, 0, 0, true}) == "Aug. 2025 – Present");
    CHECK(en.range(aug, aug) == "Aug. 2025");
    CHECK(en.range(std::nullopt, feb) == "Feb. 2026");
    CHECK(en.range(std::nullopt, std::nullopt).empty());
    CHECK(en.join({}).empty());
    CHECK(en.join({"A"}) == "A");
    CHECK(en.join({"A", "B"}) == "A and B");
    CHECK(en.join({"A", "B", "C"}) == "A, B and C");
    CHECK(en.text("headings.education") == "Education");
    CHECK(en.text("no such key").empty());
}

TEST_CASE("the English headings are the sections table's", "[locale]") {
    for (const Section& section : builtin_sections().rows()) {
        if (section.heading.empty())
            continue;
        INFO(section.key);
        const std::string key = "headings." + std::string(section.key);
        REQUIRE(find_locale_key(key));
        CHECK(LocaleTexts{}.text(key) == section.heading);
    }
}

TEST_CASE("a locale's patterns format dates and ranges", "[locale]") {
    const LocaleTexts zh = chinese();
    const std::optional<PartialDate> aug = month(2025, 8), feb = month(2026, 2);
    CHECK(zh.range(aug, feb) == "2025年8月 – 2026年2月");
    CHECK(zh.range(aug, std::nullopt) == "2025年8月 – 至今");
    CHECK(zh.date({2019, 0, 0, false}) == "2019年");
    CHECK(zh.date({2025, 8, 3, false}) == "2025年8月3日");
    CHECK(zh.join({"甲", "乙", "丙"}) == "甲、乙和丙");
    // A CJK word between Latin names is set apart by spaces; ideographic punctuation is not.
    CHECK(zh.join({"Xuanzhe Liu", "Xin Jin"}) == "Xuanzhe Liu 和 Xin Jin");
    CHECK(zh.join({"Ada", "Bo", "许"}) == "Ada、Bo 和许");
    CHECK(zh.join({"许", "Bo 2"}) == "许和 Bo 2");
    CHECK(zh.text("headings.education") == "Education");  // a key it lacks is English

    LocaleTexts de;
    de.set("date_month", "{month_padded}/{year}");
    de.set("date_day", "{day_padded}.{month_padded}.{year}");
    de.set("date_range_open", "seit {start}");
    de.set_months("months", {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August",
                             "September", "Oktober", "November", "Dezember"});
    CHECK(de.date({2025, 8, 0, false}) == "08/2025");
    CHECK(de.date({2025, 3, 5, false}) == "05.03.2025");
    CHECK(de.range(month(2025, 8), std::nullopt) == "seit 08/2025");
    CHECK(de.month_name(3, false) == "März");
    CHECK(de.month_name(3, true) == "Mar.");

    LocaleTexts named;
    named.set("date_month", "{month_name} {year}");
    CHECK(named.date({2025, 12, 0, false}) == "December 2025");
}

TEST_CASE("the date style (a template's date_format) works with the locale", "[locale]") {
    LocaleTexts en;
    const PartialDate present{0, 0, 0, true};
    en.set_date_style(DateStyle::Long);
    CHECK(en.date(month(2025, 8)) == "August 2025");
    CHECK(en.range(month(2025, 8), present) == "August 2025 – Present");
    en.set_date_style(DateStyle::Numeric);
    CHECK(en.date(month(2025, 8)) == "08/2025");
    CHECK(en.date({2025, 8, 3, false}) == "03/08/2025");
    en.set_date_style(DateStyle::Iso);
    CHECK(en.range(month(2025, 8), month(2026, 2)) == "2025-08 – 2026-02");
    // Numeric patterns have no month names to lengthen; the present stays the locale's.
    LocaleTexts zh = chinese();
    zh.set_date_style(DateStyle::Long);
    CHECK(zh.date(month(2025, 8)) == "2025年8月");
    zh.set_date_style(DateStyle::Iso);
    CHECK(zh.range(month(2025, 8), present) == "2025-08 – 至今");
}

TEST_CASE("a placeholder's value is never read as a pattern", "[locale]") {
    LocaleTexts t;
    t.set("photo_of", "Photo of {name}");
    CHECK(t.fill("photo_of", {{"name", "{name} {generator}"}}) == "Photo of {name} {generator}");
    CHECK(t.fill("photo_of", {}) == "Photo of {name}");
}

TEST_CASE("overlay: the top locale's keys win, the rest stay", "[locale]") {
    LocaleTexts base = chinese();
    LocaleTexts top;
    top.set("present", "现在");
    base.overlay(top);
    CHECK(base.text("present") == "现在");
    CHECK(base.text("date_year") == "{year}年");
    CHECK(base.has("present"));
    CHECK_FALSE(base.has("headings.education"));
}

TEST_CASE("fallback chains of BCP 47 tags", "[locale]") {
    using V = std::vector<std::string>;
    CHECK(locale_fallbacks("en") == V{"en"});
    CHECK(locale_fallbacks("EN-gb") == V{"en-GB", "en"});
    CHECK(locale_fallbacks("zh") == V{"zh"});
    CHECK(locale_fallbacks("zh-Hant-TW") == V{"zh-Hant-TW", "zh-Hant", "zh"});
    CHECK(locale_fallbacks("zh-hant") == V{"zh-Hant", "zh"});
    CHECK(locale_fallbacks("zh-TW") == V{"zh-Hant-TW", "zh-Hant", "zh"});
    CHECK(locale_fallbacks("zh-HK") == V{"zh-Hant-HK", "zh-Hant", "zh"});
    CHECK(locale_fallbacks("zh-MO") == V{"zh-Hant-MO", "zh-Hant", "zh"});
    CHECK(locale_fallbacks("zh-CN") == V{"zh-CN", "zh"});
    CHECK(locale_fallbacks("zh-Hans-HK") == V{"zh-Hans-HK", "zh-Hans", "zh"});
    CHECK(locale_fallbacks("de-CH-1996") == V{"de-CH", "de"});
    CHECK(locale_fallbacks("es-419") == V{"es-419", "es"});
    CHECK(locale_fallbacks("en-US-u-ca-gregory") == V{"en-US", "en"});
    CHECK(locale_fallbacks("sr-Latn-RS") == V{"sr-Latn-RS", "sr-Latn", "sr"});
}
