#include "site/site.h"

#include <catch2/catch.hpp>
#include <fstream>
#include <sstream>

#include "site/site_folder.h"
#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const char* const kCv = R"(
[person]
name = "Ada Lovelace"
email = "ada@example.org"
photo = "ada.png"
bio = "I write **programs** for the Analytical Engine."

[[news]]
date = "2024-01"
text = "Old news"

[[news]]
date = "2025-03"
text = "New *news*"

[[publications]]
title = "Notes on the Engine"
authors = ["Ada Lovelace", "Charles Babbage"]
venue = "Taylor's Scientific Memoirs"
year = 1843
thumbnail = "img/notes.png"
abstract = "The first program."
links = { paper = "https://example.org/notes.pdf", bibtex = "notes.bib" }

[[publications]]
title = "Sketch of the Engine"
authors = ["Ada Lovelace"]
venue = "Memoirs"
year = 1842

[site]
pdfs = []
)";

struct Fixture {
    test::TempDir dir;
    SiteOptions options;
    Fixture() {
        const std::string png = std::string("\x89PNG\r\n\x1a\n", 8) + "pixels";
        std::ofstream(dir.path / "cv.toml") << kCv;
        std::ofstream(dir.path / "ada.png", std::ios::binary) << png;
        fs::create_directory(dir.path / "img");
        std::ofstream(dir.path / "img" / "notes.png", std::ios::binary) << png;
        std::ofstream(dir.path / "notes.bib") << "@article{notes, title = {Notes}}\n";
        options.cv_path = dir.path / "cv.toml";
        options.out_dir = dir.path / "_site";
        options.search = TemplateSearchPath{{{builtin_template_root(), "built-in"}}};
        options.pdf_build.out_dir = dir.path / "out";
    }
};

}  // namespace

TEST_CASE("build_site writes the page and the files it links") {
    Fixture f;
    std::ostringstream log;
    const SiteReport report = build_site(f.options, log);
    INFO(log.str());
    REQUIRE(report.ok);
    const fs::path site = f.options.out_dir;
    for (const char* file : {"index.html", ".nojekyll", kSiteMarker, "img/photo.png"})
        CHECK(fs::is_regular_file(site / file));
    const std::string page = test::file_text(site / "index.html");
    CHECK(page.find(R"(src="img/photo.png")") != std::string::npos);
    CHECK(page.find("I write <strong>programs</strong>") != std::string::npos);
    // News, newest first; the paper's own .bib is published, the other gets mkcv's entry.
    CHECK(page.find("New <em>news</em>") < page.find("Old news"));
    CHECK(test::file_text(site / "bib" / "notes.bib").empty());  // named by mkcv, not by cv.toml
    std::size_t bibs = 0;
    bool own = false;
    for (const auto& entry : fs::directory_iterator(site / "bib")) {
        ++bibs;
        own = own || test::file_text(entry.path()) == "@article{notes, title = {Notes}}\n";
        CHECK(page.find("bib/" + entry.path().filename().string()) != std::string::npos);
    }
    CHECK(bibs == 2);
    CHECK(own);
    CHECK(page.find(R"(class="thumbnail" src="img/paper-)") != std::string::npos);
    CHECK(page.find("<summary>Abstract</summary>") != std::string::npos);
    // What serve and watch follow.
    CHECK(std::find(report.inputs.begin(), report.inputs.end(), f.options.cv_path) !=
          report.inputs.end());
    CHECK(std::find(report.files.begin(), report.files.end(), "index.html") != report.files.end());
}

TEST_CASE("build_site replaces its own folder and refuses another") {
    Fixture f;
    std::ostringstream log;
    REQUIRE(build_site(f.options, log).ok);
    REQUIRE(build_site(f.options, log).ok);  // its own folder, again
    SiteOptions other = f.options;
    other.out_dir = f.dir.path / "mine";
    fs::create_directory(other.out_dir);
    std::ofstream(other.out_dir / "notes.txt") << "precious";
    const SiteReport refused = build_site(other, log);
    CHECK_FALSE(refused.ok);
    CHECK(refused.invalid);
    CHECK(test::file_text(other.out_dir / "notes.txt") == "precious");
    other.force = true;
    CHECK(build_site(other, log).ok);
    CHECK_FALSE(fs::exists(other.out_dir / "notes.txt"));
}

TEST_CASE("a broken cv.toml leaves the site as it was") {
    Fixture f;
    std::ostringstream log;
    REQUIRE(build_site(f.options, log).ok);
    const std::string before = test::file_text(f.options.out_dir / "index.html");
    std::ofstream(f.dir.path / "cv.toml", std::ios::app) << "\n[[news]]\ntext = \"undated\"\n";
    const SiteReport report = build_site(f.options, log);
    CHECK_FALSE(report.ok);
    CHECK(report.invalid);
    CHECK(report.diagnostics.has_errors());
    CHECK(test::file_text(f.options.out_dir / "index.html") == before);
}

TEST_CASE("each language is a page of its own, linked to the others") {
    Fixture f;
    f.options.languages = {"en", "zh"};
    std::ostringstream log;
    const SiteReport report = build_site(f.options, log);
    INFO(log.str());
    REQUIRE(report.ok);
    const std::string en = test::file_text(f.options.out_dir / "index.html");
    const std::string zh = test::file_text(f.options.out_dir / "zh" / "index.html");
    CHECK(en.find(R"(href="zh/index.html")") != std::string::npos);
    CHECK(zh.find(R"(href="../index.html")") != std::string::npos);
    CHECK(zh.find("lang=\"zh\"") != std::string::npos);
    CHECK(fs::is_regular_file(f.options.out_dir / "zh" / "img" / "photo.png"));
}

TEST_CASE("the site folder and the build folder must be apart") {
    Fixture f;
    std::ostringstream log;
    for (const fs::path& out : {f.dir.path / "out", f.dir.path / "out" / "site"}) {
        SiteOptions inside = f.options;
        inside.out_dir = out;
        const SiteReport report = build_site(inside, log);
        CHECK_FALSE(report.ok);
        CHECK(report.invalid);
    }
    SiteOptions around = f.options;
    around.pdf_build.out_dir = f.options.out_dir / "out";
    CHECK_FALSE(build_site(around, log).ok);
}
