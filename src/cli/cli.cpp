#include "cli/cli.h"

#include <iostream>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "tex/tex_version.h"
#include "util/version.h"

namespace mkcv {
namespace {

// What a bug report needs: mkcv's version and commit, and the TeX it would build with. The
// built-in templates use XeLaTeX, so that is the engine asked.
std::string version_text() {
    const std::string tex = tex_version("xelatex");
    return std::string("mkcv ") + kVersion + "\ncommit: " + build_commit() +
           "\nTeX: " + (tex.empty() ? "not found (xelatex is not on PATH)" : tex);
}

}  // namespace

int run_cli(int argc, char** argv, BuildProcesses processes) {
    CLI::App app{
        "mkcv turns a CV kept as data (cv.toml) into typeset PDFs through LaTeX templates.\n"
        "Run without a command, it builds: mkcv is mkcv build.",
        "mkcv"};
    app.set_version_flag("--version", version_text,
                         "Print the version, the git commit and the TeX found on PATH, and exit");
    app.require_subcommand(0, 1);
    app.footer(
        "Exit status: 0 success, 1 TeX failed or a tool is missing, 2 invalid input or usage,\n"
        "3 (check) a PDF is stale or missing, (sync --check) a source has a paper the CV lacks.");

    CliState state;
    state.build.processes = std::move(processes);
    state.build.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    for (const auto add :
         {add_build_command, add_check_command, add_watch_command, add_apply_command,
          add_serve_command, add_report_command, add_render_command, add_validate_command,
          add_context_command, add_templates_command, add_template_command, add_schema_command,
          add_export_command, add_site_command, add_import_command, add_sync_command,
          add_new_command, add_init_command, add_doctor_command})
        add(app, state);

    // `mkcv -t sidebar` is `mkcv build -t sidebar`, as the help says `mkcv` is `mkcv build`:
    // options before any command are build's, but for mkcv's own (--help, --version).
    std::vector<char*> args(argv, argv + argc);
    static char build_word[] = "build";
    if (argc > 1 && argv[1][0] == '-') {
        const std::string first = argv[1];
        if (first != "-h" && first != "--help" && first != "--version")
            args.insert(args.begin() + 1, build_word);
    }
    try {
        app.parse(static_cast<int>(args.size()), args.data());
    } catch (const CLI::ParseError& error) {
        const int status = app.exit(error);
        return status == 0 ? kExitOk : kExitInvalid;
    }
    // `-o ""` would build into the current folder, among the user's own files.
    if (state.build.out_dir.empty()) {
        std::cerr << "mkcv: error: --out: the output folder must not be empty\n";
        return kExitInvalid;
    }
    // `mkcv` alone is `mkcv build`.
    return state.run ? state.run() : run_build(state);
}

}  // namespace mkcv
