// `mkcv import FILE`: another tool's CV (JSON Resume, RenderCV, YAMLResume) → cv.toml.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "import/importer.h"
#include "import/source_tree.h"
#include "util/file_io.h"

namespace mkcv {
namespace {

namespace fs = std::filesystem;

int run_import(const CliState& state) {
    const CommonOptions& common = state.common;
    // Without -o the cv.toml goes beside, where `mkcv` looks next; `-o -` prints it.
    const std::string out = state.out_file.empty() ? "cv.toml" : state.out_file;
    const bool to_stdout = out == "-";
    std::error_code ec;
    if (!to_stdout && !state.force && fs::exists(fs::symlink_status(out, ec))) {
        std::cerr << "mkcv import: error: " << out << " exists; add --force to replace it\n";
        return kExitInvalid;
    }
    std::string text;
    if (const std::string error = read_regular_file(state.import_file, text, kMaxImportBytes);
        !error.empty()) {
        Diagnostics diagnostics;
        diagnostics.error(state.import_file, {}, "io", error);
        report(diagnostics, {}, common);
        return kExitInvalid;
    }
    std::optional<ImportFormat> from;
    if (!state.import_from.empty())
        from = parse_import_format(state.import_from);  // CLI11 checked the name
    ImportOutcome outcome = import_cv(state.import_file, text, from, to_stdout ? "cv.toml" : out);
    if (outcome.format && print_options(common).format == DiagnosticFormat::Text)
        std::cerr << "mkcv import: " << state.import_file << ": "
                  << import_format_name(*outcome.format)
                  << (outcome.detected ? " (detected: " + outcome.evidence + ")" : "") << '\n';
    report(outcome.diagnostics, outcome.sources, common);
    if (!outcome.toml)
        return kExitInvalid;
    if (print_options(common).format == DiagnosticFormat::Text)
        std::cerr << format_import_summary(outcome);
    if (to_stdout) {
        std::cout << *outcome.toml;
        return kExitOk;
    }
    if (Result<> written = write_file_atomically(out, *outcome.toml); !written) {
        std::cerr << "mkcv import: error: " << written.error().message << '\n';
        return kExitBuildFailed;
    }
    if (print_options(common).format == DiagnosticFormat::Text)
        std::cerr << "wrote " << out << '\n';
    return kExitOk;
}

}  // namespace

void add_import_command(CLI::App& app, CliState& state) {
    auto* command = app.add_subcommand(
        "import", "Make a cv.toml from a JSON Resume, RenderCV or YAMLResume file");
    command->add_option("file", state.import_file, "The file to import (.json or .yaml)")
        ->required();
    command->add_option("-o,--out", state.out_file,
                        "Write the cv.toml here (default: cv.toml; - for standard output)");
    command
        ->add_option("--from", state.import_from,
                     "The source format; detected from the file when not given")
        ->check(CLI::IsMember({"jsonresume", "rendercv", "yamlresume", "generic"}));
    command->add_flag("--force", state.force, "Replace the output file if it exists");
    command->add_option("--diagnostics", state.common.diagnostics, "How problems are printed")
        ->check(CLI::IsMember({"text", "json", "github"}))
        ->capture_default_str();
    command->footer(
        "The mapping of each format and what goes to custom sections: docs/import.md.\n"
        "A summary of what went where is printed on standard error.");
    command->callback([&state] { state.run = [&state] { return run_import(state); }; });
}

}  // namespace mkcv
