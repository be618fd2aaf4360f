#include "pipeline.h"

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <future>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "build_state.h"
#include "context_builder.h"
#include "cv_loader.h"
#include "cv_validate.h"
#include "file_io.h"
#include "latexmk.h"
#include "latexmk_rerun.h"
#include "page_budget.h"
#include "parallel.h"
#include "publication_merge.h"
#include "renderer.h"
#include "source_date.h"
#include "tex_format.h"
#include "value_origins.h"
#include "version.h"

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

struct CompileOutcome {
    std::string report;  // lines to print, in order
    bool ok = false;
    int pages = 0;
};

// Prints the offending .tex line under a TeX error, like a compiler does.
std::string explain_latex_error(const LatexError& error, const fs::path& tex_path,
                                const std::string& tex) {
    std::ostringstream out;
    out << tex_path.string();
    if (error.line > 0)
        out << ':' << error.line;
    out << ": error: " << error.message << '\n';
    if (error.line > 0) {
        const std::string line = line_of(tex, error.line);
        if (!line.empty())
            out << "  " << line << '\n';
    }
    if (!error.context.empty())
        out << "  TeX stopped after: " << error.context << '\n';
    return out.str();
}

// When the failing .tex line prints values from cv.toml, shows where they were written.
std::string point_at_values(const LatexError& error, const RenderedTemplate& r) {
    if (error.line <= 0)
        return "";
    // Looked for only now that TeX failed: what the template printed is its filtered CV.
    const auto origins = value_origins(r.input.filtered.cv, r.input.filtered.award_papers);
    Diagnostics notes;
    SourceTexts sources;
    for (const auto& value : values_on_line(origins, line_of(r.tex, error.line), error.context)) {
        notes.note(value.file, value.pos, "tex-value", "this line prints the value written here");
        if (!sources.count(value.file))
            read_file(value.file, sources[value.file]);
    }
    std::ostringstream out;
    PrintOptions options;
    options.summary = false;
    print_diagnostics(out, notes, sources, options);
    return out.str();
}

// How latexmk is run for one output; also part of what the output is recorded to depend on.
LatexmkJob job_for(const RenderedTemplate& r, const std::string& base,
                   const BuildOptions& options) {
    LatexmkJob job;
    job.work_dir = options.out_dir / ".mkcv" / base;
    job.tex_file = base + ".tex";
    job.engine = r.tmpl.manifest.engine;
    job.timeout = std::chrono::seconds(r.timeout_seconds);
    job.page_total_matters = may_read_page_total(r.tex);
    // Reproducible PDFs: TeX and xdvipdfmx take the PDF's dates and /ID from here.
    job.environment["SOURCE_DATE_EPOCH"] = std::to_string(r.source_date_epoch);
    job.environment["FORCE_SOURCE_DATE"] = "1";
    return job;
}

// Runs latexmk for `r`, from `format` when it is current (tex_format.h). `start` is set to
// when latexmk started.
LatexmkResult run_tex(const RenderedTemplate& r, const LatexmkJob& job,
                      const std::optional<PreambleFormat>& format, Progress& progress,
                      std::size_t row, Clock::time_point& start) {
    LatexmkJob run = job;
    if (format && format_is_current(*format))
        run.format = format->file;
    progress.stage(row, "latexmk");
    start = Clock::now();
    LatexmkResult result = run_latexmk(run);
    if (result.status != LatexmkResult::Status::Ok && !run.format.empty()) {
        // Never trust a format that may be the cause: compile as without one, from a clean
        // folder, and drop the format only if that works (else the .tex is at fault).
        prepare_work_dir(job.work_dir, true);
        write_file_atomically(job.work_dir / job.tex_file, r.tex);
        run.format.clear();
        result = run_latexmk(run);
        if (result.status == LatexmkResult::Status::Ok)
            discard_format(*format);
    }
    return result;
}

// The probe run of a format being made beside the build's TeX run; when the build ends
// without dumping the format (TeX failed), waits for the probe and removes what it left.
struct FormatInMaking {
    const PreambleFormat* format = nullptr;
    std::future<std::string> probe;
    ~FormatInMaking() {
        if (probe.valid()) {
            probe.wait();
            abandon_format(*format);
        }
    }
};

// Whether this build makes the precompiled preamble for the next ones: when this output
// was built with the same preamble before (an edit loop, or a page budget's next attempt).
// A first build, or one after the preamble changed, would pay for a format it may never use.
bool should_make_format(const std::optional<PreambleFormat>& format, const BuildInputs& inputs,
                        const std::optional<BuildRecord>& record) {
    return format && !format_is_current(*format) &&
           input_unchanged(inputs, record, kPreambleFormatInput) && !format_failed_before(*format);
}

// Compiles `r`. The build record is keyed on `identity`: the template's full rendering,
// which a page budget may have trimmed into `r`. `may_skip`: return at once when the PDF
// is already the one built from these inputs.
CompileOutcome compile_one(const RenderedTemplate& r, const RenderedTemplate& identity,
                           bool may_skip, const std::string& stem, const BuildOptions& options,
                           Progress& progress, std::size_t row) {
    CompileOutcome outcome;
    std::ostringstream report;
    const std::string& name = r.tmpl.manifest.name;
    const std::string base = stem + "-" + name;
    const fs::path tex_path = options.out_dir / (base + ".tex");
    const fs::path pdf_path = options.out_dir / (base + ".pdf");
    const LatexmkJob job = job_for(r, base, options);
    const fs::path& work_dir = job.work_dir;

    // Incremental builds: nothing to do when the PDF is the one built from these inputs.
    const BuildInputs inputs = inputs_of(identity, job);
    const fs::path record_path = state_path(options.out_dir, base);
    const std::optional<BuildRecord> record = read_build_record(record_path);
    if (may_skip && !options.force && why_stale(inputs, record, pdf_path).empty()) {
        std::string written;
        if (!read_file(tex_path, written) || written != r.tex)
            if (auto error = write_file_atomically(tex_path, r.tex); !error.empty()) {
                outcome.report = name + ": error: " + error + "\n";
                return outcome;
            }
        if (!options.quiet)
            outcome.report = name + ": up to date (" + pdf_path.string() + ")\n";
        outcome.ok = true;
        return outcome;
    }

    if (auto error = prepare_work_dir(work_dir, options.force); !error.empty()) {
        outcome.report = name + ": error: " + error + "\n";
        return outcome;
    }
    for (const auto& target : {tex_path, work_dir / (base + ".tex")}) {
        if (auto error = write_file_atomically(target, r.tex); !error.empty()) {
            outcome.report = name + ": error: " + error + "\n";
            return outcome;
        }
    }

    const std::optional<PreambleFormat> format = preamble_format(r.tex, job, options.out_dir, base);
    // The format's probe run goes beside this build's TeX run (a second core); the dump
    // follows once the PDF is in place, so `mkcv watch` shows the PDF first.
    const auto make_start = Clock::now();
    FormatInMaking making;
    if (should_make_format(format, inputs, record)) {
        making.format = &*format;
        making.probe =
            std::async(std::launch::async, [&] { return probe_format_fonts(*format, job); });
    }
    auto start = Clock::now();
    const LatexmkResult result = run_tex(r, job, format, progress, row, start);
    const auto make_format_now = [&] {
        if (!making.probe.valid() || !making.probe.get().empty())
            return;
        progress.stage(row, "format");
        if (dump_format(*format, job).empty() && !options.quiet)
            report << name << ": made the preamble format for the next builds in "
                   << seconds_since(make_start) << '\n';
    };
    finish_work_dir(work_dir);
    if (result.status != LatexmkResult::Status::Ok) {
        report << name << ": error: ";
        if (result.status == LatexmkResult::Status::Failed)
            report << "TeX failed";
        if (!result.explanation.empty())
            report << (result.status == LatexmkResult::Status::Failed ? ": " : "")
                   << result.explanation;
        report << '\n';
        if (result.first_error) {
            report << explain_latex_error(*result.first_error, tex_path, r.tex);
            report << point_at_values(*result.first_error, r);
        }
        if (result.status == LatexmkResult::Status::Failed)
            report << name << ": the full log is " << result.log.string() << "; "
                   << pdf_path.string() << " was left as it was\n";
        if (options.verbose) {
            std::string output;
            read_file(result.output, output);
            report << output;
        }
        outcome.report = report.str();
        return outcome;
    }
    if (auto error = replace_file_atomically(result.pdf, pdf_path); !error.empty()) {
        outcome.report = name + ": error: " + error + "\n";
        return outcome;
    }
    // Recorded only once the PDF is in place: a build killed before this point is redone.
    if (auto error = record_build(record_path, inputs, pdf_path); !error.empty()) {
        outcome.report = name + ": error: " + error + "\n";
        return outcome;
    }
    if (options.verbose) {
        std::string output;
        read_file(result.output, output);
        report << output;
    }
    if (!options.quiet)
        report << name << ": latexmk " << result.passes
               << (result.passes == 1 ? " pass " : " passes ") << seconds_since(start) << ", "
               << result.pages << (result.pages == 1 ? " page" : " pages") << " → "
               << pdf_path.string() << '\n';
    make_format_now();
    outcome.report = report.str();
    outcome.ok = true;
    outcome.pages = result.pages;
    return outcome;
}

// compile_one, within the template's page budget (page_budget.h). A failed budget leaves
// the previous PDF as it was, as a TeX failure does, though attempts replaced it meanwhile.
CompileOutcome compile_budgeted(const RenderedTemplate& r, const std::string& stem,
                                const BuildOptions& options, Progress& progress, std::size_t row) {
    if (r.input.max_pages <= 0)
        return compile_one(r, r, true, stem, options, progress, row);
    const std::string base = stem + "-" + r.tmpl.manifest.name;
    const fs::path pdf = options.out_dir / (base + ".pdf");
    const fs::path previous = options.out_dir / ".mkcv" / (base + ".previous.pdf");
    // Up to date: the PDF was built within budget from exactly these inputs.
    if (!options.force && why_stale(inputs_of(r, job_for(r, base, options)),
                                    read_build_record(state_path(options.out_dir, base)), pdf)
                              .empty())
        return compile_one(r, r, true, stem, options, progress, row);
    std::error_code ec;
    const bool had_pdf = fs::exists(pdf, ec);
    fs::create_directories(previous.parent_path(), ec);
    const bool saved = had_pdf && replace_file_atomically(pdf, previous).empty();
    const BudgetOutcome budget =
        compile_within_budget(r, options.strict_pages, [&](const std::string& tex) {
            RenderedTemplate attempt = r;
            attempt.tex = tex;
            const CompileOutcome o = compile_one(attempt, r, false, stem, options, progress, row);
            return CompileAttempt{o.ok, o.pages, o.report};
        });
    if (!budget.ok) {
        if (saved)
            replace_file_atomically(previous, pdf);
        else if (!had_pdf)
            fs::remove(pdf, ec);
    }
    fs::remove(previous, ec);
    return {budget.report, budget.ok, 0};
}

}  // namespace

LoadedCv load_and_validate(const fs::path& path, Diagnostics& diagnostics) {
    LoadedCv loaded;
    // One read decides: a folder, a FIFO, a device, a symlink loop or a huge file is
    // refused by read_regular_file without blocking, with the reason.
    if (const std::string error = read_regular_file(path, loaded.text); !error.empty()) {
        std::error_code ec;
        if (!fs::exists(path, ec) && !ec)
            diagnostics.error(path.string(), {}, "io", "no such file",
                              path == "cv.toml"
                                  ? "run mkcv in the folder of your cv.toml, or name the file"
                                  : "");
        else if (fs::is_directory(path, ec))
            diagnostics.error(path.string(), {}, "io", "is a folder, not a file",
                              "name the .toml file: " + (path / "cv.toml").string());
        else
            diagnostics.error(path.string(), {}, "io", error);
        return loaded;
    }
    LoadResult result = load_cv(loaded.text, path.string());
    diagnostics.append(result.diagnostics);
    loaded.sources[path.string()] = loaded.text;
    if (result.cv)
        merge_bibliography(*result.cv, path, diagnostics, loaded.sources);
    if (result.cv)
        validate_cv(*result.cv, diagnostics);
    if (!diagnostics.has_errors())
        loaded.cv = std::move(result.cv);
    return loaded;
}

std::optional<PartialDate> updated_date(const Cv& cv) {
    if (cv.build.date)
        return cv.build.date;
    return updated_date(cv, outside_source_date(cv.source_name));
}

std::optional<PartialDate> updated_date(const Cv& cv, std::optional<long long> outside) {
    if (cv.build.date)
        return cv.build.date;
    if (outside)
        return date_of_epoch(*outside);
    return std::nullopt;
}

std::optional<std::vector<RenderedTemplate>> render_all(const Cv& cv,
                                                        const std::vector<std::string>& templates,
                                                        const TemplateSearchPath& search,
                                                        Diagnostics& diagnostics,
                                                        const fs::path& date_cache) {
    // Asked once: it may mean asking git.
    const std::optional<long long> outside =
        cv.build.date ? std::nullopt : outside_source_date(cv.source_name, date_cache);
    // Templates render side by side, each with its own diagnostics, reported in order. The
    // CV is only read; each template filters its own copy.
    struct Job {
        Diagnostics diagnostics;
        std::optional<Template> tmpl;
        TemplateInput input;
        RenderResult result;
        double ms = 0;
    };
    std::vector<Job> jobs(templates.size());
    const auto render_one = [&](std::size_t i) {
        Job& job = jobs[i];
        const auto start = Clock::now();
        job.tmpl = load_template(templates[i], search, job.diagnostics);
        if (!job.tmpl)
            return;
        job.input = template_input(cv, *job.tmpl, updated_date(cv, outside));
        job.result = render_template(*job.tmpl, template_context(job.input.filtered.cv, job.input),
                                     job.diagnostics);
        job.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
    };
    for_each_index(jobs.size(), std::thread::hardware_concurrency(), render_one);

    std::vector<RenderedTemplate> out;
    std::vector<std::string> loaded;
    for (auto& job : jobs) {
        diagnostics.append(job.diagnostics);
        if (!job.tmpl)
            continue;
        loaded.push_back(job.tmpl->manifest.name);
        if (job.result.ok)
            out.push_back({std::move(*job.tmpl), std::move(job.result.tex), std::move(job.input),
                           job.ms, build_epoch(cv, outside), cv.build.timeout});
    }
    check_template_overrides(cv, search, loaded, diagnostics);
    if (diagnostics.has_errors())
        return std::nullopt;
    return out;
}

int build_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
              const BuildOptions& options, std::ostream& log) {
    std::vector<CompileOutcome> outcomes(rendered.size());
    std::vector<std::string> names;
    for (const auto& r : rendered)
        names.push_back(r.tmpl.manifest.name);
    Progress progress(log, options.progress, names);
    // Each report is printed as soon as its template is done.
    const auto compile = [&](std::size_t i) {
        CompileOutcome outcome = compile_budgeted(rendered[i], stem, options, progress, i);
        progress.finish(i, outcome.report);
        return outcome;
    };
    // Templates compile side by side, `jobs` at a time.
    for_each_index(rendered.size(), static_cast<std::size_t>(std::max(1, options.jobs)),
                   [&](std::size_t i) { outcomes[i] = compile(i); });
    bool ok = true;
    for (const auto& outcome : outcomes)
        ok = ok && outcome.ok;
    return ok ? kExitOk : kExitBuildFailed;
}

int check_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
              const BuildOptions& options, std::ostream& log) {
    bool all_current = true;
    for (const auto& r : rendered) {
        const std::string base = stem + "-" + r.tmpl.manifest.name;
        const fs::path pdf_path = options.out_dir / (base + ".pdf");
        const std::string reason =
            why_stale(inputs_of(r, job_for(r, base, options)),
                      read_build_record(state_path(options.out_dir, base)), pdf_path,
                      /*this_machine=*/false);
        if (reason.empty()) {
            if (!options.quiet)
                log << r.tmpl.manifest.name << ": up to date (" << pdf_path.string() << ")\n";
        } else {
            all_current = false;
            log << r.tmpl.manifest.name << ": stale: " << reason << '\n';
        }
    }
    return all_current ? kExitOk : kExitStale;
}

}  // namespace mkcv
