// mkcv serve: mkcv watch with a preview. The output folder is served on 127.0.0.1 while
// the watch rebuilds it; after each build the pages reload themselves, or show what broke.
#include <iostream>
#include <set>
#include <sstream>
#include <string>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "pipeline/watch.h"
#include "serve/build_events.h"
#include "serve/preview_server.h"
#include "tex/warm_tex.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// What one build put into the served folder, and how it went.
struct PreviewBuild {
    bool ok = false;
    std::vector<fs::path> inputs;      // to watch: cv.toml, .bib files, templates, the photo
    std::vector<std::string> outputs;  // the files built, relative to the folder
    std::string diagnostics_text;      // a failed build's, as the terminal shows them
};

// The diagnostics as `mkcv build` prints them (file:line:col: error: ..., the line, a caret,
// the hint), without colour, for the page's overlay.
std::string diagnostics_text(const Diagnostics& diagnostics) {
    SourceTexts sources;
    std::set<std::string> files;
    for (const Diagnostic& d : diagnostics.items())
        if (!d.file.empty() && files.insert(d.file).second) {
            std::string text;
            if (read_regular_file(d.file, text).empty())
                sources.emplace(d.file, std::move(text));
        }
    Diagnostics sorted = diagnostics;
    sorted.sort();
    std::ostringstream out;
    print_diagnostics(out, sorted, sources, {DiagnosticFormat::Text, false, false});
    return out.str();
}

// What `mkcv serve` builds into the folder it serves: the one place that decides it. For
// now the outputs `mkcv build` makes (-t, or the homepage and the two PDFs it links).
PreviewBuild build_preview_folder(CliState& state) {
    PreviewBuild build;
    // cv.toml is watched even when it cannot be read, so fixing it rebuilds.
    build.inputs.push_back(state.common.cv_path);
    BuildReport report;
    const int status = build_watched(state, {"homepage", "long", "short"}, build.inputs, report);
    build.ok = status == kExitOk;
    for (const OutputReport& output : report.outputs)
        if (!output.files.empty())
            build.outputs.push_back(
                output.files.front().lexically_relative(state.build.out_dir).generic_string());
    if (!build.ok) {
        build.diagnostics_text = diagnostics_text(report.diagnostics);
        if (build.diagnostics_text.empty())
            build.diagnostics_text =
                "mkcv serve: the build failed (its messages are in the terminal)";
    }
    return build;
}

int run_serve(CliState& state) {
    BuildEvents events;
    ServeOptions options;
    options.folder = state.build.out_dir;
    options.title = fs::path(state.common.cv_path).filename().string();
    if (state.serve_port >= 0)
        options.port = state.serve_port;
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
            PreviewBuild build = build_preview_folder(state);
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
    auto* serve = app.add_subcommand(
        "serve",
        "Build, serve the output folder on 127.0.0.1 and rebuild on every change: the pages "
        "reload themselves, and show a failed build's errors");
    add_common(*serve, state.common, true);
    serve->add_option("-o,--out", state.build.out_dir, "Output folder, the one served")
        ->capture_default_str();
    serve
        ->add_option("--port", state.serve_port,
                     "Port to listen on (only this one); 0 for any free one. Without it, the "
                     "first free port from 8000 on")
        ->check(CLI::Range(0, 65535));
    serve->add_option("-j,--jobs", state.build.jobs, "Templates compiled at once")
        ->check(CLI::Range(1, 64));
    serve->add_flag("-q,--quiet", state.build.quiet, "Print only problems");
    serve->add_flag("-v,--verbose", state.build.verbose, "Show latexmk's output");
    serve->callback([&state] { state.run = [&state] { return run_serve(state); }; });
}

}  // namespace mkcv
