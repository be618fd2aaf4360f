#include "cli/cli.h"

#include <iostream>
#include <thread>

#include <unistd.h>

#include <CLI/CLI.hpp>

#include "bib/export.h"
#include "build/pipeline.h"
#include "build/watch.h"
#include "context/context_builder.h"
#include "cv/json_schema.h"
#include "render/template_scaffold.h"
#include "render/template_variant.h"
#include "util/file_io.h"
#include "util/version.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

struct CommonOptions {
    std::string cv_path = "cv.toml";
    std::vector<std::string> templates;
    std::vector<std::string> template_dirs;
    std::string diagnostics = "text";
    bool builtin_only = false;  // --builtin-templates-only, or the environment variable
};

PrintOptions print_options(const CommonOptions& common) {
    PrintOptions options;
    if (common.diagnostics == "json")
        options.format = DiagnosticFormat::Json;
    else if (common.diagnostics == "github")
        options.format = DiagnosticFormat::Github;
    const char* no_color = std::getenv("NO_COLOR");
    options.color = options.format == DiagnosticFormat::Text && isatty(STDERR_FILENO) &&
                    !(no_color && *no_color);
    return options;
}

// Prints what was found; JSON and GitHub formats go to standard output, for tools.
void report(const Diagnostics& diagnostics, const SourceTexts& sources,
            const CommonOptions& common) {
    if (diagnostics.empty())
        return;
    Diagnostics sorted = diagnostics;
    sorted.sort();
    // Templates (and their partials) are shown with their lines too.
    SourceTexts texts = sources;
    for (const auto& d : sorted.items())
        if (d.pos.known() && !texts.count(d.file))
            read_file(d.file, texts[d.file]);
    const PrintOptions options = print_options(common);
    std::ostream& out = options.format == DiagnosticFormat::Text ? std::cerr : std::cout;
    print_diagnostics(out, sorted, texts, options);
}

TemplateSearchPath search_path(const CommonOptions& common) {
    std::vector<fs::path> dirs(common.template_dirs.begin(), common.template_dirs.end());
    return TemplateSearchPath::standard(dirs, common.cv_path,
                                        common.builtin_only || builtin_only_from_environment());
}

// Said whenever a template hides a built-in one of its name: in the CI of a pull request,
// a templates/ folder beside cv.toml is code the contributor wrote.
void tell_hidden_builtin(const Template& tmpl, std::ostream& out) {
    if (hidden_builtin(tmpl).empty())
        return;
    out << "notice: template \"" << tmpl.dir.filename().string() << "\" is " << tmpl.dir.string()
        << " (" << tmpl.origin
        << "), not the built-in one; --builtin-templates-only uses the built-in\n";
}

// Loads, validates and renders; reports problems. Empty on any error. `files_read`, when
// given, receives every file the CV was read from (cv.toml and its .bib files). `date_cache`:
// see render_all.
std::optional<std::vector<RenderedTemplate>> prepare(const CommonOptions& common,
                                                     const std::vector<std::string>& defaults,
                                                     std::vector<fs::path>* files_read = nullptr,
                                                     const fs::path& date_cache = {}) {
    Diagnostics diagnostics;
    LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
    if (files_read)
        for (const auto& [file, text] : loaded.sources)
            files_read->push_back(file);
    std::optional<std::vector<RenderedTemplate>> rendered;
    if (loaded.cv)
        rendered = render_all(*loaded.cv, common.templates.empty() ? defaults : common.templates,
                              search_path(common), diagnostics, date_cache);
    report(diagnostics, loaded.sources, common);
    return rendered;
}

// Writes a command's result to standard output, or atomically to `out_file`.
int write_output(const std::string& out_file, const std::string& text) {
    if (out_file.empty()) {
        std::cout << text;
    } else if (auto error = write_file_atomically(out_file, text); !error.empty()) {
        std::cerr << "mkcv: error: " << error << '\n';
        return kExitBuildFailed;
    }
    return kExitOk;
}

void add_common(CLI::App& command, CommonOptions& common, bool with_templates) {
    command.add_option("cv", common.cv_path, "The CV to read")->capture_default_str();
    if (with_templates) {
        command.add_option("-t,--template", common.templates,
                           "Template name or folder (a path contains a slash); repeatable");
        command.add_option("--template-dir", common.template_dirs,
                           "Look for templates in this folder first; repeatable");
        command.add_flag("--builtin-templates-only", common.builtin_only,
                         "Use only the built-in templates, none from cv.toml's folder, the user's "
                         "folder or a path (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    }
    command.add_option("--diagnostics", common.diagnostics, "How problems are printed")
        ->check(CLI::IsMember({"text", "json", "github"}))
        ->capture_default_str();
}

}  // namespace

int run_cli(int argc, char** argv) {
    CLI::App app{
        "mkcv turns a CV kept as data (cv.toml) into typeset PDFs through LaTeX templates.\n"
        "Run without a command, it builds: mkcv is mkcv build.",
        "mkcv"};
    app.set_version_flag("--version", std::string("mkcv ") + kVersion);
    app.require_subcommand(0, 1);
    app.footer(
        "Exit status: 0 success, 1 TeX failed or a tool is missing, 2 invalid input or usage,\n"
        "3 (check) a PDF is stale or missing.");

    CommonOptions common;
    BuildOptions build_options;
    build_options.jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::string out_file;

    auto* build =
        app.add_subcommand("build", "Render and compile each template to <out>/<stem>-<name>.pdf");
    add_common(*build, common, true);
    build->add_option("-o,--out", build_options.out_dir, "Output folder")->capture_default_str();
    build->add_option("-j,--jobs", build_options.jobs, "Templates compiled at once")
        ->check(CLI::Range(1, 64));
    build->add_flag("-q,--quiet", build_options.quiet, "Print only problems");
    build->add_flag("-v,--verbose", build_options.verbose, "Show latexmk's output");
    build->add_flag("--strict-pages", build_options.strict_pages,
                    "Fail when a PDF exceeds its template's max_pages instead of dropping entries");
    build->add_flag("-f,--force", build_options.force,
                    "Compile every PDF from scratch, even when up to date");
    const auto add_no_wait = [&](CLI::App& command) {
        command.add_flag_function(
            "--no-wait", [&](std::int64_t) { build_options.wait_for_lock = false; },
            "When another mkcv build writes into the output folder, fail (exit 1) instead of "
            "waiting for it");
    };
    add_no_wait(*build);

    auto* check = app.add_subcommand(
        "check", "Exit 0 when every PDF is up to date with its inputs, 3 when not (runs no TeX)");
    add_common(*check, common, true);
    check->add_option("-o,--out", build_options.out_dir, "Output folder")->capture_default_str();
    check->add_flag("-q,--quiet", build_options.quiet, "Print only what is stale");

    auto* watch = app.add_subcommand(
        "watch", "Build, then build again whenever cv.toml or a template file changes");
    add_common(*watch, common, true);
    watch->add_option("-o,--out", build_options.out_dir, "Output folder")->capture_default_str();
    watch->add_option("-j,--jobs", build_options.jobs, "Templates compiled at once")
        ->check(CLI::Range(1, 64));
    watch->add_flag("-q,--quiet", build_options.quiet, "Print only problems");
    watch->add_flag("-v,--verbose", build_options.verbose, "Show latexmk's output");
    add_no_wait(*watch);

    auto* render = app.add_subcommand("render", "Write the LaTeX source only (no TeX needed)");
    add_common(*render, common, true);
    render->add_option("-o,--out", out_file, "Write to this file instead of standard output");

    auto* validate =
        app.add_subcommand("validate", "Check the CV and print every problem; change nothing");
    add_common(*validate, common, false);

    auto* context = app.add_subcommand("context", "Print, as JSON, the data a template sees");
    add_common(*context, common, true);

    auto* templates =
        app.add_subcommand("templates", "List the templates mkcv can find, and where");
    templates->add_option("--template-dir", common.template_dirs,
                          "Look for templates in this folder first");
    templates->add_option("cv", common.cv_path, "The CV whose folder may hold templates/")
        ->capture_default_str();
    templates->add_flag("--builtin-templates-only", common.builtin_only,
                        "List only the built-in templates (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");

    auto* template_command = app.add_subcommand("template", "Make your own template");
    template_command->require_subcommand(1);
    ScaffoldRequest scaffold;
    std::string scaffold_dir;
    auto* template_new = template_command->add_subcommand(
        "new", "Copy a template into your template folder (or --template-dir), ready to edit");
    template_new->add_option("name", scaffold.name, "Name of the new template")->required();
    template_new->add_option("--from", scaffold.from, "Template to copy")->capture_default_str();
    template_new->add_option("--template-dir", scaffold_dir,
                             "Create it here instead of ~/.local/share/mkcv/templates");

    app.add_subcommand("schema", "Print the JSON Schema of cv.toml (for editors)");

    auto* export_ = app.add_subcommand("export", "Write the publications in another format");
    std::string export_format;
    export_->add_option("format", export_format, "What to write: bib (one .bib of every paper)")
        ->required()
        ->check(CLI::IsMember({"bib"}));
    add_common(*export_, common, false);
    export_->add_option("-o,--out", out_file, "Write to this file instead of standard output");

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
        const int status = app.exit(error);
        return status == 0 ? kExitOk : kExitInvalid;
    }
    // `-o ""` would build into the current folder, among the user's own files.
    if (build_options.out_dir.empty()) {
        std::cerr << "mkcv: error: --out: the output folder must not be empty\n";
        return kExitInvalid;
    }

    if (app.got_subcommand("schema")) {
        std::cout << cv_json_schema();
        return kExitOk;
    }
    if (template_command->got_subcommand(template_new)) {
        Diagnostics diagnostics;
        scaffold.root = scaffold_dir;
        // --from is looked up as usual, --template-dir included.
        if (!scaffold_dir.empty())
            common.template_dirs.push_back(scaffold_dir);
        const fs::path made = new_template(scaffold, search_path(common), diagnostics);
        report(diagnostics, {}, common);
        if (made.empty())
            return kExitInvalid;
        std::cout << "created " << made.string() << " from \"" << scaffold.from
                  << "\"\n  edit its template.toml and .tex.mustache files"
                  << "\n  build with: mkcv build -t " << scaffold.name
                  << (scaffold_dir.empty() ? "" : " --template-dir " + scaffold_dir) << '\n';
        return kExitOk;
    }
    if (app.got_subcommand(templates)) {
        for (const auto& t : list_templates(search_path(common))) {
            std::cout << t.name << (t.shadowed ? " (hidden by the one above)" : "") << "\n    "
                      << t.description << "\n    " << t.origin << ": " << t.dir.string() << '\n';
        }
        return kExitOk;
    }
    if (app.got_subcommand(validate)) {
        Diagnostics diagnostics;
        LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
        // build and render warn about a [templates.typo] too (render_all); so does validate.
        if (loaded.cv)
            check_template_overrides(*loaded.cv, search_path(common), {}, diagnostics);
        report(diagnostics, loaded.sources, common);
        if (diagnostics.has_errors())
            return kExitInvalid;
        if (print_options(common).format == DiagnosticFormat::Text)
            std::cerr << common.cv_path << ": ok"
                      << (diagnostics.warning_count() ? " (with warnings)" : "") << '\n';
        return kExitOk;
    }
    if (app.got_subcommand(export_)) {
        Diagnostics diagnostics;
        LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
        report(diagnostics, loaded.sources, common);
        if (!loaded.cv)
            return kExitInvalid;
        return write_output(out_file, export_bibtex(*loaded.cv));
    }
    if (app.got_subcommand(context)) {
        Diagnostics diagnostics;
        LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
        std::optional<Template> tmpl;
        if (loaded.cv)
            tmpl = load_template(common.templates.empty() ? "long" : common.templates.front(),
                                 search_path(common), diagnostics);
        report(diagnostics, loaded.sources, common);
        if (!loaded.cv || !tmpl)
            return kExitInvalid;
        tell_hidden_builtin(*tmpl, std::cerr);
        // The very data render and build give the template: after its filters.
        const TemplateInput input = template_input(*loaded.cv, *tmpl, updated_date(*loaded.cv));
        std::cout << to_json(template_context(input.filtered.cv, input)).dump(2) << '\n';
        return kExitOk;
    }
    if (app.got_subcommand(render)) {
        if (common.templates.size() > 1) {
            std::cerr << "mkcv render: give one template (-t NAME)\n";
            return kExitInvalid;
        }
        auto rendered = prepare(common, {"long"});
        if (!rendered)
            return kExitInvalid;
        tell_hidden_builtin(rendered->front().tmpl, std::cerr);
        return write_output(out_file, rendered->front().tex);
    }

    // `mkcv` alone, `mkcv build`, `mkcv check` and `mkcv watch`.
    const fs::path cv_path(common.cv_path);
    // `inputs`, when given, receives the files the outputs are made from: the CV's files
    // (cv.toml, .bib) and the templates'.
    const auto build_once = [&](std::vector<fs::path>* inputs) -> int {
        auto rendered =
            prepare(common, {"long", "short"}, inputs,
                    build_options.out_dir / ".mkcv" / (cv_path.stem().string() + ".source-date"));
        if (!rendered)
            return kExitInvalid;
        for (const auto& r : *rendered)
            if (inputs) {
                inputs->push_back(r.tmpl.dir / "template.toml");
                inputs->push_back(r.tmpl.main.path);
                for (const auto& [name, partial] : r.tmpl.partials)
                    inputs->push_back(partial.path);
            }
        if (!build_options.quiet)
            for (const auto& r : *rendered)
                tell_hidden_builtin(r.tmpl, std::cerr);
        if (app.got_subcommand(check))
            return check_all(*rendered, cv_path.stem().string(), build_options, std::cerr);
        if (!build_options.quiet)
            build_options.progress = progress_style_for(STDERR_FILENO);
        if (!build_options.quiet)
            for (const auto& r : *rendered)
                std::cerr << r.tmpl.manifest.name << ": rendered in "
                          << static_cast<int>(r.render_ms * 10 + 0.5) / 10.0 << " ms\n";
        return build_all(*rendered, cv_path.stem().string(), build_options, std::cerr);
    };
    if (app.got_subcommand(watch))
        return watch_and_rebuild(
            [&] {
                // cv.toml is watched even when it cannot be read, so fixing it rebuilds.
                std::vector<fs::path> files{cv_path};
                build_once(&files);
                return files;
            },
            {}, std::cerr);
    return build_once(nullptr);
}

}  // namespace mkcv
