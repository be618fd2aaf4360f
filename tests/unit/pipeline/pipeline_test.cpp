// The pipeline's sequencing with a stand-in TeX (stand_in_tex.h): every output built side by
// side and reported in order, the output folder's lock, what killed builds left, a folder it
// must not write into, and each output's diagnostics gathered into the one report.
#include "pipeline/pipeline.h"

#include <filesystem>
#include <mutex>
#include <sstream>

#include <catch2/catch.hpp>

#include "pipeline/text_output.h"
#include "util/file_io.h"
#include "util/output_lock.h"

#include "stand_in_tex.h"
#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

// An HTML output of template `name`: written as rendered, no TeX.
RenderedTemplate html_output(const std::string& text, const std::string& name = "web") {
    RenderedTemplate r = test::stand_in_latex("", name);
    r.tmpl.manifest.format = TextFormat::Html;
    r.tmpl.main = {name + "/cv.html.mustache", "template"};
    r.tex = text;
    return r;
}

// A build of several outputs into one folder. The stand-in TeX runs from several threads
// (`jobs`), so it is called under a mutex; `failing` names the output whose TeX fails.
struct PipelineBuild {
    test::TempDir dir;
    test::StandInTex tex;
    std::mutex tex_mutex;
    std::string failing;
    BuildOptions options;
    std::ostringstream log;
    PipelineBuild() : options(test::stand_in_options(dir.path, tex)) {
        options.jobs = 2;
        options.processes.run_tex = [this](const TexJob& job) {
            const std::lock_guard<std::mutex> lock(tex_mutex);
            test::StandInTex& run = tex;
            const auto status = run.status;
            if (!failing.empty() && job.tex_file == "cv-" + failing + ".tex")
                run.status = TexResult::Status::Failed;
            TexResult result = run(job);
            run.status = status;
            return result;
        };
    }
    BuildReport build(const std::vector<RenderedTemplate>& outputs) {
        return build_all(outputs, "cv", options, log);
    }
};

std::vector<RenderedTemplate> three_outputs(const std::string& body) {
    return {test::stand_in_latex(body, "long"), test::stand_in_latex(body, "short"),
            html_output("<p>" + body + "</p>")};
}

}  // namespace

TEST_CASE("build_all builds every output, reports them in order, then finds them up to date") {
    PipelineBuild b;
    const BuildReport first = b.build(three_outputs("one"));
    REQUIRE(first.ok);
    CHECK(b.tex.runs == 2);  // the HTML output runs no TeX
    REQUIRE(first.outputs.size() == 3);
    CHECK(first.outputs[0].name == "long");
    CHECK(first.outputs[1].name == "short");
    CHECK(first.outputs[2].name == "web");
    CHECK(first.outputs[2].format == "html");
    for (const OutputReport& output : first.outputs)
        CHECK(output.status == OutputStatus::Built);
    CHECK(first.outputs[0].files == std::vector<fs::path>{b.options.out_dir / "cv-long.pdf",
                                                          b.options.out_dir / "cv-long.tex"});
    CHECK(first.outputs[2].files == std::vector<fs::path>{b.options.out_dir / "cv-web.html"});
    CHECK(first.outputs[0].pages == 1);

    const BuildReport again = b.build(three_outputs("one"));
    CHECK(again.ok);
    CHECK(b.tex.runs == 2);
    for (const OutputReport& output : again.outputs) {
        CHECK(output.status == OutputStatus::UpToDate);
        CHECK(output.pages == 0);
    }
    // check_all agrees, without TeX; a changed rendering is stale, and says why.
    std::ostringstream check_log;
    CHECK(check_all(three_outputs("one"), "cv", b.options, check_log).ok);
    const BuildReport stale = check_all(three_outputs("two"), "cv", b.options, check_log);
    CHECK_FALSE(stale.ok);
    CHECK(stale.outputs[0].status == OutputStatus::Stale);
    CHECK(check_log.str().find("long: stale: ") != std::string::npos);
    CHECK(b.tex.runs == 2);
}

TEST_CASE("one output's failure is gathered into the report, and the others are still built") {
    PipelineBuild b;
    b.failing = "short";
    const BuildReport report = b.build(three_outputs("one"));
    CHECK_FALSE(report.ok);
    CHECK(report.diagnostics.has_errors());
    REQUIRE(report.outputs.size() == 3);
    CHECK(report.outputs[0].status == OutputStatus::Built);
    CHECK(report.outputs[1].status == OutputStatus::Failed);
    CHECK(report.outputs[1].files.empty());
    CHECK(report.outputs[2].status == OutputStatus::Built);
    CHECK(fs::exists(b.options.out_dir / "cv-long.pdf"));
    CHECK_FALSE(fs::exists(b.options.out_dir / "cv-short.pdf"));
    CHECK(b.log.str().find("short: error: ") != std::string::npos);  // said as it happened
    // Fixed, only the failed output is compiled again.
    b.failing.clear();
    const int runs = b.tex.runs;
    CHECK(b.build(three_outputs("one")).ok);
    CHECK(b.tex.runs == runs + 1);
}

TEST_CASE("build_all holds the output folder's lock: --no-wait fails at once, running no TeX") {
    PipelineBuild b;
    std::ostringstream held_log;
    const OutputLock other = OutputLock::acquire(b.options.out_dir, false, held_log);
    REQUIRE(other.status() == OutputLock::Status::Held);
    b.options.wait_for_lock = false;
    const BuildReport report = b.build(three_outputs("one"));
    CHECK_FALSE(report.ok);
    REQUIRE(report.diagnostics.items().size() == 1);
    CHECK(report.diagnostics.items()[0].code == "output-busy");
    CHECK(b.log.str().find("(--no-wait)") != std::string::npos);
    CHECK(b.tex.runs == 0);
    CHECK_FALSE(fs::exists(b.options.out_dir / "cv-web.html"));
}

TEST_CASE("build_all removes what killed builds left, and refuses an output it cannot replace") {
    PipelineBuild b;
    REQUIRE(b.build(three_outputs("one")).ok);
    const fs::path state = b.options.out_dir / ".mkcv";
    REQUIRE(write_file_atomically(state / "cv-long.previous.pdf", "old"));
    REQUIRE(write_file_atomically(b.options.out_dir / ".cv-long.pdf.1a2b-3c4d-5e6f.tmp", "half"));
    REQUIRE(is_atomic_write_temporary(".cv-long.pdf.1a2b-3c4d-5e6f.tmp"));
    REQUIRE(b.build(three_outputs("one")).ok);
    CHECK_FALSE(fs::exists(state / "cv-long.previous.pdf"));
    CHECK_FALSE(fs::exists(b.options.out_dir / ".cv-long.pdf.1a2b-3c4d-5e6f.tmp"));

    // A folder where an output goes (a rename cannot replace it): nothing is compiled or
    // written, and the report says why.
    fs::remove(b.options.out_dir / "cv-short.pdf");
    fs::create_directory(b.options.out_dir / "cv-short.pdf");
    const int runs = b.tex.runs;
    const BuildReport refused = b.build(three_outputs("two"));
    CHECK_FALSE(refused.ok);
    CHECK(refused.refused);
    REQUIRE_FALSE(refused.diagnostics.items().empty());
    CHECK(refused.diagnostics.items()[0].code == "unsafe-output");
    CHECK(b.tex.runs == runs);
    std::string html;
    REQUIRE(read_file(b.options.out_dir / "cv-web.html", html));
    CHECK(html == "<p>one</p>");
}
