// mkcv serve: mkcv watch with a preview. `mkcv site`'s folder is served on 127.0.0.1 while
// the watch rebuilds it; after each build the pages reload themselves, or show what broke.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cv/language_tables.h"
#include "pipeline/watch.h"
#include "serve/build_events.h"
#include "serve/preview_server.h"
#include "site/site.h"
#include "tex/warm_tex.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// serve's options beyond the shared ones: `mkcv site`'s.
struct ServeCommand {
    std::string theme = "academic";
    std::string out_dir = "_site";
    std::string build_dir = "out";
    bool force = false;
    int port = -1;  // --port N, or -1 for the first free one from 8000 on
};

// What one build put into the served folder, and how it went.
struct PreviewBuild {
    bool ok = false;
    std::vector<fs::path> inputs;      // to watch: cv.toml, .bib files, templates, pictures
    std::vector<std::string> outputs;  // the files built, relative to the folder
    std::string diagnostics_text;      // a failed build's, as the terminal shows them
};

// The diagnostics as `mkcv build` prints them (file:line:col: error: ..., the line, a caret,
// the hint), without colour, for the page's overlay.
std::string diagnostics_text(const Diagnostics& diagnostics, const SourceTexts& sources) {
    Diagnostics sorted = diagnostics;
    sorted.sort();
    std::ostringstream out;
    print_diagnostics(out, sorted, sources, {DiagnosticFormat::Text, false, false});
    return out.str();
}

// What `mkcv serve` builds into the folder it serves: the one place that decides it. The
// folder `mkcv site` writes (site/site.h), with the PDFs it links; its diagnostics are
// printed as `mkcv site` prints them.
PreviewBuild build_preview_folder(CliState& state, const ServeCommand& command) {
    PreviewBuild build;
    // cv.toml is watched even when it cannot be read, so fixing it rebuilds.
    build.inputs.push_back(state.common.cv_path);
    state.common.list_fallbacks = state.build.verbose;
    Diagnostics languages_found;
    const std::vector<std::string> languages = requested_languages(state.common, languages_found);
    if (languages.empty()) {
        report(languages_found, {}, state.common);
        build.diagnostics_text = diagnostics_text(languages_found, {});
        return build;
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
    build.inputs.insert(build.inputs.end(), site.inputs.begin(), site.inputs.end());
    build.ok = site.ok;
    build.outputs = std::move(site.files);
    if (!build.ok) {
        build.diagnostics_text = diagnostics_text(shown, site.sources);
        if (build.diagnostics_text.empty())
            build.diagnostics_text =
                "mkcv serve: the build failed (its messages are in the terminal)";
    } else if (!state.build.quiet) {
        std::cerr << "site: " << build.outputs.size() << " files in " << command.out_dir << '\n';
    }
    return build;
}

int run_serve(CliState& state, const ServeCommand& command) {
    BuildEvents events;
    ServeOptions options;
    options.folder = command.out_dir;
    options.title = fs::path(state.common.cv_path).filename().string();
    if (command.port >= 0)
        options.port = command.port;
    PreviewServer server(options, events);
    const Result<int> port = server.start();
    if (!port) {
        std::cerr << "mkcv serve: error: " << port.error().message
                  << "\n  hint: " << port.error().hint << '\n';
        return kExitBuildFailed;
    }
    std::cout << "Serving http://127.0.0.1:" << *port << "/ \u2014 Ctrl-C stops" << std::endl;
    WarmTexPool warm;  // each rebuild's XeLaTeX run is started ahead, as mkcv watch does
    state.build.warm = &warm;
    WatchOptions watch;
    watch.command = "mkcv serve";
    const bool watched = watch_and_rebuild(
        [&] {
            PreviewBuild build = build_preview_folder(state, command);
            if (build.ok)
                events.build_succeeded(std::move(build.outputs));
            else
                events.build_failed(std::move(build.diagnostics_text));
            return build.inputs;
        },
        watch, std::cerr);
    state.build.warm = nullptr;
    server.stop();
    return watched ? kExitOk : kExitBuildFailed;
}

}  // namespace

void add_serve_command(CLI::App& app, CliState& state) {
    // Owned by the callback, which the app keeps: the options below write into it.
    auto owned = std::make_shared<ServeCommand>();
    ServeCommand& command = *owned;
    auto* serve = app.add_subcommand(
        "serve",
        "mkcv site, served on 127.0.0.1 and built again on every change: the pages reload "
        "themselves, and show a failed build's errors");
    add_common(*serve, state.common, false);
    serve
        ->add_option("-t,--template", command.theme,
                     "The page's theme, an HTML template: academic or homepage")
        ->capture_default_str();
    serve->add_option("--template-dir", state.common.template_dirs,
                      "Look for templates in this folder first; repeatable");
    serve->add_option("--lang", state.common.language,
                      "The pages' languages (BCP 47 tags): en,zh serves index.html and "
                      "zh/index.html");
    serve->add_flag("--builtin-templates-only", state.common.builtin_only,
                    "Use only the built-in templates (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    serve->add_option("-o,--out", command.out_dir, "The site folder, the one served")
        ->capture_default_str();
    serve
        ->add_option("--build-dir", command.build_dir,
                     "Where the PDFs are built first, as `mkcv build -o`")
        ->capture_default_str();
    serve
        ->add_option("--port", command.port,
                     "Port to listen on (only this one); 0 for any free one. Without it, the "
                     "first free port from 8000 on")
        ->check(CLI::Range(0, 65535));
    serve->add_flag("-f,--force", command.force,
                    "Replace the site folder even when mkcv did not make it");
    serve->add_option("-j,--jobs", state.build.jobs, "Templates compiled at once")
        ->check(CLI::Range(1, 64));
    serve->add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    serve->add_flag("-v,--verbose", state.build.verbose, "Show latexmk's output");
    serve->callback(
        [&state, owned] { state.run = [&state, owned] { return run_serve(state, *owned); }; });
}

}  // namespace mkcv
