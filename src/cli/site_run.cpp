#include "cli/site_run.h"

#include <iostream>
#include <sstream>

#include <unistd.h>

#include "cv/language_tables.h"

namespace mkcv {

void add_site_options(CLI::App& app, CliState& state, SiteCommand& command,
                      const std::string& out_help) {
    app.add_option("-t,--template", command.theme,
                   "The page's theme, an HTML template: academic or homepage")
        ->capture_default_str();
    app.add_option("--template-dir", state.common.template_dirs,
                   "Look for templates in this folder first; repeatable");
    app.add_option("--lang", state.common.language,
                   "The pages' languages (BCP 47 tags): en,zh gives index.html and "
                   "zh/index.html, linked to each other");
    app.add_flag("--builtin-templates-only", state.common.builtin_only,
                 "Use only the built-in templates (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    app.add_option("-o,--out", command.out_dir, out_help)->capture_default_str();
    app.add_option("--build-dir", command.build_dir,
                   "Where the PDFs are built first, as `mkcv build -o` (kept for incremental "
                   "builds)")
        ->capture_default_str();
    app.add_flag("-f,--force", command.force,
                 "Replace the site folder even when mkcv did not make it");
    app.add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    app.add_flag("-v,--verbose", state.build.verbose,
                 "Show TeX's output, and every text printed in the default language");
    // As `mkcv build -j`: the site builds its PDFs first, with the same pool.
    app.add_option("-j,--jobs", state.build.jobs, "Templates compiled at once")
        ->check(CLI::Range(1, 64));
}

SiteRun run_site_build(CliState& state, const SiteCommand& command) {
    SiteRun run;
    state.common.list_fallbacks = state.build.verbose;
    Diagnostics languages_found;
    const std::vector<std::string> languages = requested_languages(state.common, languages_found);
    if (languages.empty()) {
        report(languages_found, {}, state.common);
        run.shown = std::move(languages_found);
        return run;
    }
    run.languages_ok = true;
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
    run.site =
        build_site(options, state.build.quiet ? static_cast<std::ostream&>(quiet) : std::cerr);
    run.shown = run.site.diagnostics;
    if (!state.common.list_fallbacks &&
        print_options(state.common).format == DiagnosticFormat::Text)
        run.shown = summarize_fallbacks(run.shown, kListedFallbacks);
    report(run.shown, run.site.sources, state.common);
    if (run.site.ok && !state.build.quiet)
        std::cerr << "site: " << run.site.files.size() << " files in " << command.out_dir << '\n';
    return run;
}

}  // namespace mkcv
