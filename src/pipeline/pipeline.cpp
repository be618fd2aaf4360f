#include "pipeline/pipeline.h"

#include <algorithm>
#include <optional>
#include <ostream>

#include "pipeline/build_state.h"
#include "pipeline/output_inputs.h"
#include "pipeline/text_output.h"
#include "util/diagnostics.h"
#include "util/file_io.h"
#include "util/output_lock.h"
#include "util/parallel.h"
#include "util/state_folder.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// Removes what killed builds left in the output folder; only while holding its lock.
void remove_killed_build_leftovers(const fs::path& out_dir) {
    const fs::path state_dir = state_folder(out_dir);
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

// What the report says of `r` before it is built: its names and where its output goes.
OutputReport output_report(const RenderedTemplate& r, const std::string& stem,
                           const BuildOptions& options) {
    OutputReport output;
    output.name = output_label(r);
    output.template_name = r.tmpl.manifest.name;
    output.language = r.language;
    const std::string extension = output_extension(r.tmpl.manifest.format);
    output.format = extension == ".md" ? "markdown" : extension.substr(1);
    output.output = output_path(r, stem, options);
    return output;
}

void add_unsafe(Diagnostics& diagnostics, const UnsafePath& unsafe) {
    // A planted name is anyone's text: it must not start a line of its own (visible()).
    const std::string path = visible(unsafe.path.string());
    diagnostics.error(path, {}, "unsafe-output",
                      path + " " + unsafe.why + "; mkcv follows no link in its output folder " +
                          "and writes into nothing it did not make",
                      "remove it (rm -r " + path + ") and build again; mkcv makes it anew");
}

// Says each problem on `log` as the build's errors are said.
void tell(const Diagnostics& problems, std::ostream& log) {
    for (const Diagnostic& d : problems.items())
        log << "mkcv: error: " << d.message << "\n  hint: " << d.hint << '\n';
}

}  // namespace

Diagnostics output_folder_problems(const std::vector<RenderedTemplate>& rendered,
                                   const std::string& stem, const BuildOptions& options) {
    Diagnostics problems;
    for (const UnsafePath& unsafe : state_folder_problems(options.out_dir))
        add_unsafe(problems, unsafe);
    for (const auto& r : rendered) {
        std::vector<fs::path> outputs{output_path(r, stem, options)};
        if (r.tmpl.manifest.format == TextFormat::Latex)  // and the .tex beside the PDF
            outputs.push_back(options.out_dir / (output_base(r, stem) + ".tex"));
        for (const fs::path& output : outputs)
            if (const auto unsafe = output_file_problem(output))
                add_unsafe(problems, *unsafe);
    }
    return problems;
}

BuildReport build_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
                      const BuildOptions& options, std::ostream& log) {
    BuildReport report;
    // One build at a time writes into an output folder (output_lock.h). A folder where the
    // lock cannot even be created cannot be built into either: the build says why.
    const OutputLock lock = OutputLock::acquire(options.out_dir, options.wait_for_lock, log);
    if (lock.status() == OutputLock::Status::Busy) {
        const std::string message =
            describe_lock_holder(options.out_dir, lock.holder()) + " is running; " +
            (options.wait_for_lock ? "stopped waiting for it" : "not waiting for it (--no-wait)");
        log << "mkcv: error: " << visible(message) << '\n';
        report.diagnostics.error(options.out_dir.string(), {}, "output-busy", message);
        return report;
    }
    if (lock.status() == OutputLock::Status::Refused) {
        add_unsafe(report.diagnostics, lock.refused());
        tell(report.diagnostics, log);
        report.refused = true;
        return report;
    }
    // Looked at before anything is written, removed or compiled there.
    if (Diagnostics problems = output_folder_problems(rendered, stem, options);
        problems.has_errors()) {
        tell(problems, log);
        report.diagnostics = std::move(problems);
        report.refused = true;
        return report;
    }
    if (lock.status() == OutputLock::Status::Held)
        remove_killed_build_leftovers(options.out_dir);
    std::vector<CompileOutcome> outcomes(rendered.size());
    std::vector<std::string> names;
    for (const auto& r : rendered)
        names.push_back(output_label(r));
    Progress progress(log, options.progress, names);
    // Each report is printed as soon as its template is done.
    const auto compile = [&](std::size_t i) {
        // LaTeX is compiled to a PDF; every other format is written as it was rendered.
        CompileOutcome outcome = rendered[i].tmpl.manifest.format == TextFormat::Latex
                                     ? compile_template(rendered[i], stem, options, progress, i)
                                     : write_text_output(rendered[i], stem, options);
        progress.finish(i, outcome.report);
        return outcome;
    };
    // Templates compile side by side, `jobs` at a time.
    for_each_index(rendered.size(), static_cast<std::size_t>(std::max(1, options.jobs)),
                   [&](std::size_t i) { outcomes[i] = compile(i); });
    report.ok = true;
    for (std::size_t i = 0; i < rendered.size(); ++i) {
        const CompileOutcome& outcome = outcomes[i];
        report.ok = report.ok && outcome.ok;
        report.diagnostics.append(outcome.diagnostics);
        OutputReport& output =
            report.outputs.emplace_back(output_report(rendered[i], stem, options));
        output.status = !outcome.ok          ? OutputStatus::Failed
                        : outcome.up_to_date ? OutputStatus::UpToDate
                                             : OutputStatus::Built;
        if (outcome.ok)
            output.files = outcome.files;
        output.pages = outcome.up_to_date ? 0 : outcome.pages;
        output.dropped = outcome.dropped;
    }
    return report;
}

BuildReport check_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
                      const BuildOptions& options, std::ostream& log) {
    BuildReport report;
    report.ok = true;
    for (const auto& r : rendered) {
        const std::string base = output_base(r, stem);
        const fs::path pdf_path = output_path(r, stem, options);
        const bool latex = r.tmpl.manifest.format == TextFormat::Latex;
        const std::optional<TexJob> job =
            latex ? std::optional<TexJob>(job_for(r, base, options)) : std::nullopt;
        const std::string reason = why_stale(inputs_of(r, base, job ? &*job : nullptr),
                                             read_build_record(state_path(options.out_dir, base)),
                                             pdf_path, /*this_machine=*/false);
        OutputReport& output = report.outputs.emplace_back(output_report(r, stem, options));
        if (reason.empty()) {
            output.status = OutputStatus::UpToDate;
            output.files.push_back(pdf_path);
            if (latex)
                output.files.push_back(options.out_dir / (base + ".tex"));
            if (!options.quiet)
                log << visible(output_label(r) + ": up to date (" + pdf_path.string() + ")")
                    << '\n';
        } else {
            report.ok = false;
            output.status = OutputStatus::Stale;
            log << visible(output_label(r) + ": stale: " + reason) << '\n';
        }
    }
    return report;
}

}  // namespace mkcv
