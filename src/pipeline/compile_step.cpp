#include "pipeline/compile_step.h"

#include <algorithm>
#include <chrono>
#include <future>
#include <iomanip>
#include <optional>
#include <sstream>

#include "cv/photo.h"
#include "pipeline/build_state.h"
#include "pipeline/output_inputs.h"
#include "pipeline/page_budget.h"
#include "tex/aux_rerun.h"
#include "tex/failure.h"
#include "tex/format.h"
#include "tex/format_cache.h"
#include "tex/format_request.h"
#include "tex/missing_glyphs.h"
#include "tex/pdf_file.h"
#include "tex/tex_run.h"
#include "tex/warm_tex.h"
#include "util/digest.h"
#include "util/file_io.h"
#include "util/process.h"
#include "util/result.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

using Clock = std::chrono::steady_clock;

std::string seconds_since(Clock::time_point start) {
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    std::ostringstream out;
    out << std::fixed << std::setprecision(s < 0.1 ? 1 : 2);
    if (s < 0.1)
        out << s * 1000 << " ms";
    else
        out << s << " s";
    return out.str();
}

// An outcome that failed with `error`: "long: error: <message>" for people, the diagnostic
// for tools. `report` holds what was said before it.
CompileOutcome failed(const std::string& name, const Diagnostic& error,
                      const std::string& report = "") {
    CompileOutcome outcome;
    // The message may quote a path or a value the user wrote: one line, whatever it holds.
    outcome.report = report + name + ": error: " + visible(error.message) + "\n";
    if (!error.hint.empty())
        outcome.report += name + ": hint: " + visible(error.hint) + "\n";
    outcome.diagnostics.add(error);
    return outcome;
}

// The photo the .tex may include, under its fixed name beside the .tex TeX reads (never a
// name from cv.toml). Nothing when the CV has none.
// The attachments (a signature, a packet's PDFs) likewise, each under its fixed name.
Result<> write_photo(const RenderedTemplate& r, const fs::path& work_dir) {
    for (const auto& [name, bytes] : r.attachments)
        if (Result<> written = write_file_atomically(work_dir / name, bytes, Durability::Unsynced);
            !written)
            return written;
    const Photo& photo = r.input.filtered.cv.person.photo;
    if (photo.bytes.empty())
        return {};
    return write_file_atomically(work_dir / photo_file_name(photo), photo.bytes,
                                 Durability::Unsynced);
}

// Runs TeX for `r` (tex/tex_run.h), from `format` when it is current (tex/format.h). `start`
// is set to when TeX started. A failure to clean up for the run without the format is the result.
Result<TexResult> run_tex(const RenderedTemplate& r, const TexJob& job,
                          const std::optional<PreambleFormat>& format, const BuildOptions& options,
                          Progress& progress, std::size_t row, Clock::time_point& start) {
    const auto run_job = [&](const TexJob& run) { return options.processes.run_tex(run); };
    TexJob run = job;
    if (format && format_is_current(*format))
        run.format = format->file;
    // What runs (tex_run.h); the final line names latexmk if it took over.
    progress.stage(row, run.latexmk ? std::string("latexmk") : run.engine);
    start = Clock::now();
    TexResult result = run_job(run);
    if (result.status != TexResult::Status::Ok && !run.format.empty()) {
        // Never trust a format that may be the cause: compile as without one, from a clean
        // folder, and drop the format only if that works (else the .tex is at fault).
        Result<> ready = prepare_work_dir(job.work_dir, true);
        if (ready)
            ready = write_file_atomically(job.work_dir / job.tex_file, r.tex, Durability::Unsynced);
        if (ready)
            ready = write_photo(r, job.work_dir);
        if (!ready)
            return fail(ready.error());
        run.format.clear();
        std::vector<Diagnostic> warnings = std::move(result.warnings);
        result = run_job(run);
        result.warnings.insert(result.warnings.begin(), warnings.begin(), warnings.end());
        if (result.status == TexResult::Status::Ok)
            discard_format(*format);
    }
    return result;
}

// The files besides the .tex and .aux that TeX may read in the build folder: the photo.
std::vector<fs::path> tex_inputs(const RenderedTemplate& r, const TexJob& job) {
    std::vector<fs::path> inputs;
    if (const Photo& photo = r.input.filtered.cv.person.photo; !photo.bytes.empty())
        inputs.push_back(job.work_dir / photo_file_name(photo));
    for (const auto& attachment : r.attachments)
        inputs.push_back(job.work_dir / attachment.first);
    return inputs;
}

// `mkcv watch`: the output's warm XeTeX run (tex/warm_tex.h), when one was started from this
// preamble's format. Empty when TeX must run as usual; --verbose says why.
std::optional<TexResult> run_warm_tex(const RenderedTemplate& r, const TexJob& job,
                                      const std::optional<PreambleFormat>& format,
                                      const std::string& base, const BuildOptions& options,
                                      std::ostringstream& report) {
    if (!options.warm || !format || !format_is_current(*format))
        return std::nullopt;
    const std::unique_ptr<WarmTex> warm = options.warm->take(base, *format);
    std::string why_not = "none was ready for this preamble";
    std::optional<TexResult> result;
    if (warm)
        result = warm->typeset(r.tex, job, tex_inputs(r, job), why_not);
    if (!result && options.verbose)
        report << output_label(r) << ": no warm XeTeX run: " << why_not << "; TeX runs as usual\n";
    return result;
}

// Starts the output's next warm XeTeX run, for `mkcv watch` (tex/warm_tex.h).
void prepare_warm_tex(const RenderedTemplate& r, const std::string& stem,
                      const BuildOptions& options) {
    const std::string base = output_base(r, stem);
    const TexJob job = job_for(r, base, options);
    // latexmk runs every pass itself: a warm XeLaTeX run would never be used.
    if (job.latexmk)
        return;
    if (const std::optional<PreambleFormat> format =
            preamble_format(r.tex, job, options.out_dir, base))
        options.warm->prepare(base, *format, job, r.tex, tex_inputs(r, job));
}

// The probe run of a format being made beside the build's TeX run; when the build ends
// without dumping the format (TeX failed, so no format is wanted), waits for the probe and
// removes what it left.
struct FormatInMaking {
    const PreambleFormat* format = nullptr;
    std::future<Result<>> probe;
    ~FormatInMaking() {
        if (probe.valid()) {
            probe.wait();
            abandon_format(*format);
        }
    }
};

// The output's format, current when it was, or when the machine's cache of formats
// (tex/format_cache.h) had it and it is now copied into place; none when there is no format.
std::optional<PreambleFormat> output_format(const RenderedTemplate& r, const TexJob& job,
                                            const BuildOptions& options, const std::string& base) {
    std::optional<PreambleFormat> format = preamble_format(r.tex, job, options.out_dir, base);
    if (format && !format_is_current(*format) && !format_failed_before(*format))
        take_cached_format(*format, format_cache_folder());
    return format;
}

// Whether this build makes the precompiled preamble for the next ones: when this output
// was built with the same preamble before (an edit loop, or a page budget's next attempt),
// or when the machine's cache of formats is on (any folder's next build will use it). Without
// the cache, a first build or one after the preamble changed would pay for a format it may
// never use.
bool should_make_format(const std::optional<PreambleFormat>& format, const BuildInputs& inputs,
                        const std::optional<BuildRecord>& record) {
    return format && !format_is_current(*format) &&
           (input_unchanged(inputs, record, kPreambleFormatInput) ||
            !format_cache_folder().empty()) &&
           !format_failed_before(*format);
}

// After the PDF is in place: the format for the next builds, made by a detached mkcv
// (tex/format_request.h), so that this build neither waits for it nor pays for it. `mkcv
// watch` makes it itself instead (it waits for the next edit anyway, and starts its warm
// XeTeX run from it).
void make_format_in_background(const PreambleFormat& format, const TexJob& job,
                               const BuildOptions& options, const std::string& base,
                               const std::string& name, std::ostream& report) {
    std::string why;
    if (options.processes.request_format(format, job, options.out_dir, base, why)) {
        if (!options.quiet)
            report << name
                   << ": making the preamble format for the next builds in the background\n";
    } else if (options.verbose) {
        report << name << ": no preamble format made for the next builds: " << why << '\n';
    }
}

// Where one output's files go: the PDF and .tex beside each other, the record and the build
// folder in <out>/.mkcv/.
struct OutputPaths {
    fs::path tex, pdf, record, work_tex, log;
};

OutputPaths output_paths(const std::string& base, const TexJob& job, const BuildOptions& options) {
    return {options.out_dir / (base + ".tex"), options.out_dir / (base + ".pdf"),
            state_path(options.out_dir, base), job.work_dir / job.tex_file,
            job.work_dir / (fs::path(job.tex_file).stem().string() + ".log")};
}

// The characters the TeX run of the PDF at `paths` could not print (its log is the last run's:
// the one placed, also for a page budget's last attempt), as diagnostics at the cv.toml values
// that hold them and as lines for people. `failed`: --strict, and there are some.
struct GlyphCheck {
    std::string report;
    Diagnostics diagnostics;
    bool failed = false;
};

GlyphCheck check_glyphs(const RenderedTemplate& r, const OutputPaths& paths,
                        const BuildOptions& options) {
    GlyphCheck check;
    std::string log;
    if (!read_file(paths.log, log))
        return check;
    const std::vector<MissingGlyph> glyphs = missing_glyphs_from_log(log);
    if (glyphs.empty())
        return check;
    check.failed = options.strict;
    check.diagnostics = missing_glyph_diagnostics(
        glyphs, r, paths.tex, options.strict ? Severity::Error : Severity::Warning);
    check.report = print_notes(check.diagnostics);
    if (check.failed)
        check.report += output_label(r) + ": error: " + std::to_string(glyphs.size()) +
                        (glyphs.size() == 1 ? " character" : " characters") +
                        " could not be printed (--strict); " + paths.pdf.string() +
                        " was left as it was\n";
    return check;
}

// An up-to-date PDF keeps beside it the .tex it was compiled from, as recorded. When that
// .tex was removed or changed, it is put back from what is known to hold it: the
// rendering, or the build folder (a page budget's last attempt). False when it is in
// neither (the PDF is compiled again); fails when putting it back failed.
Result<bool> keep_output_tex(const OutputPaths& paths, const RenderedTemplate& r,
                             const std::optional<BuildRecord>& record) {
    if (!record || record->tex_digest.empty())
        return false;
    std::string text;
    // Outputs and build files are read without following a link (util/state_folder.h).
    if (read_own_file(paths.tex, text) && digest_of(text) == record->tex_digest)
        return true;
    std::string attempt;
    if (!read_own_file(paths.work_tex, attempt))
        attempt.clear();
    const std::string* candidates[] = {&r.tex, &attempt};
    for (const std::string* candidate : candidates)
        if (digest_of(*candidate) == record->tex_digest) {
            if (Result<> written = write_file_atomically(paths.tex, *candidate); !written)
                return fail(written.error());
            return true;
        }
    return false;
}

// Puts a finished build in place, each step atomic and in an order that keeps `check`
// truthful after a kill at any point: the PDF (copied beside its target, then renamed over
// it), then the .tex it was compiled from, then the record. A build killed before the
// record is written leaves a PDF that does not match the old record: stale, so built again.
// The PDF replaces the old one only when it is whole (tex/pdf_file.h): on a full disk TeX
// may report success and leave it cut short.
Result<> place_output(const OutputPaths& paths, const fs::path& built_pdf, const std::string& tex,
                      const BuildInputs& inputs) {
    const auto whole = [&](const std::string& content) -> std::string {
        const std::string why = why_pdf_is_not_whole(content);
        if (why.empty())
            return "";
        return "the PDF TeX made, " + built_pdf.string() + ", " + why +
               " (is the disk that holds " + built_pdf.parent_path().string() + " full?); " +
               paths.pdf.string() + " was left as it was";
    };
    // A Ctrl-C or SIGTERM waits until all three are placed, so `check` never finds a new PDF
    // under an old record.
    const EndingSignalsHeld held;
    if (Result<> placed = replace_file_atomically(built_pdf, paths.pdf, whole); !placed)
        return placed;
    if (Result<> written = write_file_atomically(paths.tex, tex); !written)
        return written;
    return record_build(paths.record, inputs, paths.pdf, tex);
}

// Whether compile_one puts its PDF at the output path or leaves it in the build folder.
enum class Placement {
    Output,   // a finished build: place the PDF, its .tex and the record
    Attempt,  // a page budget's attempt: the PDF stays in the build folder, unrecorded
};

// "long: up to date (out/cv-long.pdf)" when the PDF is the one built from `inputs` and its
// .tex is (or is put back) beside it; empty when it must be compiled.
std::optional<CompileOutcome> up_to_date(const OutputPaths& paths, const RenderedTemplate& r,
                                         const BuildInputs& inputs, const BuildOptions& options) {
    const std::optional<BuildRecord> record = read_build_record(paths.record);
    if (!why_stale(inputs, record, paths.pdf).empty())
        return std::nullopt;
    const std::string name = output_label(r);
    const Result<bool> kept = keep_output_tex(paths, r, record);
    if (!kept)
        return failed(name, kept.error());
    if (!*kept)
        return std::nullopt;
    CompileOutcome outcome;
    // Its missing glyphs are told again: an up-to-date PDF is not a silent one.
    GlyphCheck glyphs = check_glyphs(r, paths, options);
    outcome.diagnostics = std::move(glyphs.diagnostics);
    if (!options.quiet || glyphs.failed)
        outcome.report = name + ": up to date (" + paths.pdf.string() + ")\n";
    outcome.report += glyphs.report;
    outcome.ok = !glyphs.failed;
    outcome.up_to_date = true;
    outcome.files = {paths.pdf, paths.tex};
    return outcome;
}

// What people and tools are told when TeX did not succeed.
CompileOutcome tex_failed(const RenderedTemplate& r, const TexResult& result,
                          const OutputPaths& paths, const BuildOptions& options,
                          std::ostringstream& report) {
    CompileOutcome outcome;
    const std::string name = output_label(r);
    // The failed .tex goes beside the PDF, so the line the error names can be read there;
    // the PDF and its record stay as they were (stale: `check` says so).
    const Result<> beside = write_file_atomically(paths.tex, r.tex);
    const fs::path& tex_path = beside ? paths.tex : paths.work_tex;
    report << name << ": error: ";
    if (result.status == TexResult::Status::Failed)
        report << "TeX failed";
    if (!result.explanation.empty())
        report << (result.status == TexResult::Status::Failed ? ": " : "") << result.explanation;
    report << '\n';
    outcome.diagnostics.add(failure_diagnostic(result, tex_path));
    if (!beside) {
        report << name << ": error: " << visible(beside.error().message) << '\n';
        outcome.diagnostics.add(beside.error());
    }
    if (result.first_error) {
        report << explain_latex_error(*result.first_error, tex_path, r.tex);
        const Diagnostics notes = values_behind(*result.first_error, r);
        report << print_notes(notes);
        outcome.diagnostics.append(notes);
    }
    if (result.status == TexResult::Status::Failed)
        report << name << ": the full log is " << result.log.string() << "; " << paths.pdf.string()
               << " was left as it was\n";
    if (options.verbose) {
        std::string output;
        if (read_file(result.output, output))
            report << output;
    }
    outcome.report = report.str();
    return outcome;
}

// Compiles `r`. The build record is keyed on `identity`: the template's full rendering,
// which a page budget may have trimmed into `r`. `may_skip`: return at once when the PDF
// is already the one built from these inputs. An Attempt's PDF is never placed: a build
// killed between a page budget's attempts must leave the last good PDF where it was.
CompileOutcome compile_one(const RenderedTemplate& r, const RenderedTemplate& identity,
                           bool may_skip, Placement placement, const std::string& stem,
                           const BuildOptions& options, Progress& progress, std::size_t row) {
    std::ostringstream report;
    const std::string name = output_label(r);
    const std::string base = output_base(r, stem);
    const TexJob job = job_for(r, base, options);
    const OutputPaths paths = output_paths(base, job, options);
    const fs::path& work_dir = job.work_dir;

    // Incremental builds: nothing to do when the PDF is the one built from these inputs.
    const BuildInputs inputs = inputs_of(identity, base, &job);
    if (may_skip && !options.force)
        if (std::optional<CompileOutcome> current = up_to_date(paths, r, inputs, options))
            return std::move(*current);

    if (Result<> ready = prepare_work_dir(work_dir, options.force); !ready)
        return failed(name, ready.error());
    // The .tex beside the PDF is written with the PDF; TeX reads its own copy, a scratch file.
    if (Result<> written = write_file_atomically(paths.work_tex, r.tex, Durability::Unsynced);
        !written)
        return failed(name, written.error());
    if (Result<> written = write_photo(r, work_dir); !written)
        return failed(name, written.error());

    const std::optional<BuildRecord> record = read_build_record(paths.record);
    const std::optional<PreambleFormat> format = output_format(r, job, options, base);
    // Decided before TeX runs: a format found broken by this run is dropped, not made again.
    const bool want_format = should_make_format(format, inputs, record);
    // `mkcv watch`: the format's probe run goes beside this build's TeX run (a second core);
    // the dump follows once the PDF is in place, so the watch shows the PDF first. A build
    // leaves the format to a detached mkcv once its PDF is in place (the output itself; a
    // page budget's attempts leave it to compile_template).
    const auto make_start = Clock::now();
    FormatInMaking making;
    if (want_format && options.warm) {
        making.format = &*format;
        making.probe =
            std::async(std::launch::async, [&] { return probe_format_fonts(*format, job); });
    }
    auto start = Clock::now();
    std::optional<TexResult> warm;
    // The warm run is XeLaTeX run directly: not when latexmk must run.
    if (placement == Placement::Output && options.warm && !job.latexmk) {
        progress.stage(row, "warm XeTeX");
        warm = run_warm_tex(r, job, format, base, options, report);
    }
    const Result<TexResult> ran =
        warm ? Result<TexResult>(*warm) : run_tex(r, job, format, options, progress, row, start);
    finish_work_dir(work_dir);
    if (!ran)
        return failed(name, ran.error());
    const TexResult& result = *ran;
    // A format that cannot be made is a note: the build goes on without one.
    Diagnostics format_notes;
    const auto make_format_now = [&] {
        if (!making.probe.valid())
            return;
        if (Result<> probed = making.probe.get(); !probed) {
            format_notes.add(probed.error());
            return;
        }
        progress.stage(row, "format");
        const Result<> dumped = dump_format(*format, job);
        offer_format(*format, format_cache_folder());
        if (!dumped)
            format_notes.add(dumped.error());
        else if (!options.quiet)
            report << name << ": made the preamble format for the next builds in "
                   << seconds_since(make_start) << '\n';
    };
    if (result.status != TexResult::Status::Ok) {
        CompileOutcome outcome = tex_failed(r, result, paths, options, report);
        for (const auto& warning : result.warnings)
            outcome.diagnostics.add(warning);
        return outcome;
    }
    GlyphCheck glyphs;
    if (placement == Placement::Output) {
        glyphs = check_glyphs(r, paths, options);
        if (glyphs.failed) {
            CompileOutcome outcome;
            outcome.report = report.str() + glyphs.report;
            outcome.diagnostics = std::move(glyphs.diagnostics);
            return outcome;
        }
        if (Result<> placed = place_output(paths, result.pdf, r.tex, inputs); !placed)
            return failed(name, placed.error());
    }
    if (options.verbose) {
        std::string output;
        if (read_file(result.output, output))
            report << output;
    }
    if (!options.quiet) {
        report << name << ": " << (warm ? std::string("warm XeTeX") : result.runner) << " "
               << result.passes << (result.passes == 1 ? " pass " : " passes ")
               << seconds_since(start) << ", " << result.pages
               << (result.pages == 1 ? " page" : " pages");
        // "→" only for a PDF now at the output path.
        if (placement == Placement::Output)
            report << " → " << paths.pdf.string();
        report << '\n';
    }
    report << glyphs.report;
    make_format_now();
    if (want_format && !options.warm && placement == Placement::Output)
        make_format_in_background(*format, job, options, base, name, report);
    CompileOutcome outcome;
    outcome.report = report.str();
    for (const auto& warning : result.warnings)
        outcome.diagnostics.add(warning);
    outcome.diagnostics.append(glyphs.diagnostics);
    outcome.diagnostics.append(format_notes);
    outcome.ok = true;
    outcome.pages = result.pages;
    outcome.pdf = result.pdf;
    if (placement == Placement::Output)
        outcome.files = {paths.pdf, paths.tex};
    return outcome;
}

}  // namespace

TexJob job_for(const RenderedTemplate& r, const std::string& base, const BuildOptions& options) {
    TexJob job;
    job.work_dir = options.out_dir / ".mkcv" / base;
    job.tex_file = base + ".tex";
    job.engine = r.tmpl.manifest.engine;
    job.timeout = std::chrono::seconds(r.timeout_seconds);
    job.latexmk = options.latexmk || r.input.filtered.cv.build.latexmk;
    job.page_total_matters = may_read_page_total(r.tex);
    // Reproducible PDFs: TeX and xdvipdfmx take the PDF's dates and /ID from here.
    job.environment["SOURCE_DATE_EPOCH"] = std::to_string(r.source_date_epoch);
    job.environment["FORCE_SOURCE_DATE"] = "1";
    return job;
}

CompileOutcome compile_template(const RenderedTemplate& r, const std::string& stem,
                                const BuildOptions& options, Progress& progress, std::size_t row) {
    if (r.input.max_pages <= 0) {
        CompileOutcome outcome =
            compile_one(r, r, true, Placement::Output, stem, options, progress, row);
        if (options.warm)
            prepare_warm_tex(r, stem, options);
        return outcome;
    }
    const std::string base = output_base(r, stem);
    const TexJob job = job_for(r, base, options);
    const OutputPaths paths = output_paths(base, job, options);
    const BuildInputs inputs = inputs_of(r, base, &job);
    const std::string name = output_label(r);
    // Up to date: the PDF was built within budget from exactly these inputs, and its .tex
    // is still (or again) beside it; else compile again.
    if (!options.force)
        if (std::optional<CompileOutcome> current = up_to_date(paths, r, inputs, options))
            return std::move(*current);
    // As compile_one decides for an output without a budget, before the record changes.
    const std::optional<PreambleFormat> format = output_format(r, job, options, base);
    const bool want_format =
        !options.warm && should_make_format(format, inputs, read_build_record(paths.record));
    // The page budget compiles again after the last attempt that fit, so the build folder
    // ends with the PDF that fits and `last_tex` is its source.
    std::string last_tex;
    fs::path last_pdf;
    int last_pages = 0;
    BudgetOutcome budget =
        compile_within_budget(r, options.strict_pages, [&](const std::string& tex) {
            RenderedTemplate attempt = r;
            attempt.tex = tex;
            CompileOutcome o =
                compile_one(attempt, r, false, Placement::Attempt, stem, options, progress, row);
            last_tex = tex;
            last_pdf = o.pdf;
            last_pages = o.pages;
            return CompileAttempt{o.ok, o.pages, o.report, std::move(o.diagnostics)};
        });
    CompileOutcome outcome;
    outcome.diagnostics = std::move(budget.diagnostics);
    if (!budget.ok) {
        outcome.report = budget.report;
        return outcome;
    }
    // The last attempt is the PDF placed: its log holds what it could not print.
    GlyphCheck glyphs = check_glyphs(r, paths, options);
    outcome.diagnostics.append(glyphs.diagnostics);
    if (glyphs.failed) {
        outcome.report = budget.report + glyphs.report;
        return outcome;
    }
    if (Result<> placed = place_output(paths, last_pdf, last_tex, inputs); !placed) {
        CompileOutcome out = failed(name, placed.error(), budget.report);
        outcome.diagnostics.append(out.diagnostics);
        out.diagnostics = std::move(outcome.diagnostics);
        return out;
    }
    // The last attempt's "latexmk … pages" (or "xelatex … pages") line says where its PDF now
    // is, as for any build.
    std::string report = budget.report;
    std::size_t at = std::string::npos;
    // Only at the start of a line: a dropped title may read "short: xelatex …" (shown
    // with its line end as \n, so inside its own line).
    const auto line_starting = [&](const std::string& prefix) {
        for (std::size_t found = report.rfind(prefix); found != std::string::npos;
             found = found == 0 ? std::string::npos : report.rfind(prefix, found - 1))
            if (found == 0 || report[found - 1] == '\n')
                return found;
        return std::string::npos;
    };
    for (const std::string& runner : {std::string("latexmk"), r.tmpl.manifest.engine})
        if (const std::size_t found = line_starting(name + ": " + runner + " ");
            found != std::string::npos && (at == std::string::npos || found > at))
            at = found;
    if (at != std::string::npos && !options.quiet)
        report.insert(std::min(report.find('\n', at), report.size()), " → " + paths.pdf.string());
    outcome.report = report + glyphs.report;
    if (want_format) {
        std::ostringstream made;
        make_format_in_background(*format, job, options, base, name, made);
        outcome.report += made.str();
    }
    outcome.ok = true;
    outcome.pages = last_pages;
    outcome.pdf = paths.pdf;
    outcome.files = {paths.pdf, paths.tex};
    outcome.dropped = std::move(budget.dropped);
    return outcome;
}

}  // namespace mkcv
