// `mkcv init [NAME] [--pages] [--lang en,zh] [--sync] [--gitlab]`: sets up the current folder
// (any folder or repository) to build a CV in CI: a starter cv.toml (cli/starter_cv.h) unless
// one is there, the CI files of cli/starter_workflow.h (the GitHub workflow always; with
// --pages it publishes the site too, --sync adds the weekly sync, --gitlab a .gitlab-ci.yml),
// and `out/.mkcv` in .gitignore (mkcv's cache of TeX's build
// folders and preambles, several MB; without the slash, so that a file or a link committed
// in its place is ignored too). It never replaces a file: an existing cv.toml is used
// and an existing workflow is left as it is, each said; .gitignore gets the one line appended
// when it lacks it. Every write is atomic, and every file's text is made and checked before
// the first write. No link is followed: a symbolic link at .gitignore, .github or
// .github/workflows is refused (exit 2), one at the workflow is left as it is; cv.toml is the
// user's, read where it points, and never written when it exists. The "next:" line names
// every file a fresh clone needs: those init manages and every file cv.toml reads (its .bib
// files, the photo, each paper's thumbnail and BibTeX file, templates/), as the loader finds
// them, so that `git add` of exactly that line gives CI a CV that builds.
#include <algorithm>
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
#include "cv/locale.h"
#include "cv/photo.h"
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
constexpr const char* kSyncWorkflowPath = ".github/workflows/sync.yml";
constexpr const char* kGitlabPath = ".gitlab-ci.yml";
constexpr const char* kTemplatesFolder = "templates";
constexpr const char* kGitignorePath = ".gitignore";
constexpr const char* kIgnoredCache = "out/.mkcv";

// What the flags ask to set up besides the CV's build.
struct InitFlags {
    bool pages = false;
    bool sync = false;
    bool gitlab = false;
    std::string languages;  // --lang, comma-separated
};

InitFlags& init_flags() {
    static InitFlags flags;
    return flags;
}

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

// --lang's tags, each a language tag a workflow may hold as it is; empty when one is not.
std::optional<std::vector<std::string>> parse_languages(const std::string& list) {
    std::vector<std::string> tags;
    std::istringstream parts(list);
    for (std::string tag; std::getline(parts, tag, ',');) {
        if (tag.empty())
            continue;
        if (!is_workflow_safe_language(tag) || !is_language_tag(tag))
            return std::nullopt;
        if (std::find(tags.begin(), tags.end(), tag) == tags.end())
            tags.push_back(tag);
    }
    return tags;
}

// The files a loaded cv.toml reads besides itself, as written there (relative to its folder,
// which is the current one), in the order met, each once: what a fresh clone must hold.
std::vector<std::string> files_cv_reads(const Cv& cv) {
    std::vector<std::string> files;
    const auto add = [&files](const std::string& path) {
        if (!path.empty() && std::find(files.begin(), files.end(), path) == files.end())
            files.push_back(path);
    };
    for (const Text& bib : cv.bibliography)
        add(bib.value);
    add(cv.person.photo.path.value);
    for (const Publication& paper : cv.publications) {
        add(paper.thumbnail.path.value);
        for (const Link& link : paper.links)
            if (is_local_bibtex(link))
                add(link.url.value);
    }
    // Templates of the user's own beside cv.toml replace or add to the built-in ones.
    std::error_code ec;
    if (fs::is_directory(fs::symlink_status(kTemplatesFolder, ec)))
        add(kTemplatesFolder);
    return files;
}

int run_init(const CliState& state) {
    const InitFlags& flags = init_flags();
    const std::optional<std::vector<std::string>> languages = parse_languages(flags.languages);
    if (!languages) {
        std::cerr << "mkcv init: error: --lang takes language tags separated by commas (en,zh): "
                     "letters, digits and hyphens\n";
        return kExitInvalid;
    }
    const CiChoice choice{kGithubRepository, kVersion, *languages, flags.pages};
    std::vector<std::string> cv_reads;

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
        if (loaded.cv)
            cv_reads = files_cv_reads(*loaded.cv);
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

    // The CI files: each written unless it exists (then left as it is and said).
    struct CiFile {
        const char* path;
        bool wanted;
        std::string (*make)(const CiChoice&);
        const char* does;
    };
    const CiFile ci_files[] = {
        {kWorkflowPath, true, starter_workflow,
         flags.pages ? "builds the CV and the site on each push, publishes them on GitHub Pages"
                     : "builds the CV on each push"},
        {kSyncWorkflowPath, flags.sync, sync_workflow,
         "a pull request each week when mkcv sync finds new papers"},
        {kGitlabPath, flags.gitlab, gitlab_ci, "builds the CV in GitLab CI"},
    };
    std::vector<std::string> ci_paths;
    for (const CiFile& file : ci_files) {
        if (!file.wanted)
            continue;
        ci_paths.push_back(file.path);
        const bool in_workflows = std::string_view(file.path).starts_with(".github/");
        if (exists(file.path)) {
            said.push_back(std::string("left ") + file.path +
                           " as it is (it exists); the mkcv action's inputs are in docs/ci.md");
        } else if (std::string problem = in_workflows ? workflow_folder_problem() : "";
                   !problem.empty()) {
            std::cerr << "mkcv init: error: " << problem << "; " << file.path << " not written\n";
            status = kExitInvalid;
        } else {
            writes.push_back({file.path, file.make(choice),
                              std::string("wrote ") + file.path + ": " + file.does});
        }
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
    // Everything a fresh clone needs, on one line to copy; a name a shell line should not
    // hold (a quote, a `$`, a line end) is left out and counted, never printed.
    std::string add = std::string(kCvPath) + " " + kGitignorePath;
    for (const std::string& path : ci_paths)
        add += " " + path;
    int left_out = 0;
    for (const std::string& path : cv_reads) {
        if (is_workflow_safe_path(path) && path.find(' ') == std::string::npos)
            add += " " + path;
        else
            ++left_out;
    }
    std::cerr << "next:\n"
              << "  mkcv            # builds out/cv-long.pdf and out/cv-short.pdf\n"
              << "  git add " << add << " && git commit -m \"CV\"\n";
    if (left_out > 0)
        std::cerr << "  (and " << left_out
                  << " file(s) cv.toml reads whose names hold spaces, quotes, `$` or line ends: "
                     "git add them yourself)\n";
    return kExitOk;
}

}  // namespace

void add_init_command(CLI::App& app, CliState& state) {
    auto* command = app.add_subcommand(
        "init", "Set up this folder: cv.toml, the CI that builds and publishes it, .gitignore");
    InitFlags& flags = init_flags();
    command->add_flag("--pages", flags.pages,
                      "Also build the site and publish it, with the PDFs, on GitHub Pages");
    command->add_option("--lang", flags.languages,
                        "Languages to build in CI (BCP 47 tags separated by commas: en,zh)");
    command->add_flag("--sync", flags.sync,
                      "Also .github/workflows/sync.yml: mkcv sync weekly, as a pull request");
    command->add_flag("--gitlab", flags.gitlab, "Also .gitlab-ci.yml, for GitLab CI");
    command
        ->add_option("name", state.new_name, "Your name in a new cv.toml (default: \"Your Name\")")
        ->capture_default_str();
    command->footer(std::string("Never replaces a file. The workflows use the GitHub Action ") +
                    kGithubRepository + "@v" + kVersion + " (docs/ci.md).");
    command->callback([&state] { state.run = [&state] { return run_init(state); }; });
}

}  // namespace mkcv
