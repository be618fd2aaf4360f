#include "import/named_files.h"

#include <filesystem>

#include "import_support.h"

using namespace mkcv;
using namespace mkcv::test;

namespace {

const std::string kFiles = std::string(MKCV_TEST_SOURCE_DIR) + "/tests/data/import-files/";

// Imports tests/data/import-files/NAME/cv.yaml as if cv.toml were written at `written`.
ImportOutcome import_named(const std::string& name, const std::string& written) {
    const std::string file = kFiles + name + "/cv.yaml";
    return import_cv(file, source_file("tests/data/import-files/" + name + "/cv.yaml"),
                     std::nullopt, written);
}

}  // namespace

TEST_CASE("a .bib the source names becomes bibliography, its papers counted", "[import]") {
    const ImportOutcome outcome = import_named("bamos", kFiles + "bamos/cv.toml");
    REQUIRE(outcome.toml);
    const toml::table toml = toml::parse(*outcome.toml);
    REQUIRE(toml["bibliography"].as_array());
    REQUIRE(toml["bibliography"].as_array()->size() == 1);
    CHECK(str(toml["bibliography"][0]) == "all.bib");
    CHECK(str(toml["person"]["name"]) == "Ilse Varga");
    CHECK(summary_has(outcome, "all_publications.file", "bibliography"));
    CHECK(summary_has(outcome, "bibliography \"all.bib\"", "(2 papers)"));
    // Nothing of the section is left for "Other imported data".
    CHECK(outcome.toml->find("Other imported data") == std::string::npos);
}

TEST_CASE("a named photo comes along relative to the new cv.toml", "[import]") {
    const ImportOutcome beside = import_named("bamos", kFiles + "bamos/cv.toml");
    REQUIRE(beside.toml);
    const toml::table beside_toml = toml::parse(*beside.toml);
    CHECK(str(beside_toml["person"]["photo"]) == "varga.png");
    // cv.toml written one folder up: the paths are rewritten from there.
    const ImportOutcome above = import_named("bamos", kFiles + "cv.toml");
    REQUIRE(above.toml);
    const toml::table toml = toml::parse(*above.toml);
    CHECK(str(toml["person"]["photo"]) == "bamos/varga.png");
    CHECK(str(toml["bibliography"][0]) == "bamos/all.bib");
}

TEST_CASE("a named file the new cv.toml cannot name is left out with a warning", "[import]") {
    TempDir elsewhere;
    const ImportOutcome outcome = import_named("bamos", (elsewhere.path / "cv.toml").string());
    REQUIRE(outcome.toml);
    CHECK(!toml::parse(*outcome.toml).contains("bibliography"));
    CHECK(has_warning(outcome, "\"all.bib\" is not inside the new cv.toml's folder"));
}

TEST_CASE("named files out of the source's folder never come along", "[import]") {
    const ImportOutcome outcome = import_named("escape", kFiles + "escape/cv.toml");
    REQUIRE(outcome.toml);
    const toml::table toml = toml::parse(*outcome.toml);
    CHECK(!toml.contains("bibliography"));
    CHECK(!toml["person"]["photo"]);
    CHECK(has_warning(outcome, "\"../outside.bib\" is outside the source's folder"));
    CHECK(has_warning(outcome, "\"link.bib\" is outside the source's folder"));
    CHECK(has_warning(outcome, "\"/etc/passwd.bib\" is an absolute path"));
    CHECK(has_warning(outcome, "\"../outside.png\" is outside the source's folder"));
    CHECK(outcome.toml->find("Must Not Be Imported") == std::string::npos);
}

TEST_CASE("papers in a .bib are its entries but @string, @preamble and @comment", "[import]") {
    CHECK(count_bibtex_entries("") == 0);
    CHECK(count_bibtex_entries("@article{a, title={x}}\n@Book (b, title={y})") == 2);
    CHECK(count_bibtex_entries("@string{x = \"y\"} @PREAMBLE{\"z\"} @comment{note} @misc{c}") == 1);
    CHECK(count_bibtex_entries("mail me at a@example.org, or @") == 0);
}

TEST_CASE("a bamos-style order prints each section under the source's title", "[import]") {
    const ImportOutcome outcome = import_named("bamos", kFiles + "bamos/cv.toml");
    REQUIRE(outcome.toml);
    const toml::table toml = toml::parse(*outcome.toml);
    // A built-in kind under a title of the source's own is a typed section printed under it.
    CHECK(str(toml["section"]["academic_training"]["kind"]) == "education");
    CHECK(str(toml["section"]["academic_training"]["heading"]) == "Academic Training");
    CHECK(str(toml["academic_training"][0]["institution"]) == "Eötvös Loránd University");
    CHECK(!toml["education"]);
    CHECK(!toml["locale"]["headings"]["education"]);
    // The .bib's papers live in [[publications]], and the summary is one text: both take the
    // title as their heading.
    CHECK(str(toml["locale"]["headings"]["publications"]) == "Refereed Papers");
    CHECK(str(toml["locale"]["headings"]["summary"]) == "About");
    // The others are sections of their own under it, not under a title made from the key.
    std::vector<std::string> titles;
    if (const auto* sections = toml["sections"].as_array())
        for (const auto& section : *sections)
            titles.push_back(str(section.as_table()->at_path("title")));
    CHECK(titles == std::vector<std::string>{"Research Experience", "Professional Activities",
                                             "Graduate Coursework (selected)"});
    CHECK(outcome.toml->find("Other imported data") == std::string::npos);
}
