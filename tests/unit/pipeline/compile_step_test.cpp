// The compile step driven by a stand-in TeX (BuildProcesses::run_tex, stand_in_tex.h): what is
// compiled, skipped, kept and recorded, without running TeX.
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "pipeline/build_state.h"
#include "pipeline/compile_step.h"
#include "pipeline/output_inputs.h"
#include "render/renderer.h"
#include "select/content_filter.h"
#include "util/file_io.h"

#include "stand_in_tex.h"
#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

using test::stand_in_pdf;
using test::StandInTex;

RenderedTemplate latex_output(const std::string& body) {
    return test::stand_in_latex(body);
}

struct StandInBuild {
    test::TempDir dir;
    StandInTex tex;
    BuildOptions options;
    std::ostringstream log;
    StandInBuild() : options(test::stand_in_options(dir.path, tex)) {}
    CompileOutcome compile(const RenderedTemplate& r) {
        Progress progress(log, ProgressStyle::Lines, {"long"});
        return compile_template(r, "cv", options, progress, 0);
    }
    std::string pdf() {
        std::string bytes;
        read_file(options.out_dir / "cv-long.pdf", bytes);
        return bytes;
    }
};

}  // namespace

TEST_CASE("a PDF is compiled once, then up to date until an input changes") {
    StandInBuild b;
    const CompileOutcome first = b.compile(latex_output("one"));
    REQUIRE(first.ok);
    CHECK(b.tex.runs == 1);
    CHECK(b.pdf().find("one") != std::string::npos);
    CHECK(fs::exists(b.options.out_dir / "cv-long.tex"));
    CHECK(first.files == std::vector<fs::path>{b.options.out_dir / "cv-long.pdf",
                                               b.options.out_dir / "cv-long.tex"});

    const CompileOutcome again = b.compile(latex_output("one"));
    CHECK(again.ok);
    CHECK(again.up_to_date);
    CHECK(b.tex.runs == 1);

    SECTION("a changed rendering compiles again") {
        CHECK(b.compile(latex_output("two")).ok);
        CHECK(b.tex.runs == 2);
        CHECK(b.pdf().find("two") != std::string::npos);
    }
    SECTION("--force compiles again") {
        b.options.force = true;
        CHECK(b.compile(latex_output("one")).ok);
        CHECK(b.tex.runs == 2);
    }
    SECTION("a missing or damaged record compiles again") {
        const fs::path record = state_path(b.options.out_dir, "cv-long");
        REQUIRE(write_file_atomically(record, "mkcv build record 2\ngarbage\n"));
        CHECK(b.compile(latex_output("one")).ok);
        CHECK(b.tex.runs == 2);
        fs::remove(record);
        CHECK(b.compile(latex_output("one")).ok);
        CHECK(b.tex.runs == 3);
    }
    SECTION("a PDF changed after the build compiles again") {
        REQUIRE(write_file_atomically(b.options.out_dir / "cv-long.pdf", stand_in_pdf("edited")));
        CHECK(b.compile(latex_output("one")).ok);
        CHECK(b.tex.runs == 2);
        CHECK(b.pdf().find("one") != std::string::npos);
    }
}

TEST_CASE("a failed TeX run keeps the last good PDF and its record") {
    StandInBuild b;
    REQUIRE(b.compile(latex_output("good")).ok);
    b.tex.status = TexResult::Status::Failed;
    const CompileOutcome failed = b.compile(latex_output("bad"));
    CHECK_FALSE(failed.ok);
    CHECK(failed.diagnostics.has_errors());
    CHECK(failed.report.find("the stand-in failed") != std::string::npos);  // TeX's why
    CHECK(b.pdf().find("good") != std::string::npos);
    // The good PDF is still the recorded one: the old rendering is up to date.
    b.tex.status = TexResult::Status::Ok;
    CHECK(b.compile(latex_output("good")).up_to_date);
    CHECK(b.tex.runs == 2);
}

TEST_CASE("a build killed mid-TeX leaves the last PDF, and the next starts from a clean folder") {
    StandInBuild b;
    REQUIRE(b.compile(latex_output("good")).ok);
    b.tex.killed = true;
    CHECK_THROWS(b.compile(latex_output("next")));
    CHECK(b.pdf().find("good") != std::string::npos);
    b.tex.killed = false;
    REQUIRE(b.compile(latex_output("next")).ok);
    // The half-written .aux of the killed run was removed before TeX ran again.
    CHECK(b.tex.seen.find("cv-long.aux") == std::string::npos);
    CHECK(b.pdf().find("next") != std::string::npos);
}

TEST_CASE("an input changed during a build is seen by the next one") {
    StandInBuild b;
    RenderedTemplate r = latex_output("one");
    // The rendering the build started from is what is recorded, whatever changes meanwhile.
    b.options.processes.run_tex = [&](const TexJob& job) {
        r.tmpl.main.text = "edited while TeX ran";
        return b.tex(job);
    };
    const RenderedTemplate started = r;
    REQUIRE(b.compile(started).ok);
    CHECK(b.compile(started).up_to_date);
    const CompileOutcome next = b.compile(r);
    CHECK(next.ok);
    CHECK_FALSE(next.up_to_date);
    CHECK(b.tex.runs == 2);
}

TEST_CASE("a TeX run out of time or not installed says why and keeps the last PDF") {
    StandInBuild b;
    REQUIRE(b.compile(latex_output("good")).ok);
    for (const auto status : {TexResult::Status::TimedOut, TexResult::Status::NotInstalled}) {
        b.tex.status = status;
        const CompileOutcome failed = b.compile(latex_output("bad"));
        CHECK_FALSE(failed.ok);
        CHECK(failed.diagnostics.has_errors());
        CHECK(failed.report.find("long: error: the stand-in failed") != std::string::npos);
        CHECK(failed.report.find("TeX failed") == std::string::npos);  // not TeX's own error
        CHECK(b.pdf().find("good") != std::string::npos);
        // The .tex that did not compile is beside the PDF, to be read where the error points.
        std::string tex;
        REQUIRE(read_file(b.options.out_dir / "cv-long.tex", tex));
        CHECK(tex.find("bad") != std::string::npos);
    }
}

TEST_CASE("a character no font has is a warning, and fails the build under --strict") {
    StandInBuild b;
    b.tex.log_text =
        "Missing character: There is no \xE2\x91\xA0 (U+2460) in font Noto Serif "
        "Regular/OT:script=latn;language=dflt;!\n";
    const CompileOutcome warned = b.compile(latex_output("one"));
    CHECK(warned.ok);
    CHECK(warned.diagnostics.items().size() == 1);
    CHECK_FALSE(warned.diagnostics.has_errors());
    CHECK(b.pdf().find("one") != std::string::npos);

    b.options.strict = true;
    const CompileOutcome strict = b.compile(latex_output("two"));
    CHECK_FALSE(strict.ok);
    CHECK(strict.diagnostics.has_errors());
    CHECK(strict.report.find("could not be printed (--strict)") != std::string::npos);
    CHECK(b.pdf().find("one") != std::string::npos);  // left as it was
    // Told again when the PDF is up to date: an up-to-date PDF is not a silent one.
    b.options.strict = false;
    const CompileOutcome again = b.compile(latex_output("one"));
    CHECK(again.up_to_date);
    CHECK(again.diagnostics.items().size() == 1);
}

namespace {

// A CV of `talks` talks in a template that prints one "LINE" per talk, within `max_pages`.
RenderedTemplate budget_output(int talks, int max_pages) {
    std::string toml = test::kMinimal;
    for (int i = 1; i <= talks; ++i)
        toml += "[[talks]]\ntitle = \"Talk " + std::to_string(i) + "\"\nevent = \"E\"\ndate = \"" +
                std::to_string(2000 + i) + "\"\n";
    RenderedTemplate r = test::stand_in_latex("", "short");
    r.tmpl.main = {"short/cv.tex.mustache", "<<#talks>>LINE <<title>>\n<</talks>>"};
    r.input.filtered = apply_rules(test::load_ok(toml), {});
    r.input.max_pages = max_pages;
    Diagnostics ignored;
    r.tex = render_template(r.tmpl, template_context(r.input.filtered.cv, r.input), ignored).tex;
    return r;
}

int lines_of_pdf(const std::string& pdf) {
    int lines = 0;
    for (std::size_t at = pdf.find("LINE"); at != std::string::npos; at = pdf.find("LINE", at + 1))
        ++lines;
    return lines;
}

struct BudgetBuild {
    test::TempDir dir;
    StandInTex tex;
    BuildOptions options;
    std::ostringstream log;
    BudgetBuild() : options(test::stand_in_options(dir.path, tex)) { tex.lines_per_page = 3; }
    CompileOutcome compile(const RenderedTemplate& r) {
        Progress progress(log, ProgressStyle::Lines, {"short"});
        return compile_template(r, "cv", options, progress, 0);
    }
    std::string pdf() {
        std::string bytes;
        read_file(options.out_dir / "cv-short.pdf", bytes);
        return bytes;
    }
};

}  // namespace

TEST_CASE("the page budget places only the attempt that fits, then is up to date") {
    BudgetBuild b;
    const CompileOutcome built = b.compile(budget_output(7, 1));
    REQUIRE(built.ok);
    CHECK(built.pages == 1);
    CHECK(built.dropped.size() == 4);
    CHECK(lines_of_pdf(b.pdf()) == 3);
    // The last attempt's line says where its PDF now is.
    CHECK(built.report.find("short: xelatex 1 pass") != std::string::npos);
    CHECK(built.report.find("→ " + (b.options.out_dir / "cv-short.pdf").string()) !=
          std::string::npos);
    std::string tex;
    REQUIRE(read_file(b.options.out_dir / "cv-short.tex", tex));
    CHECK(lines_of_pdf(tex) == 3);  // the .tex beside the PDF is the one that fits
    const int runs = b.tex.runs;
    CHECK(runs > 1);

    const CompileOutcome again = b.compile(budget_output(7, 1));
    CHECK(again.up_to_date);
    CHECK(b.tex.runs == runs);
}

TEST_CASE("a page budget that cannot be held, or a kill between its attempts, keeps the last PDF") {
    BudgetBuild b;
    REQUIRE(b.compile(budget_output(2, 1)).ok);
    const std::string good = b.pdf();
    CHECK(lines_of_pdf(good) == 2);

    SECTION("--strict-pages fails over the budget") {
        b.options.strict_pages = true;
        const CompileOutcome over = b.compile(budget_output(7, 1));
        CHECK_FALSE(over.ok);
        CHECK(over.diagnostics.has_errors());
        CHECK(b.pdf() == good);
    }
    SECTION("killed during the second attempt") {
        b.tex.kill_at_run = b.tex.runs + 2;
        CHECK_THROWS(b.compile(budget_output(7, 1)));
        CHECK(b.pdf() == good);
        // The record still names the old PDF: the old inputs are up to date, the new are not.
        b.tex.kill_at_run = 0;
        CHECK(b.compile(budget_output(2, 1)).up_to_date);
        const CompileOutcome next = b.compile(budget_output(7, 1));
        CHECK(next.ok);
        CHECK(lines_of_pdf(b.pdf()) == 3);
    }
}
