// What the commands share: the options most of them take (the CV, templates, the
// diagnostics format), printing diagnostics in that format, and the build plan they name.
#pragma once

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "pipeline/build_plan.h"
#include "pipeline/compile_step.h"
#include "render/rendered_template.h"
#include "render/template_scaffold.h"
#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

struct CommonOptions {
    std::string cv_path = "cv.toml";
    std::vector<std::string> templates;
    std::vector<std::string> template_dirs;
    std::string diagnostics = "text";
    bool builtin_only = false;    // --builtin-templates-only, or the environment variable
    std::string language;         // --lang: over cv.toml's [locale] language; "en,zh": each
    bool list_fallbacks = false;  // --verbose: every language fallback, not a summary
};

// More language fallbacks than this in one language are one summary line (without --verbose).
inline constexpr std::size_t kListedFallbacks = 5;

// The languages --lang names ("en,zh" is two), each checked for form and each once; {""}
// (the CV's default language) without --lang; empty after reporting a bad one.
std::vector<std::string> requested_languages(const CommonOptions& common, Diagnostics& diagnostics);

// Everything the command line parses into, shared by the commands' options. Parsing a
// command sets `run`, which runs it and returns the exit status.
struct CliState {
    CommonOptions common;
    BuildOptions build;
    std::string out_file;                // render and export: -o
    std::string export_format;           // export: what to write ("bib")
    std::string import_file;             // import: the file to read
    std::string import_from;             // import: --from, empty to detect
    bool force = false;                  // import, new, export: --force, replace an existing file
    std::string new_name = "Your Name";  // new: the person's name
    ScaffoldRequest scaffold;
    std::string scaffold_dir;
    std::string options_of;    // templates: --options NAME, the template whose options to list
    std::string report_file;   // build and check: --report FILE, what became of each output
    bool report_pdfs = false;  // report: --pdfs, only the PDFs
    bool warm = false;         // doctor: --warm, make the templates' precompiled preambles
    std::function<int()> run;
};

PrintOptions print_options(const CommonOptions& common);

// Prints what was found; JSON and GitHub formats go to standard output, for tools.
void report(const Diagnostics& diagnostics, const SourceTexts& sources,
            const CommonOptions& common);

// Prints a build's diagnostics in the JSON and GitHub formats only: in text, the build's
// own report on standard error already said each of them, as it happened.
void report_for_tools(const Diagnostics& diagnostics, const CommonOptions& common);

TemplateSearchPath search_path(const CommonOptions& common);

// Said whenever a template hides a built-in one of its name: in the CI of a pull request,
// a templates/ folder beside cv.toml is code the contributor wrote.
void tell_hidden_builtin(const Template& tmpl, std::ostream& out);

// The build plan (pipeline/build_plan.h) of the CV, templates (`defaults` without -t) and
// languages (--lang) the options name; its diagnostics are printed, and are what was
// printed (fallbacks summarized without --verbose). `date_cache`: see render_all.
BuildPlan prepare(const CommonOptions& common, const std::vector<std::string>& defaults,
                  const std::filesystem::path& date_cache = {});

// Writes a command's result to standard output, or atomically to `out_file`; the status.
int write_output(const std::string& out_file, const std::string& text, const CommonOptions& common);

// The CV argument and --diagnostics; with `with_templates`, -t, --template-dir and
// --builtin-templates-only too.
void add_common(CLI::App& command, CommonOptions& common, bool with_templates);

}  // namespace mkcv
