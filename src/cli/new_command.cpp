// `mkcv new [NAME]`: a starter cv.toml (cli/starter_cv.h) that builds as it is.
#include <filesystem>
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cli/starter_cv.h"
#include "cv/json_schema.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "tex/format_cache.h"
#include "util/detached_process.h"
#include "util/file_io.h"

namespace mkcv {
namespace {

namespace fs = std::filesystem;

// The file the starter's `#:schema ./schema/cv.schema.json` line names, beside the cv.toml,
// so an editor validates it from the start. Written only where nothing is: an existing
// file (an earlier mkcv's schema, or the user's) is kept, and a link or a non-folder named
// schema is never followed. Returns what to tell the user, "" when nothing was written.
std::string write_starter_schema(const fs::path& cv_path) {
    const fs::path folder = cv_path.parent_path() / "schema";
    const fs::path file = folder / "cv.schema.json";
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(folder, ec);
    if (fs::exists(status) && !fs::is_directory(status))
        return "";  // a link or a file: not mkcv's to write into
    if (fs::exists(fs::symlink_status(file, ec)))
        return "";
    fs::create_directory(folder, ec);
    if (ec)
        return "";
    if (!write_file_atomically(file, cv_json_schema()))
        return "";
    return " and " + file.string();
}

// The precompiled preambles of the templates a build of the new cv.toml uses (long and
// short), made by a detached `mkcv doctor --warm` into the machine's cache of formats
// (tex/format_cache.h) while the user edits: the first build starts TeX from them. Nothing
// when the cache is off; the user is not told when it cannot start (only time is lost).
void warm_formats_in_background(const fs::path& cv_path) {
    if (format_cache_folder().empty())
        return;
    std::error_code ec;
    const fs::path cv = fs::absolute(cv_path, ec);
    const fs::path self = own_executable();
    std::string why;
    if (!ec && !self.empty())
        start_detached(self, {"doctor", "--warm", cv.string()}, why);
}

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
    // The schema line is first: the file it names, for editors (`mkcv schema` prints it too).
    std::cerr << "wrote " << out << write_starter_schema(out) << ": edit it, then run `mkcv`\n";
    warm_formats_in_background(out);
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
