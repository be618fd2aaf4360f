// mkcv build, check and watch: the same steps (load → render), then compile, compare with
// the last build, or compile again on every change.
#include <cstdlib>
#include <iostream>
#include <memory>
#include <string>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "pipeline/git.h"
#include "pipeline/pipeline.h"
#include "pipeline/watch.h"
#include "tex/format_request.h"
#include "tex/warm_tex.h"
#include "util/file_io.h"
#include "util/state_folder.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

enum class BuildMode { Build, Check };

// --report FILE: what became of each output, as JSON (pipeline/build_report.h), written
// whole or not at all. An invalid CV (exit 2) is reported too, with its diagnostics and no
// outputs, so a script never reads the report of an earlier run. A report that cannot be written
// fails the command (exit 1): a tool would otherwise miss what was built.
int with_report(const CliState& state, BuildMode mode, const BuildReport& report, int status) {
    if (state.report_file.empty())
        return status;
    const std::string text = build_report_json(report, mode == BuildMode::Check ? "check" : "build",
                                               state.build.out_dir);
    if (Result<> written = write_file_atomically(state.report_file, text); !written) {
        std::cerr << "mkcv: error: " << visible(written.error().message) << '\n';
        Diagnostics diagnostics;
        diagnostics.add(written.error());
        report_for_tools(diagnostics, state.common);
        return status == kExitInvalid ? status : kExitBuildFailed;
    }
    return status;
}

// What cv.toml reads that git's HEAD commit lacks: a fresh clone (CI) will not have it. An
// error in CI (the CI variable set, as every CI service sets it), else a warning: locally
// the file is there, and the build it checks is right.
Diagnostics uncommitted_inputs(const fs::path& cv_path, const std::vector<fs::path>& inputs,
                               const fs::path& cache) {
    Diagnostics out;
    const char* ci = std::getenv("CI");
    const bool in_ci = ci && *ci && std::string_view(ci) != "false" && std::string_view(ci) != "0";
    for (const fs::path& file : files_not_committed(cv_path, inputs, cache)) {
        const std::string name = file.lexically_normal().string();
        out.add({in_ci ? Severity::Error : Severity::Warning,
                 name,
                 {},
                 "not-committed",
                 name + " is read by " + cv_path.filename().string() +
                     " but not committed to git: a fresh clone, as CI makes it, lacks it",
                 "git add " + name + " && git commit"});
    }
    return out;
}

// Plans (loads, renders) and then builds or checks once. `inputs`, when given, receives
// every file the outputs are made from (build_plan.h watched_files).
int build_once(CliState& state, BuildMode mode, std::vector<fs::path>* inputs) {
    state.common.list_fallbacks = state.build.verbose;
    const CommonOptions& common = state.common;
    BuildOptions& options = state.build;
    const std::string stem = fs::path(common.cv_path).stem().string();
    BuildPlan plan =
        prepare(common, {"long", "short"}, state_folder(options.out_dir) / (stem + ".source-date"));
    if (inputs)
        *inputs = watched_files(plan, common.cv_path);
    Diagnostics found = std::move(plan.diagnostics);  // by loading and rendering, for --report
    if (!plan.outputs) {
        BuildReport invalid;
        invalid.diagnostics = std::move(found);
        return with_report(state, mode, invalid, kExitInvalid);
    }
    const std::vector<RenderedTemplate>& rendered = *plan.outputs;
    if (!options.quiet)
        for (const auto& r : rendered)
            if (r.language.empty() || r.language == rendered.front().language)
                tell_hidden_builtin(r.tmpl, std::cerr);  // once, not once per language
    if (mode == BuildMode::Check) {
        // `check` reads the records and the outputs: through nothing mkcv did not make.
        if (const Diagnostics problems = output_folder_problems(rendered, stem, options);
            problems.has_errors()) {
            for (const Diagnostic& d : problems.items())
                std::cerr << "mkcv: error: " << d.message << "\n  hint: " << d.hint << '\n';
            report_for_tools(problems, common);
            BuildReport refused;
            refused.refused = true;
            refused.diagnostics = std::move(found);
            refused.diagnostics.append(problems);
            return with_report(state, mode, refused, kExitInvalid);
        }
        BuildReport report = check_all(rendered, stem, options, std::cerr);
        found.append(report.diagnostics);
        const Diagnostics uncommitted =
            uncommitted_inputs(common.cv_path, watched_files(plan, common.cv_path),
                               state_folder(options.out_dir) / (stem + ".uncommitted"));
        for (const Diagnostic& d : uncommitted.items())
            std::cerr << "mkcv: " << (d.severity == Severity::Error ? "error" : "warning") << ": "
                      << visible(d.message) << "\n  hint: " << visible(d.hint) << '\n';
        report_for_tools(uncommitted, common);
        found.append(uncommitted);
        report.diagnostics = std::move(found);
        // The applications' documents too (mkcv apply), when cv.toml has any.
        int applications = kExitOk;
        if (!rendered.empty() && !rendered.front().input.filtered.cv.applications.empty())
            applications = check_applications_of(state);
        const int status = uncommitted.has_errors() || applications == kExitInvalid ? kExitInvalid
                           : report.ok && applications == kExitOk                   ? kExitOk
                                                                                    : kExitStale;
        return with_report(state, mode, report, status);
    }
    if (!options.quiet)
        options.progress = progress_style_for(STDERR_FILENO);
    if (!options.quiet)
        for (const auto& r : rendered)
            std::cerr << visible(output_label(r)) << ": rendered in "
                      << static_cast<int>(r.render_ms * 10 + 0.5) / 10.0 << " ms\n";
    BuildReport report = build_all(rendered, stem, options, std::cerr);
    report_for_tools(report.diagnostics, common);
    // The report has the warnings of loading too, before the build's own.
    found.append(report.diagnostics);
    report.diagnostics = std::move(found);
    const int status = report.refused ? kExitInvalid : report.ok ? kExitOk : kExitBuildFailed;
    return with_report(state, mode, report, status);
}

void add_out_dir(CLI::App& command, CliState& state) {
    command.add_option("-o,--out", state.build.out_dir, "Output folder")->capture_default_str();
}

void add_jobs(CLI::App& command, CliState& state) {
    command.add_option("-j,--jobs", state.build.jobs, "Templates compiled at once")
        ->check(CLI::Range(1, 64));
}

void add_report(CLI::App& command, CliState& state) {
    command.add_option("--report", state.report_file,
                       "Write what became of each output to FILE as JSON: its status, the files "
                       "built, pages, entries dropped, diagnostics (docs/diagnostics.md)");
}

void add_no_wait(CLI::App& command, CliState& state) {
    command.add_flag_function(
        "--no-wait", [&state](std::int64_t) { state.build.wait_for_lock = false; },
        "When another mkcv build writes into the output folder, fail (exit 1) instead of "
        "waiting for it");
}

void add_strict(CLI::App& command, CliState& state) {
    command.add_flag("--strict", state.build.strict,
                     "Fail (exit 1) on a warning of the typesetting: a character no font has "
                     "(missing-glyph); the previous PDF is kept");
}

void add_latexmk(CLI::App& command, CliState& state) {
    command.add_flag("--latexmk", state.build.latexmk,
                     "Run every template through latexmk, as [build] tex = \"latexmk\" does "
                     "(for templates that rely on its rules)");
}

// The detached mkcv a build starts to make a precompiled preamble once its PDF is in place
// (tex/format_request.h). Hidden: people never run it; its output goes nowhere, and it
// exits 0 whatever happened (the next build runs without the format, as before).
void add_make_format_command(CLI::App& app, CliState& state) {
    auto* command = app.add_subcommand(kMakeFormatCommand, "");
    command->group("");
    auto where = std::make_shared<std::pair<std::string, std::string>>();
    command->add_option("out", where->first)->required();
    command->add_option("base", where->second)->required();
    command->callback([&state, where] {
        state.run = [where] {
            std::cout << make_requested_format(where->first, where->second) << '\n';
            return static_cast<int>(kExitOk);
        };
    });
}

}  // namespace

int run_build(CliState& state) {
    return build_once(state, BuildMode::Build, nullptr);
}

void add_build_command(CLI::App& app, CliState& state) {
    auto* build = app.add_subcommand(
        "build",
        "Render and compile each template to <out>/<stem>-<name>.pdf (or .html, .md, .json)");
    add_common(*build, state.common, true);
    add_out_dir(*build, state);
    add_jobs(*build, state);
    build->add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    build->add_flag("-v,--verbose", state.build.verbose,
                    "Show TeX's output, and each text printed in the default language "
                    "for want of a translation");
    build->add_flag("--strict-pages", state.build.strict_pages,
                    "Fail when a PDF exceeds its template's max_pages instead of dropping entries");
    add_strict(*build, state);
    add_latexmk(*build, state);
    build->add_flag("-f,--force", state.build.force,
                    "Compile every PDF from scratch, even when up to date");
    add_no_wait(*build, state);
    add_report(*build, state);
    build->callback([&state] { state.run = [&state] { return run_build(state); }; });
    add_make_format_command(app, state);
}

void add_check_command(CLI::App& app, CliState& state) {
    auto* check = app.add_subcommand(
        "check", "Exit 0 when every PDF is up to date with its inputs, 3 when not (runs no TeX)");
    add_common(*check, state.common, true);
    add_out_dir(*check, state);
    check->add_flag("-q,--quiet", state.build.quiet, "Print only what is stale");
    // The build being checked ran latexmk: its PDFs are up to date only for such a build.
    add_latexmk(*check, state);
    add_report(*check, state);
    check->callback([&state] {
        state.run = [&state] { return build_once(state, BuildMode::Check, nullptr); };
    });
}

void add_report_command(CLI::App& app, CliState& state) {
    auto* command = app.add_subcommand(
        "report",
        "Print the outputs a --report FILE of mkcv build or check names as built or up to "
        "date, one a line (for scripts without a JSON reader, such as the GitHub Action)");
    command->add_option("file", state.report_file, "The report")->required();
    command->add_flag("--pdfs", state.report_pdfs, "Only the PDFs");
    command->callback([&state] {
        state.run = [&state] {
            std::string text;
            if (const std::string why = read_regular_file(state.report_file, text); !why.empty()) {
                std::cerr << "mkcv report: error: " << visible(state.report_file) << ' ' << why
                          << '\n';
                return static_cast<int>(kExitInvalid);
            }
            const Result<std::vector<std::string>> files =
                files_in_build_report(text, state.report_pdfs);
            if (!files) {
                std::cerr << "mkcv report: error: " << visible(state.report_file) << ": "
                          << files.error().message << '\n';
                return static_cast<int>(kExitInvalid);
            }
            for (const std::string& file : *files)
                std::cout << file << '\n';
            return static_cast<int>(kExitOk);
        };
    });
}

void add_watch_command(CLI::App& app, CliState& state) {
    auto* watch = app.add_subcommand(
        "watch", "Build, then build again whenever cv.toml or a template file changes");
    add_common(*watch, state.common, true);
    add_out_dir(*watch, state);
    add_jobs(*watch, state);
    watch->add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    watch->add_flag("-v,--verbose", state.build.verbose, "Show TeX's output");
    add_strict(*watch, state);
    add_latexmk(*watch, state);
    add_no_wait(*watch, state);
    watch->callback([&state] {
        state.run = [&state] {
            // Each rebuild's XeLaTeX run is started ahead, after the build before it.
            WarmTexPool warm;
            state.build.warm = &warm;
            const bool watched = watch_and_rebuild(
                [&state] {
                    // Each build says how it went; the watch goes on either way. cv.toml is
                    // among the files even when it cannot be read, so fixing it rebuilds.
                    std::vector<fs::path> files;
                    build_once(state, BuildMode::Build, &files);
                    return files;
                },
                {}, std::cerr);
            state.build.warm = nullptr;
            return watched ? kExitOk : kExitBuildFailed;
        };
    });
}

}  // namespace mkcv
