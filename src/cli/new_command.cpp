// `mkcv new [NAME]`: a starter cv.toml (cli/starter_cv.h) that builds as it is.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cli/starter_cv.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "util/file_io.h"

namespace mkcv {
namespace {

namespace fs = std::filesystem;

int run_new(const CliState& state) {
    const std::string out = state.out_file.empty() ? "cv.toml" : state.out_file;
    const bool to_stdout = out == "-";
    std::error_code ec;
    if (!to_stdout && !state.force && fs::exists(fs::symlink_status(out, ec))) {
        std::cerr << "mkcv new: error: " << out << " exists; add --force to replace it\n";
        return kExitInvalid;
    }
    const std::string text = starter_cv(state.new_name);
    // The promise is a file that validates: a name cv.toml refuses (empty, too long) is
    // reported against the text that would have been written, and nothing is written.
    LoadResult loaded = load_cv(text, to_stdout ? "cv.toml" : out);
    if (loaded.cv)
        validate_cv(*loaded.cv, loaded.diagnostics);
    if (loaded.diagnostics.has_errors()) {
        report(loaded.diagnostics, {{to_stdout ? "cv.toml" : out, text}}, state.common);
        return kExitInvalid;
    }
    if (to_stdout) {
        std::cout << text;
        return kExitOk;
    }
    if (Result<> written = write_file_atomically(out, text); !written) {
        std::cerr << "mkcv new: error: " << written.error().message << '\n';
        return kExitBuildFailed;
    }
    std::cerr << "wrote " << out << ": edit it, then run `mkcv`\n";
    return kExitOk;
}

}  // namespace

void add_new_command(CLI::App& app, CliState& state) {
    auto* command = app.add_subcommand("new", "Write a starter cv.toml that builds as it is");
    command->add_option("name", state.new_name, "Your name (default: \"Your Name\")")
        ->capture_default_str();
    command->add_option("-o,--out", state.out_file,
                        "Write it here (default: cv.toml; - for standard output)");
    command->add_flag("--force", state.force, "Replace the output file if it exists");
    command->footer(
        "Every key of cv.toml: docs/cv-format.md. Coming from another tool: "
        "mkcv import (docs/import.md).");
    command->callback([&state] { state.run = [&state] { return run_new(state); }; });
}

}  // namespace mkcv
