// The built-in templates rendered for the seed cv.toml must stay exactly as reviewed: the .tex
// of the LaTeX ones, the output itself of the others (tests/golden/cv-NAME.EXT).
// After a deliberate change, regenerate with MKCV_UPDATE_GOLDEN=1 and review the diff.
#include <cstdlib>

#include <catch2/catch.hpp>

#include "pipeline/pipeline.h"
#include "test_support.h"

using namespace mkcv;

TEST_CASE("golden output of the built-in templates for cv.toml") {
    // The golden files carry no "Last updated" date; cv.toml's commit time in this
    // repository would add one, so git is kept out of it.
    const test::EnvScope no_git("GIT_DIR", "/nonexistent");
    const test::EnvScope no_epoch("SOURCE_DATE_EPOCH", std::nullopt);
    Diagnostics diagnostics;
    const LoadedCv loaded =
        load_and_validate(std::string(MKCV_TEST_SOURCE_DIR) + "/cv.toml", diagnostics);
    REQUIRE(loaded.cv);
    const auto search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
    const std::pair<std::string, std::string> goldens[] = {
        {"long", "tex"},    {"short", "tex"},       {"modern", "tex"},  {"ats", "tex"},
        {"classic", "tex"}, {"banking", "tex"},     {"sidebar", "tex"}, {"awesome", "tex"},
        {"markdown", "md"}, {"jsonresume", "json"},
    };
    for (const auto& [name, extension] : goldens) {
        SECTION(name) {
            const auto rendered = render_all(*loaded.cv, {name}, search, diagnostics);
            REQUIRE(rendered);
            CHECK(diagnostics.empty());
            const std::string golden = "tests/golden/cv-" + name + "." + extension;
            if (std::getenv("MKCV_UPDATE_GOLDEN")) {
                REQUIRE(write_file_atomically(std::string(MKCV_TEST_SOURCE_DIR) + "/" + golden,
                                              rendered->front().tex));
            }
            CHECK(rendered->front().tex == test::source_file(golden));
        }
    }
    // The seed CV in other languages: Chinese dates, headings and legend in long; German
    // dates (08/2025) and short's translated "Selected Publications" heading.
    const std::pair<std::string, std::string> localized[] = {{"long", "zh"}, {"short", "de"}};
    for (const auto& [name, language] : localized) {
        SECTION(name + "." + language) {
            Cv cv = *loaded.cv;
            cv.locale.language = language;
            const auto rendered = render_all(cv, {name}, search, diagnostics);
            REQUIRE(rendered);
            CHECK(diagnostics.empty());
            const std::string golden = "tests/golden/cv-" + name + "." + language + ".tex";
            if (std::getenv("MKCV_UPDATE_GOLDEN")) {
                REQUIRE(write_file_atomically(std::string(MKCV_TEST_SOURCE_DIR) + "/" + golden,
                                              rendered->front().tex));
            }
            CHECK(rendered->front().tex == test::source_file(golden));
        }
    }
    // HTML templates, each built beside long and short, so the homepage links their PDFs.
    for (const std::string name : {"homepage", "publications-html", "academic"}) {
        SECTION(name) {
            const auto rendered =
                render_all(*loaded.cv, {name, "long", "short"}, search, diagnostics);
            REQUIRE(rendered);
            CHECK(diagnostics.empty());
            const std::string golden = "tests/golden/cv-" + name + ".html";
            if (std::getenv("MKCV_UPDATE_GOLDEN")) {
                REQUIRE(write_file_atomically(std::string(MKCV_TEST_SOURCE_DIR) + "/" + golden,
                                              rendered->front().tex));
            }
            CHECK(rendered->front().tex == test::source_file(golden));
        }
    }
}

TEST_CASE("golden .tex of a right-to-left document") {
    // tests/data/scripts.toml is in Persian ([locale] language = "fa"): paragraphs and lists
    // mirrored (mkcv-base's meta.rtl block), every value in its \beginL/\beginR runs.
    const test::EnvScope no_git("GIT_DIR", "/nonexistent");
    const test::EnvScope no_epoch("SOURCE_DATE_EPOCH", std::nullopt);
    Diagnostics diagnostics;
    const LoadedCv loaded = load_and_validate(
        std::string(MKCV_TEST_SOURCE_DIR) + "/tests/data/scripts.toml", diagnostics);
    REQUIRE(loaded.cv);
    const auto search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
    const auto rendered = render_all(*loaded.cv, {"long"}, search, diagnostics);
    REQUIRE(rendered);
    CHECK(diagnostics.empty());
    const std::string golden = "tests/golden/rtl-long.tex";
    if (std::getenv("MKCV_UPDATE_GOLDEN")) {
        REQUIRE(write_file_atomically(std::string(MKCV_TEST_SOURCE_DIR) + "/" + golden,
                                      rendered->front().tex));
    }
    CHECK(rendered->front().tex == test::source_file(golden));
}
