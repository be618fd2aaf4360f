// The compile step driven by a stand-in TeX (BuildOptions::run_tex): what is compiled,
// skipped, kept and recorded, without running TeX.
#include <filesystem>
#include <sstream>
#include <stdexcept>

#include <catch2/catch.hpp>

#include "pipeline/build_state.h"
#include "pipeline/compile_step.h"
#include "pipeline/output_inputs.h"
#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

// A PDF that pdf_file.h takes as whole, carrying `text` so a test can tell PDFs apart.
std::string stand_in_pdf(const std::string& text) {
    std::string pdf = "%PDF-1.4\n1 0 obj\n<</Type/Catalog>>\nendobj\n% " + text + "\n";
    const std::size_t xref = pdf.size();
    pdf += "xref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<</Size 2/Root 1 0 R>>\n";
    pdf += "startxref\n" + std::to_string(xref) + "\n%%EOF";
    return pdf;
}

// What TeX would do, as far as the compile step can see: the PDF and the log in the build
// folder, or a failure. Counts its runs and can stop the build mid-run (a kill).
struct StandInTex {
    int runs = 0;
    TexResult::Status status = TexResult::Status::Ok;
    bool killed = false;  // throws once the PDF is half there, as a killed build stops
    std::string seen;     // what was in the build folder when it started, besides the .tex

    TexResult operator()(const TexJob& job) {
        ++runs;
        seen.clear();
        for (const auto& entry : fs::directory_iterator(job.work_dir))
            if (entry.path().filename() != job.tex_file &&
                entry.path().filename().string()[0] != '.')
                seen += entry.path().filename().string() + " ";
        const std::string stem = fs::path(job.tex_file).stem().string();
        TexResult result;
        result.runner = "stand-in";
        result.log = job.work_dir / (stem + ".log");
        REQUIRE(write_file_atomically(result.log, "This is a stand-in TeX\n"));
        if (killed) {
            REQUIRE(write_file_atomically(job.work_dir / (stem + ".aux"), "half"));
            throw std::runtime_error("killed");
        }
        result.status = status;
        if (status != TexResult::Status::Ok) {
            result.explanation = "the stand-in failed";
            return result;
        }
        std::string tex;
        REQUIRE(read_file(job.work_dir / job.tex_file, tex));
        result.pdf = job.work_dir / (stem + ".pdf");
        REQUIRE(write_file_atomically(result.pdf, stand_in_pdf(tex)));
        result.passes = 1;
        result.pages = 1;
        return result;
    }
};

RenderedTemplate latex_output(const std::string& body) {
    RenderedTemplate r;
    r.tmpl.manifest.name = "long";
    r.tmpl.manifest.format = TextFormat::Latex;
    r.tmpl.dir = "long";
    r.tmpl.main = {"long/cv.tex.mustache", "template"};
    r.tex = "\\documentclass{article}\\begin{document}" + body + "\\end{document}\n";
    return r;
}

struct StandInBuild {
    test::TempDir dir;
    StandInTex tex;
    BuildOptions options;
    std::ostringstream log;
    StandInBuild() {
        options.out_dir = dir.path / "out";
        options.run_tex = [this](const TexJob& job) { return tex(job); };
    }
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
    b.options.run_tex = [&](const TexJob& job) {
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
