// mkcv apply [KEY…]: each application of cv.toml built under <out>/applications/KEY/
// (pipeline/applications.h); and what `mkcv check` adds for them.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "pipeline/applications.h"
#include "util/state_folder.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// Loads and renders the applications `keys` names (all when none), printing what is wrong.
ApplyPlan plan_for(const CliState& state, const std::vector<std::string>& keys) {
    const CommonOptions& common = state.common;
    Diagnostics diagnostics;
    ApplyRequest request;
    request.cv_path = common.cv_path;
    request.keys = keys;
    // Without --lang, each application is built in its own language.
    if (!common.language.empty())
        request.languages = requested_languages(common, diagnostics);
    request.search = search_path(common);
    const std::string stem = fs::path(common.cv_path).stem().string();
    request.date_cache = state_folder(state.build.out_dir) / (stem + ".source-date");
    ApplyPlan plan;
    if (!diagnostics.has_errors())
        plan = plan_applications(request, state.build.out_dir);
    diagnostics.append(plan.diagnostics);
    report(diagnostics, plan.sources, common);
    plan.diagnostics = std::move(diagnostics);
    return plan;
}

}  // namespace

int check_applications_of(CliState& state) {
    ApplyPlan plan = plan_for(state, {});
    if (!plan.applications)
        return kExitInvalid;
    BuildReport report = check_applications_built(*plan.applications, state.build, std::cerr);
    return report.ok ? kExitOk : kExitStale;
}

void add_apply_command(CLI::App& app, CliState& state) {
    auto keys = std::make_shared<std::vector<std::string>>();
    auto* apply = app.add_subcommand(
        "apply",
        "Build each [[applications]] entry of cv.toml (or those named) into "
        "<out>/applications/KEY/: the letter, the statements, the tailored CV and one packet PDF");
    apply->add_option("keys", *keys,
                      "The applications to build (default: every one); a word ending in .toml "
                      "is the CV to read (default cv.toml)");
    apply->add_option("--lang", state.common.language,
                      "Build each application in these languages (BCP 47, comma-separated) "
                      "instead of its own");
    apply->add_option("--template-dir", state.common.template_dirs,
                      "Look for templates in this folder first; repeatable");
    apply
        ->add_option("--diagnostics", state.common.diagnostics,
                     "How diagnostics are printed: text, json or github")
        ->check(CLI::IsMember({"text", "json", "github"}));
    apply->add_option("-o,--out", state.build.out_dir, "Output folder")->capture_default_str();
    apply->add_option("-j,--jobs", state.build.jobs, "Documents compiled at once")
        ->check(CLI::Range(1, 64));
    apply->add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    apply->add_flag("-v,--verbose", state.build.verbose, "Show TeX's output");
    apply->add_flag("--strict-pages", state.build.strict_pages,
                    "Fail when the tailored CV exceeds its template's max_pages instead of "
                    "dropping entries");
    apply->add_flag("-f,--force", state.build.force,
                    "Compile every PDF from scratch, even when up to date");
    apply->callback([&state, keys] {
        state.run = [&state, keys] {
            // `mkcv apply my/cv.toml mit-2027`: a word ending in .toml is the CV (a key
            // cannot hold a dot), every other word a key.
            std::vector<std::string> names;
            for (const std::string& word : *keys)
                if (word.size() > 5 && word.compare(word.size() - 5, 5, ".toml") == 0)
                    state.common.cv_path = word;
                else
                    names.push_back(word);
            ApplyPlan plan = plan_for(state, names);
            if (!plan.applications)
                return static_cast<int>(kExitInvalid);
            if (!state.build.quiet)
                state.build.progress = progress_style_for(STDERR_FILENO);
            BuildReport built = apply_all(*plan.applications, state.build, std::cerr);
            // A letter over its page is the letter's fault: said at its last paragraph, with
            // the line quoted (the report's lines above say it without a place).
            Diagnostics at_text;
            for (const Diagnostic& d : built.diagnostics.items())
                if (d.code == "page-budget" && d.pos.known())
                    at_text.add(d);
            if (print_options(state.common).format == DiagnosticFormat::Text)
                report(at_text, plan.sources, state.common);
            report_for_tools(built.diagnostics, state.common);
            return static_cast<int>(built.refused ? kExitInvalid
                                    : built.ok    ? kExitOk
                                                  : kExitBuildFailed);
        };
    });
}

}  // namespace mkcv
