#include "build/pipeline.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <future>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>

#include "bib/publication_merge.h"
#include "build/build_state.h"
#include "build/page_budget.h"
#include "build/source_date.h"
#include "context/context_builder.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "render/renderer.h"
#include "tex/format.h"
#include "tex/latexmk.h"
#include "tex/latexmk_rerun.h"
#include "tex/values_on_line.h"
#include "util/digest.h"
#include "util/file_io.h"
#include "util/output_lock.h"
#include "util/parallel.h"
#include "util/version.h"

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
    fs::path pdf;  // the PDF TeX made, in the build folder; empty when nothing was compiled
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

// Runs latexmk for `r`, from `format` when it is current (tex/format.h). `start` is set to
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
        std::string error = prepare_work_dir(job.work_dir, true);
        if (error.empty())
            error = write_file_atomically(job.work_dir / job.tex_file, r.tex);
        if (!error.empty()) {
            result.explanation = error;
            return result;
        }
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

// Where one output's files go: the PDF and .tex beside each other, the record and the build
// folder in <out>/.mkcv/.
struct OutputPaths {
    fs::path tex, pdf, record, work_tex;
};

OutputPaths output_paths(const std::string& base, const LatexmkJob& job,
                         const BuildOptions& options) {
    return {options.out_dir / (base + ".tex"), options.out_dir / (base + ".pdf"),
            state_path(options.out_dir, base), job.work_dir / job.tex_file};
}

// An up-to-date PDF keeps beside it the .tex it was compiled from, as recorded. When that
// .tex was removed or changed, it is put back from what is known to hold it: the
// rendering, or the build folder (a page budget's last attempt). False when it is in
// neither (the PDF is compiled again); `error` says why a write failed.
bool keep_output_tex(const OutputPaths& paths, const RenderedTemplate& r,
                     const std::optional<BuildRecord>& record, std::string& error) {
    if (!record || record->tex_digest.empty())
        return false;
    std::string text;
    if (read_file(paths.tex, text) && digest_of(text) == record->tex_digest)
        return true;
    std::string attempt;
    if (!read_file(paths.work_tex, attempt))
        attempt.clear();
    const std::string* candidates[] = {&r.tex, &attempt};
    for (const std::string* candidate : candidates)
        if (digest_of(*candidate) == record->tex_digest) {
            error = write_file_atomically(paths.tex, *candidate);
            return error.empty();
        }
    return false;
}

// Puts a finished build in place, each step atomic and in an order that keeps `check`
// truthful after a kill at any point: the PDF (copied beside its target, then renamed over
// it), then the .tex it was compiled from, then the record. A build killed before the
// record is written leaves a PDF that does not match the old record: stale, so built again.
std::string place_output(const OutputPaths& paths, const fs::path& built_pdf,
                         const std::string& tex, const BuildInputs& inputs) {
    if (auto error = replace_file_atomically(built_pdf, paths.pdf); !error.empty())
        return error;
    if (auto error = write_file_atomically(paths.tex, tex); !error.empty())
        return error;
    return record_build(paths.record, inputs, paths.pdf, tex);
}

// Whether compile_one puts its PDF at the output path or leaves it in the build folder.
enum class Placement {
    Output,   // a finished build: place the PDF, its .tex and the record
    Attempt,  // a page budget's attempt: the PDF stays in the build folder, unrecorded
};

// Compiles `r`. The build record is keyed on `identity`: the template's full rendering,
// which a page budget may have trimmed into `r`. `may_skip`: return at once when the PDF
// is already the one built from these inputs. An Attempt's PDF is never placed: a build
// killed between a page budget's attempts must leave the last good PDF where it was.
CompileOutcome compile_one(const RenderedTemplate& r, const RenderedTemplate& identity,
                           bool may_skip, Placement placement, const std::string& stem,
                           const BuildOptions& options, Progress& progress, std::size_t row) {
    CompileOutcome outcome;
    std::ostringstream report;
    const std::string& name = r.tmpl.manifest.name;
    const std::string base = stem + "-" + name;
    const LatexmkJob job = job_for(r, base, options);
    const OutputPaths paths = output_paths(base, job, options);
    const fs::path& tex_path = paths.tex;
    const fs::path& pdf_path = paths.pdf;
    const fs::path& work_dir = job.work_dir;

    // Incremental builds: nothing to do when the PDF is the one built from these inputs.
    const BuildInputs inputs = inputs_of(identity, job);
    const std::optional<BuildRecord> record = read_build_record(paths.record);
    if (may_skip && !options.force && why_stale(inputs, record, pdf_path).empty()) {
        std::string error;
        if (keep_output_tex(paths, r, record, error)) {
            if (!options.quiet)
                outcome.report = name + ": up to date (" + pdf_path.string() + ")\n";
            outcome.ok = true;
            return outcome;
        }
        if (!error.empty()) {
            outcome.report = name + ": error: " + error + "\n";
            return outcome;
        }
    }

    if (auto error = prepare_work_dir(work_dir, options.force); !error.empty()) {
        outcome.report = name + ": error: " + error + "\n";
        return outcome;
    }
    // The .tex beside the PDF is written with the PDF; TeX reads its own copy.
    if (auto error = write_file_atomically(paths.work_tex, r.tex); !error.empty()) {
        outcome.report = name + ": error: " + error + "\n";
        return outcome;
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
        // The failed .tex goes beside the PDF, so the line the error names can be read
        // there; the PDF and its record stay as they were (stale: `check` says so).
        const std::string tex_error = write_file_atomically(tex_path, r.tex);
        report << name << ": error: ";
        if (result.status == LatexmkResult::Status::Failed)
            report << "TeX failed";
        if (!result.explanation.empty())
            report << (result.status == LatexmkResult::Status::Failed ? ": " : "")
                   << result.explanation;
        report << '\n';
        if (!tex_error.empty())
            report << name << ": error: " << tex_error << '\n';
        if (result.first_error) {
            report << explain_latex_error(*result.first_error,
                                          tex_error.empty() ? tex_path : paths.work_tex, r.tex);
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
    if (placement == Placement::Output) {
        if (auto error = place_output(paths, result.pdf, r.tex, inputs); !error.empty()) {
            outcome.report = name + ": error: " + error + "\n";
            return outcome;
        }
    }
    if (options.verbose) {
        std::string output;
        read_file(result.output, output);
        report << output;
    }
    if (!options.quiet) {
        report << name << ": latexmk " << result.passes
               << (result.passes == 1 ? " pass " : " passes ") << seconds_since(start) << ", "
               << result.pages << (result.pages == 1 ? " page" : " pages");
        // "→" only for a PDF now at the output path.
        if (placement == Placement::Output)
            report << " → " << pdf_path.string();
        report << '\n';
    }
    make_format_now();
    outcome.report = report.str();
    outcome.ok = true;
    outcome.pages = result.pages;
    outcome.pdf = result.pdf;
    return outcome;
}

// compile_one, within the template's page budget (page_budget.h). Attempts stay in the
// build folder; only the one that fits is placed, so a failed or killed budget leaves the
// previous PDF, its .tex and its record as they were.
CompileOutcome compile_budgeted(const RenderedTemplate& r, const std::string& stem,
                                const BuildOptions& options, Progress& progress, std::size_t row) {
    if (r.input.max_pages <= 0)
        return compile_one(r, r, true, Placement::Output, stem, options, progress, row);
    const std::string base = stem + "-" + r.tmpl.manifest.name;
    const LatexmkJob job = job_for(r, base, options);
    const OutputPaths paths = output_paths(base, job, options);
    const BuildInputs inputs = inputs_of(r, job);
    const std::string& name = r.tmpl.manifest.name;
    // Up to date: the PDF was built within budget from exactly these inputs, and its .tex
    // is still (or again) beside it; else compile again.
    if (!options.force) {
        const std::optional<BuildRecord> record = read_build_record(paths.record);
        if (why_stale(inputs, record, paths.pdf).empty()) {
            CompileOutcome kept;
            std::string error;
            kept.ok = keep_output_tex(paths, r, record, error);
            if (kept.ok && !options.quiet)
                kept.report = name + ": up to date (" + paths.pdf.string() + ")\n";
            if (!error.empty())
                kept.report = name + ": error: " + error + "\n";
            if (kept.ok || !error.empty())
                return kept;
        }
    }
    // The page budget compiles again after the last attempt that fit, so the build folder
    // ends with the PDF that fits and `last_tex` is its source.
    std::string last_tex;
    fs::path last_pdf;
    int last_pages = 0;
    const BudgetOutcome budget =
        compile_within_budget(r, options.strict_pages, [&](const std::string& tex) {
            RenderedTemplate attempt = r;
            attempt.tex = tex;
            const CompileOutcome o =
                compile_one(attempt, r, false, Placement::Attempt, stem, options, progress, row);
            last_tex = tex;
            last_pdf = o.pdf;
            last_pages = o.pages;
            return CompileAttempt{o.ok, o.pages, o.report};
        });
    if (!budget.ok)
        return {budget.report, false, 0, {}};
    if (auto error = place_output(paths, last_pdf, last_tex, inputs); !error.empty())
        return {budget.report + name + ": error: " + error + "\n", false, 0, {}};
    // The last attempt's "latexmk … pages" line says where its PDF now is, as for any build.
    std::string report = budget.report;
    const std::string line = name + ": latexmk ";
    if (const std::size_t at = report.rfind(line); at != std::string::npos && !options.quiet)
        report.insert(std::min(report.find('\n', at), report.size()), " → " + paths.pdf.string());
    return {report, true, last_pages, paths.pdf};
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
                                                        const std::vector<std::string>& requested,
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
    // `-t long -t long` builds long once: two compiles of one output would share its folder.
    const std::vector<std::string> templates = unique_in_order(requested);
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
    std::vector<fs::path> loaded_dirs;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        Job& job = jobs[i];
        diagnostics.append(job.diagnostics);
        if (!job.tmpl)
            continue;
        // One output per name: `-t long -t ./latex_templates/long` is long once, and two
        // different templates named alike would overwrite each other's PDF.
        const std::string& name = job.tmpl->manifest.name;
        if (const auto it = std::find(loaded.begin(), loaded.end(), name); it != loaded.end()) {
            std::error_code ec;
            const fs::path& first = loaded_dirs[static_cast<std::size_t>(it - loaded.begin())];
            if (!fs::equivalent(first, job.tmpl->dir, ec))
                diagnostics.error(templates[i], {}, "template",
                                  "two templates are named `" + name + "` (" + first.string() +
                                      " and " + job.tmpl->dir.string() +
                                      "); they would write the same PDF",
                                  "rename one in its template.toml");
            continue;
        }
        loaded.push_back(name);
        loaded_dirs.push_back(job.tmpl->dir);
        if (job.result.ok)
            out.push_back({std::move(*job.tmpl), std::move(job.result.tex), std::move(job.input),
                           job.ms, build_epoch(cv, outside), cv.build.timeout});
    }
    check_template_overrides(cv, search, loaded, diagnostics);
    if (diagnostics.has_errors())
        return std::nullopt;
    return out;
}

std::vector<std::string> unique_in_order(const std::vector<std::string>& items) {
    std::vector<std::string> out;
    for (const auto& item : items)
        if (std::find(out.begin(), out.end(), item) == out.end())
            out.push_back(item);
    return out;
}

void remove_killed_build_leftovers(const fs::path& out_dir) {
    const fs::path state_dir = out_dir / ".mkcv";
    std::error_code ec;
    // Earlier builds kept here the PDF a page budget replaced, and a kill left it behind.
    for (fs::directory_iterator it(state_dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        std::error_code ignored;
        if (name.size() > 13 && name.compare(name.size() - 13, 13, ".previous.pdf") == 0)
            fs::remove(it->path(), ignored);
    }
    remove_atomic_write_temporaries(out_dir);
    remove_atomic_write_temporaries(state_dir);
}

int build_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
              const BuildOptions& options, std::ostream& log) {
    // One build at a time writes into an output folder (output_lock.h). A folder where the
    // lock cannot even be created cannot be built into either: the build says why.
    const OutputLock lock = OutputLock::acquire(options.out_dir, options.wait_for_lock, log);
    if (lock.status() == OutputLock::Status::Busy) {
        log << "mkcv: error: " << describe_lock_holder(options.out_dir, lock.holder())
            << " is running; "
            << (options.wait_for_lock ? "stopped waiting for it\n"
                                      : "not waiting for it (--no-wait)\n");
        return kExitBuildFailed;
    }
    if (lock.status() == OutputLock::Status::Held)
        remove_killed_build_leftovers(options.out_dir);
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
