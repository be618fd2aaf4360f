// `mkcv init [NAME]`: sets up the current folder (any folder or repository) to build a CV in
// CI: a starter cv.toml (cli/starter_cv.h) unless one is there, the GitHub workflow of
// cli/starter_workflow.h, and `out/.mkcv` in .gitignore (mkcv's cache of TeX's build
// folders and preambles, several MB; without the slash, so that a file or a link committed
// in its place is ignored too). It never replaces a file: an existing cv.toml is used
// and an existing workflow is left as it is, each said; .gitignore gets the one line appended
// when it lacks it. Every write is atomic, and every file's text is made and checked before
// the first write. No link is followed: a symbolic link at .gitignore, .github or
// .github/workflows is refused (exit 2), one at the workflow is left as it is; cv.toml is the
// user's, read where it points, and never written when it exists.
#include <filesystem>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "cli/starter_cv.h"
#include "cli/starter_workflow.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "pipeline/load_step.h"
#include "util/file_io.h"
#include "util/state_folder.h"
#include "util/version.h"

namespace mkcv {
namespace {

namespace fs = std::filesystem;

constexpr const char* kCvPath = "cv.toml";
constexpr const char* kWorkflowPath = ".github/workflows/cv.yml";
constexpr const char* kGitignorePath = ".gitignore";
constexpr const char* kIgnoredCache = "out/.mkcv";

struct PlannedWrite {
    fs::path path;
    std::string text;
    std::string said;  // what is printed once it is written
};

bool exists(const fs::path& path) {
    std::error_code ec;
    return fs::exists(fs::symlink_status(path, ec));
}

// Whether .gitignore's text already has a line that ignores the cache as a file, a link or a
// folder. `out/.mkcv/`, which init wrote before, matches a folder only: a .gitignore with
// just that line gets the new one too.
bool ignores_cache(const std::string& gitignore) {
    std::istringstream lines(gitignore);
    for (std::string line; std::getline(lines, line);) {
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
            line.pop_back();
        if (line == "out/.mkcv" || line == "/out/.mkcv")
            return true;
    }
    return false;
}

// The .gitignore to write, if any; "" in `error` says why it cannot be read.
std::optional<std::string> gitignore_with_cache(std::string& error) {
    if (const auto unsafe = own_file_problem(kGitignorePath)) {
        error = unsafe->path.string() + " " + unsafe->why +
                "; mkcv init follows no link and writes only a regular file there (add the "
                "line " +
                kIgnoredCache + " yourself)";
        return std::nullopt;
    }
    if (!exists(kGitignorePath))
        return std::string(kIgnoredCache) + "\n";
    std::string text;
    if (std::string why = read_regular_file(kGitignorePath, text); !why.empty()) {
        error = std::string(kGitignorePath) + " " + why;
        return std::nullopt;
    }
    if (ignores_cache(text))
        return std::nullopt;
    if (!text.empty() && text.back() != '\n')
        text += '\n';
    return text + kIgnoredCache + "\n";
}

// The folders of the workflow must be real folders: a symlink would send the write elsewhere.
std::string workflow_folder_problem() {
    for (const char* folder : {".github", ".github/workflows"}) {
        std::error_code ec;
        const fs::file_status status = fs::symlink_status(folder, ec);
        if (fs::is_symlink(status))
            return std::string(folder) + " is a symbolic link, which mkcv init does not follow";
        if (fs::exists(status) && !fs::is_directory(status))
            return std::string(folder) + " is not a folder";
    }
    return "";
}

int run_init(const CliState& state) {
    std::vector<PlannedWrite> writes;
    std::vector<std::string> said;
    int status = kExitOk;

    if (exists(kCvPath)) {
        // Kept as it is; but a cv.toml with errors would fail the workflow's first run, so
        // they are shown now.
        Diagnostics diagnostics;
        LoadedCv loaded = load_and_validate(kCvPath, diagnostics);
        if (diagnostics.has_errors()) {
            report(diagnostics, loaded.sources, state.common);
            said.push_back(std::string("using ") + kCvPath + " as it is: fix the " +
                           std::to_string(diagnostics.error_count()) +
                           " problem(s) above before CI can build it (mkcv validate)");
        } else {
            said.push_back(std::string("using ") + kCvPath + " as it is");
        }
    } else {
        const std::string text = starter_cv(state.new_name);
        LoadResult loaded = load_cv(text, kCvPath);
        if (loaded.cv)
            validate_cv(*loaded.cv, loaded.diagnostics);
        if (loaded.diagnostics.has_errors()) {
            report(loaded.diagnostics, {{kCvPath, text}}, state.common);
            return kExitInvalid;
        }
        writes.push_back({kCvPath, text, std::string("wrote ") + kCvPath + ": edit it"});
    }

    if (exists(kWorkflowPath)) {
        said.push_back(std::string("left ") + kWorkflowPath +
                       " as it is (it exists); the mkcv action's inputs are in docs/ci.md");
    } else if (std::string problem = workflow_folder_problem(); !problem.empty()) {
        std::cerr << "mkcv init: error: " << problem << "; " << kWorkflowPath << " not written\n";
        status = kExitInvalid;
    } else {
        writes.push_back({kWorkflowPath, starter_workflow(kGithubRepository),
                          std::string("wrote ") + kWorkflowPath + ": builds the CV on each push"});
    }

    std::string gitignore_error;
    if (std::optional<std::string> text = gitignore_with_cache(gitignore_error)) {
        writes.push_back({kGitignorePath, *text,
                          std::string("added ") + kIgnoredCache + " to " + kGitignorePath});
    } else if (!gitignore_error.empty()) {
        std::cerr << "mkcv init: error: " << gitignore_error << '\n';
        status = kExitInvalid;
    } else {
        said.push_back(std::string(kGitignorePath) + " already ignores " + kIgnoredCache);
    }

    for (const PlannedWrite& write : writes) {
        std::error_code ec;
        if (write.path.has_parent_path())
            fs::create_directories(write.path.parent_path(), ec);
        if (Result<> written = write_file_atomically(write.path, write.text); !written) {
            std::cerr << "mkcv init: error: " << written.error().message << '\n';
            status = kExitBuildFailed;
            continue;
        }
        said.push_back(write.said);
    }
    for (const std::string& line : said)
        std::cerr << line << '\n';
    if (status != kExitOk)
        return status;
    std::cerr << "next:\n"
              << "  mkcv            # builds out/cv-long.pdf and out/cv-short.pdf\n"
              << "  git add cv.toml .gitignore .github/workflows/cv.yml && git commit -m \"CV\"\n";
    return kExitOk;
}

}  // namespace

void add_init_command(CLI::App& app, CliState& state) {
    auto* command = app.add_subcommand(
        "init", "Set up this folder: cv.toml, a GitHub workflow that builds it, .gitignore");
    command
        ->add_option("name", state.new_name, "Your name in a new cv.toml (default: \"Your Name\")")
        ->capture_default_str();
    command->footer(std::string("Never replaces a file. The workflow uses the GitHub Action ") +
                    kGithubRepository + "@v1 (docs/ci.md).");
    command->callback([&state] { state.run = [&state] { return run_init(state); }; });
}

}  // namespace mkcv
