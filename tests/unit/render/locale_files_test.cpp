#include "render/locale_files.h"

#include <catch2/catch.hpp>

#include "test_support.h"
#include "util/file_io.h"

using namespace mkcv;

namespace {

TemplateSearchPath builtin_only() {
    return TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
}

LocaleTexts texts_of(const std::string& language, const TemplateSearchPath& search,
                     Diagnostics& diagnostics) {
    LocaleSettings settings;
    settings.language = language;
    return find_locale_texts(settings, search, diagnostics);
}

}  // namespace

TEST_CASE("built-in locales are found by tag, with fallback", "[locale]") {
    Diagnostics diagnostics;
    const auto search = builtin_only();
    CHECK(texts_of("zh", search, diagnostics).text("present") == "至今");
    CHECK(texts_of("zh-Hans-CN", search, diagnostics).text("headings.education") == "教育经历");
    CHECK(texts_of("zh-TW", search, diagnostics).text("headings.education") == "學歷");
    CHECK(texts_of("zh-Hant-HK", search, diagnostics).text("headings.publications") == "發表論文");
    CHECK(texts_of("de-AT", search, diagnostics).text("present") == "heute");
    CHECK(texts_of("ja", search, diagnostics).date({2025, 8, 0, false}) == "2025年8月");
    CHECK(texts_of("ko-KR", search, diagnostics).date({2025, 8, 0, false}) == "2025년 8월");
    // No locale of its own: English.
    CHECK(texts_of("sv", search, diagnostics).text("present") == "Present");
    CHECK(texts_of("", search, diagnostics).text("present") == "Present");
    CHECK(diagnostics.empty());
    const auto files = locale_files("zh-Hant-TW", search);
    REQUIRE(files.size() == 3);
    CHECK(files[0].filename() == "en.toml");
    CHECK(files[1].filename() == "zh.toml");
    CHECK(files[2].filename() == "zh-Hant.toml");
}

TEST_CASE("a locale beside cv.toml changes only its keys, and cv.toml's own locale table wins",
          "[locale]") {
    test::TempDir dir;
    std::filesystem::create_directories(dir.path / "templates" / "locales");
    REQUIRE(write_file_atomically(dir.path / "templates" / "locales" / "zh.toml",
                                  "present = \"现在\"\n"));
    REQUIRE(write_file_atomically(dir.path / "templates" / "locales" / "zh-Hant.toml",
                                  "[headings]\neducaton = \"x\"\n"));
    const auto search = TemplateSearchPath::standard({}, dir.path / "cv.toml");
    Diagnostics diagnostics;
    LocaleSettings settings;
    settings.language = "zh";
    CHECK(find_locale_texts(settings, search, diagnostics).text("present") == "现在");
    CHECK(find_locale_texts(settings, search, diagnostics).text("headings.education") ==
          "教育经历");
    LocaleTexts overrides;
    overrides.set("present", "迄今");
    settings.overrides = std::make_shared<const LocaleTexts>(overrides);
    CHECK(find_locale_texts(settings, search, diagnostics).text("present") == "迄今");
    CHECK(diagnostics.empty());
    // A broken file is reported with its place, and the rest still applies.
    settings.language = "zh-TW";
    const LocaleTexts tw = find_locale_texts(settings, search, diagnostics);
    CHECK(tw.text("headings.education") == "學歷");
    REQUIRE(diagnostics.error_count() == 1);
    CHECK(diagnostics.items()[0].file.find("zh-Hant.toml") != std::string::npos);
    CHECK(diagnostics.items()[0].pos.line == 2);
}
