// The load step: a cv.toml on disk to a validated Cv, or every reason it is not one, without
// building anything.
#include "pipeline/load_step.h"

#include <filesystem>

#include <catch2/catch.hpp>

#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

// A CV in German by default, its name in English too.
const std::string kGermanAndEnglish =
    "[locale]\nlanguage = \"de\"\n[person]\nname = { de = \"Ada\", en = \"Ada L.\" }\n";

}  // namespace

TEST_CASE("load_and_validate reads cv.toml, in the language asked for") {
    test::TempDir dir;
    const fs::path path = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(path, kGermanAndEnglish));
    Diagnostics diagnostics;
    const LoadedCv loaded = load_and_validate(path, diagnostics);
    INFO(diagnostics.items().size());
    REQUIRE(loaded.cv);
    CHECK_FALSE(diagnostics.has_errors());
    CHECK(loaded.default_language == "de");
    CHECK(loaded.cv->person.name.value == "Ada");
    CHECK(loaded.sources.count(path.string()) == 1);  // to show the lines a problem names

    Diagnostics english_diagnostics;
    const LoadedCv english = load_and_validate(path, english_diagnostics, "en");
    REQUIRE(english.cv);
    CHECK(english.cv->person.name.value == "Ada L.");
    CHECK(english.cv->locale.language == "en");
    CHECK(english.default_language == "de");  // what [locale] says, whatever was asked
}

TEST_CASE("load_and_validate gives no Cv, and says why, when anything is wrong") {
    test::TempDir dir;
    Diagnostics missing;
    CHECK_FALSE(load_and_validate(dir.path / "cv.toml", missing).cv);
    REQUIRE(missing.items().size() == 1);
    CHECK(missing.items()[0].message == "no such file");

    Diagnostics folder;
    CHECK_FALSE(load_and_validate(dir.path, folder).cv);
    REQUIRE(folder.items().size() == 1);
    CHECK(folder.items()[0].message == "is a folder, not a file");

    const fs::path path = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(path, "[person]\nname = \"Ada\"\nnmae = \"typo\"\n"));
    Diagnostics bad;
    const LoadedCv loaded = load_and_validate(path, bad);
    CHECK_FALSE(loaded.cv);
    CHECK(bad.has_errors());
    CHECK(loaded.text.find("nmae") != std::string::npos);  // kept, to show the line
}

TEST_CASE("load_languages loads each language, the default one named \"\"") {
    test::TempDir dir;
    const fs::path path = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(path, kGermanAndEnglish));
    Diagnostics diagnostics;
    DiagnosticsOnce once(diagnostics);
    const LoadedLanguages loaded = load_languages(path, {"DE", "en"}, once);
    REQUIRE(loaded.cvs.size() == 2);
    CHECK(loaded.default_language == "de");
    CHECK(loaded.cvs[0].language.empty());  // the default, as --lang wrote it in any case
    CHECK(loaded.cvs[0].cv.person.name.value == "Ada");
    CHECK(loaded.cvs[1].language == "en");
    CHECK(loaded.cvs[1].cv.person.name.value == "Ada L.");
    CHECK(loaded.cv_files == std::vector<fs::path>{path});
    CHECK(loaded.cvs[1].cv_files == std::vector<fs::path>{path});
}

TEST_CASE("load_languages gives no CV when any language fails, each problem said once") {
    test::TempDir dir;
    const fs::path path = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(path, "[person]\nname = 5\n"));
    Diagnostics diagnostics;
    DiagnosticsOnce once(diagnostics);
    const LoadedLanguages loaded = load_languages(path, {"en", "zh", "de"}, once);
    CHECK(loaded.cvs.empty());
    CHECK(diagnostics.error_count() == 1);
    CHECK(loaded.cv_files == std::vector<fs::path>{path});  // still known, for a watch
    CHECK(loaded.sources.count(path.string()) == 1);
}
