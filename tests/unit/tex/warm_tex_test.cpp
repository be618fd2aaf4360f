// The warm XeTeX run of `mkcv watch`, driven through stand-in programs: every reason to let
// the build run TeX as usual, and what a used run leaves in the build folder, without TeX.
// integration/watch_test.sh compares a real warm rebuild's PDF with mkcv build's.
#include "tex/warm_tex.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <memory>
#include <string>

#include <unistd.h>

#include "tex/format.h"
#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const std::string kWarmPreamble = "\\documentclass{article}\n\\csname endofdump\\endcsname\n";
const std::string kWarmAhead = "\\setmainfont{Noto Serif}\n\\newcommand\\x{x}\n";
const std::string kWarmBody = "\\begin{document}\nHello\n\\end{document}\n";
const std::string kWarmAux = "\\relax\n\\gdef \\@abspage@last{1}\n";

// What the stand-in TeX does when it is sent its line, set by each test.
struct StandInRun {
    ProcessSpec spec;            // as it was started
    std::string read_tex;        // the .tex it found in its folder when it ran
    std::string aux = kWarmAux;  // the .aux it writes
    std::string log = "Output written on cv-long.xdv (2 pages).\n";
    ProcessOutcome outcome{ProcessOutcome::Status::Exited, 0};  // unless a test says otherwise
    std::string extra_file;                                     // a file it writes besides its own
    bool ended = false;                                         // it ended before the build came
    int pdf_status = 0;                                         // xdvipdfmx's exit status
    int starts = 0;
    int stopped = 0;  // runs that were stopped without being used (destroyed)
};

class StandInTex final : public WaitingTex {
  public:
    StandInTex(std::shared_ptr<StandInRun> run) : run_(std::move(run)) {}
    ~StandInTex() override {
        if (!finished_)
            ++run_->stopped;
    }
    bool running() override { return !run_->ended && !finished_; }
    ProcessOutcome finish(const std::string& input, std::chrono::milliseconds) override {
        finished_ = true;
        CHECK(input == "\n");
        const fs::path folder = run_->spec.work_dir;
        read_file(folder / "cv-long.tex", run_->read_tex);
        if (run_->outcome.status == ProcessOutcome::Status::Exited &&
            run_->outcome.exit_code == 0) {
            REQUIRE(write_file_atomically(folder / "cv-long.aux", run_->aux));
            REQUIRE(write_file_atomically(folder / "cv-long.log", run_->log));
            REQUIRE(write_file_atomically(folder / "cv-long.xdv", "xdv"));
            REQUIRE(write_file_atomically(run_->spec.output, "This is XeTeX\n"));
            if (!run_->extra_file.empty())
                REQUIRE(write_file_atomically(folder / run_->extra_file, "x"));
        }
        return run_->outcome;
    }

  private:
    std::shared_ptr<StandInRun> run_;
    bool finished_ = false;
};

WarmTexPrograms stand_ins(const std::shared_ptr<StandInRun>& run) {
    WarmTexPrograms programs;
    programs.start_tex = [run](ProcessSpec spec) -> std::unique_ptr<WaitingTex> {
        ++run->starts;
        run->spec = std::move(spec);
        return std::make_unique<StandInTex>(run);
    };
    programs.xdvipdfmx = [run](const std::vector<std::string>& args, const fs::path& dir,
                               const TexJob&, const fs::path& output) {
        CHECK(args == std::vector<std::string>{"-E", "-o", "cv-long.pdf", "cv-long.xdv"});
        if (run->pdf_status == 0) {
            REQUIRE(write_file_atomically(dir / "cv-long.pdf", "%PDF-1.5"));
            REQUIRE(write_file_atomically(output, "xdvipdfmx wrote it\n"));
        }
        return run->pdf_status;
    };
    return programs;
}

// A build folder holding the last build's .aux and the photo, beside which the warm run's
// folder goes.
struct Folders {
    fs::path root = fs::temp_directory_path() / ("mkcv-warm-tex-" + std::to_string(::getpid()));
    TexJob job;
    PreambleFormat format;
    std::vector<fs::path> inputs;

    Folders() {
        fs::remove_all(root);
        fs::create_directories(root / "build");
        job.work_dir = root / "build";
        job.tex_file = "cv-long.tex";
        job.page_total_matters = false;
        REQUIRE(write_file_atomically(job.work_dir / "cv-long.aux", kWarmAux));
        REQUIRE(write_file_atomically(job.work_dir / "photo.jpg", "jpeg"));
        inputs = {job.work_dir / "photo.jpg"};
        format.key = std::string(32, 'a');
        format.file = root / ("cv-long-" + format.key + ".fmt");
        format.record = root / "cv-long.format";
    }
    ~Folders() { fs::remove_all(root); }

    fs::path warm_folder() const { return root / ("cv-long.warm-" + std::to_string(::getpid())); }

    // The format made, with a record of the one file it was made from.
    void make_format_current() {
        REQUIRE(write_file_atomically(format.file, "dumped"));
        const fs::path made_from = root / "hyperref.sty";
        REQUIRE(write_file_atomically(made_from, "\\endinput\n"));
        REQUIRE(write_file_atomically(
            format.record,
            "mkcv format 1\nkey " + format.key + "\nfile " +
                std::to_string(fs::file_size(made_from)) + " " +
                std::to_string(fs::last_write_time(made_from).time_since_epoch().count()) + " " +
                made_from.string() + "\n"));
        REQUIRE(format_is_current(format));
    }

    bool build_folder_has(const std::string& name) const { return fs::exists(job.work_dir / name); }
};

const std::string kWarmTex = kWarmPreamble + kWarmAhead + kWarmBody;

}  // namespace

TEST_CASE("a warm run is XeLaTeX from the format, in the sandbox, reading ahead the preamble") {
    Folders f;
    auto run = std::make_shared<StandInRun>();
    auto warm = WarmTex::start(f.format, f.job, kWarmTex, f.inputs, stand_ins(run));
    REQUIRE(warm);
    CHECK(warm->ahead() == kWarmAhead);
    CHECK(warm->key() == f.format.key);
    CHECK(run->spec.program == "xelatex");
    CHECK(run->spec.work_dir == f.warm_folder());
    CHECK(run->spec.own_group);
    const auto& args = run->spec.args;
    const std::vector<std::string> wanted = {"-no-shell-escape",
                                             "-halt-on-error",
                                             "-jobname=cv-long",
                                             "-no-pdf",
                                             "-fmt=../cv-long-" + f.format.key,
                                             "mkcv-warm.tex"};
    for (const std::string& want : wanted)
        CHECK(std::find(args.begin(), args.end(), want) != args.end());
    CHECK(std::find(run->spec.unset.begin(), run->spec.unset.end(), "TEXMFOUTPUT") !=
          run->spec.unset.end());
    // The driver: the marker, the lines run ahead, then the wait and the .tex.
    std::string driver;
    REQUIRE(read_file(f.warm_folder() / "mkcv-warm.tex", driver));
    CHECK(driver.rfind("\\csname endofdump\\endcsname\n" + kWarmAhead, 0) == 0);
    CHECK(driver.find("\\read16") != std::string::npos);
    CHECK(driver.substr(driver.size() - 19) == "\\input cv-long.tex\n");
    // What the lines run ahead may read, copied beside it.
    CHECK(fs::exists(f.warm_folder() / "cv-long.aux"));
    CHECK(fs::exists(f.warm_folder() / "photo.jpg"));

    warm.reset();  // stops the run and removes its folder
    CHECK(run->stopped == 1);
    CHECK_FALSE(fs::exists(f.warm_folder()));

    TexJob pdflatex = f.job;
    pdflatex.engine = "pdflatex";
    CHECK_FALSE(WarmTex::start(f.format, pdflatex, kWarmTex, f.inputs, stand_ins(run)));
    CHECK(run->starts == 1);
}

TEST_CASE("a used warm run leaves in the build folder what latexmk would") {
    Folders f;
    auto run = std::make_shared<StandInRun>();
    auto warm = WarmTex::start(f.format, f.job, kWarmTex, f.inputs, stand_ins(run));
    REQUIRE(warm);
    std::string why_not;
    const std::optional<TexResult> result = warm->typeset(kWarmTex, f.job, f.inputs, why_not);
    REQUIRE(result);
    CHECK(why_not.empty());
    CHECK(result->status == TexResult::Status::Ok);
    CHECK(result->passes == 1);
    CHECK(result->pages == 2);
    CHECK(result->pdf == f.job.work_dir / "cv-long.pdf");
    for (const char* name : {"cv-long.pdf", "cv-long.log", "cv-long.xdv", "cv-long.aux"})
        CHECK(f.build_folder_has(name));
    std::string output;
    REQUIRE(read_file(result->output, output));
    CHECK(output == "This is XeTeX\nxdvipdfmx wrote it\n");
    // The .tex it read: the lines down to \begin{document} blanked, so line numbers in the
    // log are the .tex's own.
    CHECK(run->read_tex == "%\n%\n%\n%\n" + kWarmBody);
}

TEST_CASE("a warm run is not used when what it read ahead is not what the build has") {
    Folders f;
    auto run = std::make_shared<StandInRun>();
    auto warm = WarmTex::start(f.format, f.job, kWarmTex, f.inputs, stand_ins(run));
    REQUIRE(warm);
    // Why the build would run TeX as usual (typeset gives nothing).
    auto refused = [&](const std::string& tex, const std::vector<fs::path>& inputs) {
        std::string why_not;
        CHECK_FALSE(warm->typeset(tex, f.job, inputs, why_not));
        return why_not;
    };
    SECTION("the .aux changed") {
        REQUIRE(write_file_atomically(f.job.work_dir / "cv-long.aux", "\\relax\n"));
        CHECK(refused(kWarmTex, f.inputs) == "cv-long.aux changed since the run started");
    }
    SECTION("the photo changed") {
        REQUIRE(write_file_atomically(f.job.work_dir / "photo.jpg", "png"));
        CHECK(refused(kWarmTex, f.inputs) == "photo.jpg changed since the run started");
    }
    SECTION("a file to read was added") {
        REQUIRE(write_file_atomically(f.job.work_dir / "logo.png", "png"));
        CHECK(refused(kWarmTex, {f.inputs[0], f.job.work_dir / "logo.png"}) ==
              "logo.png changed since the run started");
    }
    SECTION("the photo is gone") {
        CHECK(refused(kWarmTex, {}) == "photo.jpg is gone since the run started");
    }
    SECTION("the lines run ahead changed") {
        const std::string tex = kWarmPreamble + "\\setmainfont{Noto Sans}\n" + kWarmBody;
        CHECK(refused(tex, f.inputs) ==
              "the lines between the preamble marker and \\begin{document} changed");
    }
    SECTION("the document has a table of contents") {
        REQUIRE(write_file_atomically(f.job.work_dir / "cv-long.toc", ""));
        CHECK(refused(kWarmTex, f.inputs) == "the document uses a .toc file");
    }
    SECTION("the run ended before the build") {
        run->ended = true;
        CHECK(refused(kWarmTex, f.inputs).rfind("it ended before the build", 0) == 0);
    }
    CHECK(run->read_tex.empty());  // never sent its line
    CHECK_FALSE(f.build_folder_has("cv-long.pdf"));
}

TEST_CASE("a warm run that fails or needs another pass leaves the build folder as it was") {
    Folders f;
    auto run = std::make_shared<StandInRun>();
    auto warm = WarmTex::start(f.format, f.job, kWarmTex, f.inputs, stand_ins(run));
    REQUIRE(warm);
    auto refused = [&] {
        std::string why_not;
        CHECK_FALSE(warm->typeset(kWarmTex, f.job, f.inputs, why_not));
        return why_not;
    };
    SECTION("TeX failed") {
        run->outcome.exit_code = 1;
        CHECK(refused() == "TeX failed");
    }
    SECTION("TeX ran out of time") {
        run->outcome.status = ProcessOutcome::Status::TimedOut;
        CHECK(refused() == "it ran out of time");
    }
    SECTION("the .aux it wrote differs") {
        run->aux = "\\relax\n\\newlabel{x}{1}\n";
        CHECK(refused() == "the document needs another pass");
    }
    SECTION("the log asks for another pass") {
        run->log +=
            "LaTeX Warning: Label(s) may have changed. Rerun to get cross-references right.\n";
        CHECK(refused() == "the document needs another pass");
    }
    SECTION("the page count changed and the document reads it") {
        f.job.page_total_matters = true;
        run->aux = "\\relax\n\\gdef \\@abspage@last{2}\n";
        CHECK(refused() == "the document needs another pass");
    }
    SECTION("TeX wrote a file latexmk would look at") {
        run->extra_file = "cv-long.out";
        CHECK(refused() == "TeX wrote cv-long.out");
    }
    SECTION("xdvipdfmx failed") {
        run->pdf_status = 1;
        CHECK(refused() == "xdvipdfmx failed");
    }
    CHECK_FALSE(f.build_folder_has("cv-long.pdf"));
    CHECK_FALSE(f.build_folder_has("cv-long.log"));
    std::string aux;
    REQUIRE(read_file(f.job.work_dir / "cv-long.aux", aux));
    CHECK(aux == kWarmAux);
}

TEST_CASE("a page count alone that changed is no reason for another pass when nothing reads it") {
    Folders f;
    auto run = std::make_shared<StandInRun>();
    run->aux = "\\relax\n\\gdef \\@abspage@last{2}\n";
    auto warm = WarmTex::start(f.format, f.job, kWarmTex, f.inputs, stand_ins(run));
    REQUIRE(warm);
    std::string why_not;
    CHECK(warm->typeset(kWarmTex, f.job, f.inputs, why_not));
    CHECK(why_not.empty());
}

TEST_CASE("the pool keeps one warm run an output, only from a current format") {
    Folders f;
    auto run = std::make_shared<StandInRun>();
    WarmTexPool pool(stand_ins(run));
    pool.prepare("cv-long", f.format, f.job, kWarmTex, f.inputs);
    CHECK(run->starts == 0);  // no format yet: a run from it could never be used
    f.make_format_current();
    pool.prepare("cv-long", f.format, f.job, kWarmTex, f.inputs);
    CHECK(run->starts == 1);
    pool.prepare("cv-long", f.format, f.job, kWarmTex, f.inputs);
    CHECK(run->starts == 1);  // the one waiting will do
    pool.prepare("cv-long", f.format, f.job, kWarmPreamble + "\\relax\n" + kWarmBody, f.inputs);
    CHECK(run->starts == 2);  // other lines to run ahead: the first is stopped
    CHECK(run->stopped == 1);

    PreambleFormat other = f.format;
    other.key = std::string(32, 'b');
    CHECK_FALSE(pool.take("cv-long", other));  // and it is dropped, as a stale one is
    CHECK(run->stopped == 2);
    pool.prepare("cv-long", f.format, f.job, kWarmTex, f.inputs);
    CHECK(pool.take("cv-long", f.format));
    CHECK_FALSE(pool.take("cv-long", f.format));  // taken
    CHECK_FALSE(pool.take("cv-short", f.format));

    pool.prepare("cv-long", f.format, f.job, kWarmTex, f.inputs);
    fs::remove(f.format.file);
    const int stopped = run->stopped;
    pool.prepare("cv-long", f.format, f.job, kWarmTex, f.inputs);  // the format is gone
    CHECK(run->stopped == stopped + 1);
    CHECK_FALSE(pool.take("cv-long", f.format));
}

TEST_CASE("a warm run removes the folders of warm runs whose mkcv is gone, and only those") {
    Folders f;
    // pid_max is at most 2^22 on Linux: no process has this number.
    const fs::path gone = f.root / "cv-long.warm-99999999";
    const fs::path alive = f.root / "cv-long.warm-1";  // init
    const fs::path other = f.root / "cv-short.warm-99999999";
    for (const fs::path& folder : {gone, alive, other})
        fs::create_directories(folder);
    auto run = std::make_shared<StandInRun>();
    REQUIRE(WarmTex::start(f.format, f.job, kWarmTex, f.inputs, stand_ins(run)));
    CHECK_FALSE(fs::exists(gone));
    CHECK(fs::exists(alive));
    CHECK(fs::exists(other));
}
