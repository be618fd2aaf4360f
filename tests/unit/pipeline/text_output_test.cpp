// An HTML, Markdown or JSON output: written as rendered, recorded, and left alone while up to
// date, with no TeX.
#include "pipeline/text_output.h"

#include <filesystem>

#include <catch2/catch.hpp>

#include "pipeline/build_state.h"
#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

RenderedTemplate markdown_output(const std::string& text) {
    RenderedTemplate r;
    r.tmpl.manifest.name = "notes";
    r.tmpl.manifest.format = TextFormat::Markdown;
    r.tmpl.dir = "notes";
    r.tmpl.main = {"notes/cv.md.mustache", "template"};
    r.tex = text;
    return r;
}

}  // namespace

TEST_CASE("write_text_output writes the rendering once, then leaves it while up to date") {
    test::TempDir dir;
    BuildOptions options;
    options.out_dir = dir.path / "out";
    const fs::path path = options.out_dir / "cv-notes.md";
    CHECK(output_path(markdown_output(""), "cv", options) == path);

    const CompileOutcome written = write_text_output(markdown_output("# Ada\n"), "cv", options);
    REQUIRE(written.ok);
    CHECK_FALSE(written.up_to_date);
    CHECK(written.files == std::vector<fs::path>{path});
    CHECK(written.report == "notes: written → " + path.string() + "\n");
    CHECK(test::file_text(path) == "# Ada\n");

    const CompileOutcome again = write_text_output(markdown_output("# Ada\n"), "cv", options);
    CHECK(again.ok);
    CHECK(again.up_to_date);
    CHECK(again.report == "notes: up to date (" + path.string() + ")\n");

    SECTION("a changed rendering is written") {
        CHECK_FALSE(write_text_output(markdown_output("# Ada L.\n"), "cv", options).up_to_date);
        CHECK(test::file_text(path) == "# Ada L.\n");
    }
    SECTION("a file edited since is written again") {
        REQUIRE(write_file_atomically(path, "edited"));
        CHECK_FALSE(write_text_output(markdown_output("# Ada\n"), "cv", options).up_to_date);
        CHECK(test::file_text(path) == "# Ada\n");
    }
    SECTION("--force writes it again, --quiet says nothing") {
        options.force = true;
        options.quiet = true;
        const CompileOutcome forced = write_text_output(markdown_output("# Ada\n"), "cv", options);
        CHECK_FALSE(forced.up_to_date);
        CHECK(forced.report.empty());
    }
}

TEST_CASE("write_text_output fails, saying why, where it cannot write") {
    test::TempDir dir;
    BuildOptions options;
    options.out_dir = dir.path / "out";
    // A file where the output folder should be.
    REQUIRE(write_file_atomically(options.out_dir, "not a folder"));
    const CompileOutcome failed = write_text_output(markdown_output("# Ada\n"), "cv", options);
    CHECK_FALSE(failed.ok);
    CHECK(failed.diagnostics.has_errors());
    CHECK(failed.report.rfind("notes: error: ", 0) == 0);
}
