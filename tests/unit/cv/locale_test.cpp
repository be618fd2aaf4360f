#include "cv/locale.h"

#include <catch2/catch.hpp>

#include "cv/locale_texts.h"
#include "test_support.h"

using namespace mkcv;

TEST_CASE("language tags are checked for the form of BCP 47", "[locale]") {
    for (const char* good :
         {"en", "ko", "ja", "zh-Hant", "zh-Hant-TW", "zh-CN", "en-GB", "de-CH-1996", "sr-Latn-RS",
          "es-419", "yue-HK", "zh-yue", "en-US-u-ca-gregory", "x-private", "fa-IR", "EN-gb"}) {
        INFO(good);
        CHECK(is_language_tag(good));
    }
    for (const char* bad : {"", "e", "en_US", "english1", "en-", "-en", "en--GB", "zh-Hant-TW-u",
                            "en-x", "abcd", "toolongtag-x", "ko KR", "한국어"}) {
        INFO(bad);
        CHECK_FALSE(is_language_tag(bad));
    }
    CHECK_FALSE(is_language_tag(std::string(65, 'a')));
}

TEST_CASE("the language chooses the Noto CJK region", "[locale]") {
    CHECK(cjk_region("") == "SC");
    CHECK(cjk_region("en") == "SC");
    CHECK(cjk_region("zh") == "SC");
    CHECK(cjk_region("zh-CN") == "SC");
    CHECK(cjk_region("zh-Hans-HK") == "SC");
    CHECK(cjk_region("zh-Hant") == "TC");
    CHECK(cjk_region("zh-TW") == "TC");
    CHECK(cjk_region("zh-HK") == "HK");
    CHECK(cjk_region("zh-Hant-MO") == "HK");
    CHECK(cjk_region("yue") == "HK");
    CHECK(cjk_region("ja-JP") == "JP");
    CHECK(cjk_region("KO") == "KR");
}

TEST_CASE("the language says whether the document is Chinese, Japanese or Korean", "[locale]") {
    for (const char* cjk : {"zh", "zh-Hant-TW", "yue", "JA", "ko-KR", "en-Hani", "und-Jpan"})
        CHECK(is_cjk_language(cjk));
    for (const char* other : {"", "en", "fr-CA", "ar", "x-ja", "en-x-hans", "zha"})
        CHECK_FALSE(is_cjk_language(other));
}

TEST_CASE("the language says whether the document runs right to left", "[locale]") {
    for (const char* rtl : {"fa", "fa-IR", "ar", "AR-eg", "he", "ur", "ps", "yi", "ckb", "az-Arab",
                            "ku-Arab-IQ", "pa-Arab"})
        CHECK(is_rtl_language(rtl));
    for (const char* ltr : {"", "en", "ja", "zh-Hant", "tr", "ku-Latn", "uz-Latn", "sr-Cyrl",
                            "ar-Latn", "x-fa", "fr-x-arab"})
        CHECK_FALSE(is_rtl_language(ltr));
}

TEST_CASE("[locale] language is read and checked", "[locale]") {
    CHECK(test::load_ok("[person]\nname = \"A\"\n[locale]\nlanguage = \"ko\"\n").locale.language ==
          "ko");
    CHECK(
        test::problems("[person]\nname = \"A\"\n[locale]\nlanguage = \"ko_KR\"\n") ==
        std::vector<std::string>{"4:12: error: `language` \"ko_KR\" is not a BCP 47 language tag"});
}

TEST_CASE("[locale] overrides any text of the locale, checked as a locale file's", "[locale]") {
    const Cv cv = test::load_ok(
        "[person]\nname = \"A\"\n[locale]\nlanguage = \"zh\"\npresent = \"Now\"\n"
        "[locale.headings]\neducation = \"Studies\"\n");
    REQUIRE(cv.locale.overrides);
    CHECK(cv.locale.overrides->text("present") == "Now");
    CHECK(cv.locale.overrides->text("headings.education") == "Studies");
    CHECK_FALSE(cv.locale.overrides->has("last_updated"));
    CHECK(test::problems("[person]\nname = \"A\"\n[locale]\npresnt = \"Now\"\n") ==
          std::vector<std::string>{"4:1: error: unknown key `presnt` in [locale]"});
    CHECK(test::hints("[person]\nname = \"A\"\n[locale]\npresnt = \"Now\"\n") ==
          std::vector<std::string>{"did you mean `present`?"});
    CHECK(test::problems("[person]\nname = \"A\"\n[locale.headings]\neducaton = \"x\"\n") ==
          std::vector<std::string>{"4:1: error: unknown key `educaton` in [locale.headings]"});
    CHECK(test::problems("[person]\nname = \"A\"\n[locale]\ndate_month = \"{yr}\"\n") ==
          std::vector<std::string>{"4:14: error: `date_month` has an unknown placeholder {yr}"});
    CHECK(test::problems("[person]\nname = \"A\"\n[locale]\nmonths = [\"a\"]\n") ==
          std::vector<std::string>{
              "4:10: error: `months` must be a list of 12 names, January first"});
}
