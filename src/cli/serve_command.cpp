// mkcv serve: mkcv watch with a preview. `mkcv site`'s folder is served on 127.0.0.1 while
// the watch rebuilds it; after each build the pages reload themselves, or show what broke.
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

#include <unistd.h>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cli/site_run.h"
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
    SiteCommand site;
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
    SiteRun run = run_site_build(state, command.site);
    if (!run.languages_ok) {
        build.diagnostics_text = diagnostics_text(run.shown, {});
        return build;
    }
    SiteReport& site = run.site;
    const Diagnostics& shown = run.shown;
    build.inputs.insert(build.inputs.end(), site.inputs.begin(), site.inputs.end());
    build.ok = site.ok;
    build.outputs = std::move(site.files);
    if (!build.ok) {
        build.diagnostics_text = diagnostics_text(shown, site.sources);
        if (build.diagnostics_text.empty())
            build.diagnostics_text =
                "mkcv serve: the build failed (its messages are in the terminal)";
    }
    return build;
}

int run_serve(CliState& state, const ServeCommand& command) {
    BuildEvents events;
    ServeOptions options;
    options.folder = command.site.out_dir;
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
    add_site_options(*serve, state, command.site, "The site folder, the one served");
    serve
        ->add_option("--port", command.port,
                     "Port to listen on (only this one); 0 for any free one. Without it, the "
                     "first free port from 8000 on")
        ->check(CLI::Range(0, 65535));
    serve->callback(
        [&state, owned] { state.run = [&state, owned] { return run_serve(state, *owned); }; });
}

}  // namespace mkcv
