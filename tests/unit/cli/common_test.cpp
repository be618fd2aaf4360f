// What the commands share: the languages --lang names, and writing a command's result.
#include "cli/common.h"

#include <catch2/catch.hpp>

#include "cli/exit_code.h"
#include "test_support.h"

using namespace mkcv;

namespace {

std::vector<std::string> languages(const std::string& lang, Diagnostics& diagnostics) {
    CommonOptions common;
    common.language = lang;
    return requested_languages(common, diagnostics);
}

}  // namespace

TEST_CASE("the languages of --lang are each named once and in order, and without it the CV's own") {
    Diagnostics diagnostics;
    CHECK(languages("", diagnostics) == std::vector<std::string>{""});
    CHECK(languages("zh", diagnostics) == std::vector<std::string>{"zh"});
    CHECK(languages("en,zh", diagnostics) == std::vector<std::string>{"en", "zh"});
    CHECK(languages("en,,zh,", diagnostics) == std::vector<std::string>{"en", "zh"});
    CHECK(languages("zh-Hant,en,ZH-hant", diagnostics) ==
          std::vector<std::string>{"zh-Hant", "en"});
    CHECK_FALSE(diagnostics.has_errors());
}

TEST_CASE("a --lang that is no language tag is an error, and no language is built") {
    for (const std::string bad : {"en zh", "e", "en;zh", "x\n", "en,../x"}) {
        INFO(bad);
        Diagnostics diagnostics;
        CHECK(languages(bad, diagnostics).empty());
        REQUIRE(diagnostics.has_errors());
        CHECK(diagnostics.items().front().file == "--lang");
    }
}

TEST_CASE("a command's result goes to the file named, whole, or the status says it did not") {
    test::TempDir dir;
    const auto file = dir.path / "out.txt";
    CHECK(write_output(file.string(), "first", {}) == kExitOk);
    CHECK(test::file_text(file) == "first");
    CHECK(write_output(file.string(), "second", {}) == kExitOk);
    CHECK(test::file_text(file) == "second");
    CHECK(write_output((dir.path / "no-such-folder" / "x").string(), "x", {}) == kExitBuildFailed);
}
