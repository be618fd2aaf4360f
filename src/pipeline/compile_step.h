// The compile step: one rendered template to its PDF, within its page budget, put in place
// only on success, and not at all when it is up to date. Every failure (TeX, the page
// budget, I/O) is both a line of the report people read and a diagnostic for
// --diagnostics=json|github.
#pragma once

#include <filesystem>
#include <functional>
#include <string>

#include "pipeline/page_budget.h"
#include "render/rendered_template.h"
#include "tex/format.h"
#include "tex/format_request.h"
#include "tex/tex_job.h"
#include "tex/tex_run.h"
#include "util/diagnostics.h"
#include "util/progress.h"

namespace mkcv {

class WarmTexPool;

// The processes a build starts, as ninja's CommandRunner: members whose defaults are the
// real programs, so a build runs exactly as it would without this seam. Unit tests put a
// stand-in TeX in their place (tests/unit/pipeline/stand_in_tex.h), which writes the PDF and
// log TeX would: reruns, failures, kills, records and the page budget are then tested in
// milliseconds, without TeX. Files are real (a test's own folder): the compile step's
// guarantees are about what is on disk, and a temporary folder is as fast as memory here.
struct BuildProcesses {
    // TeX for one job: XeLaTeX and xdvipdfmx, or latexmk (tex/tex_run.h).
    std::function<TexResult(const TexJob&)> run_tex = run_tex_job;
    // The detached mkcv that makes the preamble format for the next builds
    // (tex/format_request.h); false, with `why`, when none was started.
    std::function<bool(const PreambleFormat&, const TexJob&, const std::filesystem::path& out_dir,
                       const std::string& base, std::string& why)>
        request_format = request_format_in_background;
};

struct BuildOptions {
    std::filesystem::path out_dir = "out";
    int jobs = 1;
    bool verbose = false;
    bool quiet = false;
    bool strict_pages = false;  // over a template's max_pages: fail instead of dropping entries
    bool strict = false;        // a character no font has (tex/missing_glyphs.h) fails the build
    bool force = false;         // compile even when the PDF is up to date
    ProgressStyle progress = ProgressStyle::Lines;
    // Another build holds the output folder's lock (output_lock.h): wait for it, or fail
    // at once (--no-wait).
    bool wait_for_lock = true;
    // `mkcv watch`: XeLaTeX runs started ahead of the next build (tex/warm_tex.h), used when
    // nothing is unusual; null for a single build.
    WarmTexPool* warm = nullptr;
    // --latexmk: every template through latexmk, as cv.toml's `[build] tex = "latexmk"`.
    bool latexmk = false;
    // The programs the build starts (above): the real ones unless a unit test says otherwise.
    BuildProcesses processes;
};

struct CompileOutcome {
    std::string report;       // lines to print, in order
    Diagnostics diagnostics;  // what went wrong (errors), and notes that did not stop it
    bool ok = false;
    int pages = 0;
    std::filesystem::path pdf;  // the PDF TeX made; empty when nothing was compiled
    // For the build's report (build_report.h): the output was already up to date; the files
    // now in place (the output first, then a PDF's .tex); what the page budget dropped.
    bool up_to_date = false;
    std::vector<std::filesystem::path> files;
    std::vector<DroppableEntry> dropped;
};

// How TeX is run for one output (<stem>-<name> is `base`); also part of what the output
// is recorded to depend on.
TexJob job_for(const RenderedTemplate& r, const std::string& base, const BuildOptions& options);

// Compiles `r` to <out>/<stem>-<name>.pdf and its .tex, holding its page budget
// (page_budget.h). Attempts stay in the build folder; only the one that fits is placed, so
// a failed or killed build leaves the previous PDF, its .tex and its record as they were.
// `row` is the template's line in `progress`.
CompileOutcome compile_template(const RenderedTemplate& r, const std::string& stem,
                                const BuildOptions& options, Progress& progress, std::size_t row);

}  // namespace mkcv
