// mkcv site: the folder to publish (site/site.h), with its PDFs built as `build` builds them.
#include <iostream>
#include <memory>
#include <sstream>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cv/language_tables.h"
#include "site/site.h"

namespace mkcv {
namespace {

struct SiteCommand {
    std::string theme = "academic";
    std::string out_dir = "_site";
    std::string build_dir = "out";
    bool force = false;
};

int run_site(CliState& state, const SiteCommand& command) {
    state.common.list_fallbacks = state.build.verbose;
    Diagnostics languages_found;
    const std::vector<std::string> languages = requested_languages(state.common, languages_found);
    if (languages.empty()) {
        report(languages_found, {}, state.common);
        return kExitInvalid;
    }
    SiteOptions options;
    options.cv_path = state.common.cv_path;
    options.theme = command.theme;
    options.out_dir = command.out_dir;
    options.languages = languages;
    options.search = search_path(state.common);
    options.pdf_build = state.build;
    options.pdf_build.out_dir = command.build_dir;
    if (!state.build.quiet)
        options.pdf_build.progress = progress_style_for(STDERR_FILENO);
    options.force = command.force;
    std::ostringstream quiet;
    SiteReport site =
        build_site(options, state.build.quiet ? static_cast<std::ostream&>(quiet) : std::cerr);
    Diagnostics shown = site.diagnostics;
    if (!state.common.list_fallbacks &&
        print_options(state.common).format == DiagnosticFormat::Text)
        shown = summarize_fallbacks(shown, kListedFallbacks);
    report(shown, site.sources, state.common);
    if (site.ok) {
        if (!state.build.quiet)
            std::cerr << "site: " << site.files.size() << " files in " << command.out_dir << '\n';
        return kExitOk;
    }
    return site.invalid ? kExitInvalid : kExitBuildFailed;
}

}  // namespace

void add_site_command(CLI::App& app, CliState& state) {
    // Owned by the callback, which the app keeps: the options below write into it.
    auto owned = std::make_shared<SiteCommand>();
    SiteCommand& command = *owned;
    auto* site = app.add_subcommand(
        "site",
        "Write a folder to publish as it is (GitHub Pages): index.html, the photo, one .bib per "
        "paper, the PDFs it links");
    add_common(*site, state.common, false);
    site->add_option("-t,--template", command.theme,
                     "The page's theme, an HTML template: academic or homepage")
        ->capture_default_str();
    site->add_option("--template-dir", state.common.template_dirs,
                     "Look for templates in this folder first; repeatable");
    site->add_option("--lang", state.common.language,
                     "The pages' languages (BCP 47 tags): en,zh writes index.html and "
                     "zh/index.html, linked to each other");
    site->add_flag("--builtin-templates-only", state.common.builtin_only,
                   "Use only the built-in templates (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    site->add_option("-o,--out", command.out_dir, "The site folder")->capture_default_str();
    site->add_option("--build-dir", command.build_dir,
                     "Where the PDFs are built first, as `mkcv build -o` (kept for incremental "
                     "builds)")
        ->capture_default_str();
    site->add_flag("-f,--force", command.force,
                   "Replace the site folder even when mkcv did not make it");
    site->add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    site->add_flag("-v,--verbose", state.build.verbose,
                   "Show latexmk's output, and every text printed in the default language");
    site->callback(
        [&state, owned] { state.run = [&state, owned] { return run_site(state, *owned); }; });
}

}  // namespace mkcv
