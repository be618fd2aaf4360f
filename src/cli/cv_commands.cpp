// The commands that read the CV and print something, changing nothing: render, validate,
// context, schema, export.
#include <cerrno>
#include <iostream>

#include <sys/stat.h>

#include "bib/export.h"
#include "cli/commands.h"
#include "cli/exit_code.h"
#include "context/context_builder.h"
#include "cv/json_schema.h"
#include "cv/language_tables.h"
#include "pipeline/load_step.h"
#include "pipeline/render_step.h"
#include "render/locale_files.h"
#include "render/template_input.h"

namespace mkcv {
namespace {

int run_render(const CliState& state) {
    const CommonOptions& common = state.common;
    if (common.templates.size() > 1) {
        std::cerr << "mkcv render: give one template (-t NAME)\n";
        return kExitInvalid;
    }
    if (common.language.find(',') != std::string::npos) {
        std::cerr << "mkcv render: give one language (--lang TAG); mkcv build makes several\n";
        return kExitInvalid;
    }
    const BuildPlan plan = prepare(common, {"long"});
    if (!plan.outputs)
        return kExitInvalid;
    tell_hidden_builtin(plan.outputs->front().tmpl, std::cerr);
    return write_output(state.out_file, plan.outputs->front().tex, common);
}

int run_validate(const CommonOptions& common) {
    Diagnostics diagnostics;
    LoadedCv loaded = load_and_validate(common.cv_path, diagnostics);
    // What `mkcv build` would say before TeX, too: the templates it builds by default and
    // every one cv.toml sets something for are rendered (a millisecond each) and dropped,
    // so [design] and [templates.NAME] options, their fonts and the rules are checked;
    // a [templates.typo] is a warning, as in build.
    if (loaded.cv && !diagnostics.has_errors()) {
        const TemplateSearchPath search = search_path(common);
        std::vector<std::string> templates{"long", "short"};
        for (const auto& listing : list_templates(search))
            if (loaded.cv->templates.count(listing.name) ||
                loaded.cv->template_options.count(listing.name))
                templates.push_back(listing.name);
        render_all(*loaded.cv, unique_in_order(templates), search, diagnostics);
    } else if (loaded.cv) {
        check_template_overrides(*loaded.cv, search_path(common), {}, diagnostics);
    }
    report(diagnostics, loaded.sources, common);
    if (diagnostics.has_errors())
        return kExitInvalid;
    if (print_options(common).format == DiagnosticFormat::Text)
        std::cerr << common.cv_path << ": ok"
                  << (diagnostics.warning_count() ? " (with warnings)" : "") << '\n';
    return kExitOk;
}

int run_context(const CommonOptions& common) {
    Diagnostics diagnostics;
    const std::vector<std::string> languages = requested_languages(common, diagnostics);
    if (languages.size() > 1) {
        std::cerr << "mkcv context: give one language (--lang TAG)\n";
        return kExitInvalid;
    }
    LoadedCv loaded;
    if (!languages.empty())
        loaded = load_and_validate(common.cv_path, diagnostics, languages.front());
    // The first -t is printed; the others are what it is built beside (its `documents[]`).
    std::vector<Template> templates;
    if (loaded.cv)
        for (const auto& name :
             common.templates.empty() ? std::vector<std::string>{"long"} : common.templates)
            if (auto loaded_template = load_template(name, search_path(common), diagnostics))
                templates.push_back(std::move(*loaded_template));
    // The texts of the build's language (cv.locale.language, set by --lang or [locale]).
    if (loaded.cv)
        localize(*loaded.cv, search_path(common), diagnostics);
    report(common.list_fallbacks ? diagnostics : summarize_fallbacks(diagnostics, kListedFallbacks),
           loaded.sources, common);
    if (!loaded.cv || diagnostics.has_errors() || templates.empty())
        return kExitInvalid;
    const Template* tmpl = &templates.front();
    tell_hidden_builtin(*tmpl, std::cerr);
    std::vector<const Template*> all;
    for (const Template& t : templates)
        all.push_back(&t);
    // The very data render and build give the template: after its filters.
    Diagnostics option_problems;
    TemplateInput input =
        template_input(*loaded.cv, *tmpl, updated_date(*loaded.cv), option_problems);
    if (option_problems.items().size()) {
        report(option_problems, loaded.sources, common);
        if (option_problems.has_errors())
            return kExitInvalid;
    }
    const std::string& language = languages.front();
    input.options.documents = output_documents(
        all, std::filesystem::path(common.cv_path).stem().string(), tmpl->manifest.name,
        language.empty() || same_language(language, loaded.default_language) ? "" : language);
    std::cout << to_json(template_context(input.filtered.cv, input)).dump(2) << '\n';
    return kExitOk;
}

// Whether `-o FILE` may be written without --force: when nothing is there, or when the user
// named a device or a pipe by its absolute path (/dev/stdout, /dev/null), which is written
// to, never replaced. An existing file, or a link (to anything), needs --force: `-o cv.toml`
// must not replace the CV with BibTeX.
bool may_write_without_force(const std::string& out_file) {
    struct stat info {};
    if (::lstat(out_file.c_str(), &info) != 0)
        return errno == ENOENT;
    return !out_file.empty() && out_file.front() == '/' && ::stat(out_file.c_str(), &info) == 0 &&
           (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode));
}

int run_export(const CliState& state) {
    if (!state.out_file.empty() && !state.force && !may_write_without_force(state.out_file)) {
        std::cerr << "mkcv export: error: " << state.out_file
                  << " exists; add --force to replace it\n";
        return kExitInvalid;
    }
    Diagnostics diagnostics;
    LoadedCv loaded = load_and_validate(state.common.cv_path, diagnostics);
    report(diagnostics, loaded.sources, state.common);
    if (!loaded.cv)
        return kExitInvalid;
    const Result<std::string> bib = export_bibtex(*loaded.cv);
    if (!bib) {
        Diagnostics write_failure;
        write_failure.add(bib.error());
        report(write_failure, loaded.sources, state.common);
        return kExitInvalid;
    }
    return write_output(state.out_file, *bib, state.common);
}

}  // namespace

void add_render_command(CLI::App& app, CliState& state) {
    auto* render = app.add_subcommand("render", "Write the LaTeX source only (no TeX needed)");
    add_common(*render, state.common, true);
    render->add_option("-o,--out", state.out_file, "Write to this file instead of standard output");
    render->callback([&state] { state.run = [&state] { return run_render(state); }; });
}

void add_validate_command(CLI::App& app, CliState& state) {
    auto* validate =
        app.add_subcommand("validate", "Check the CV and print every problem; change nothing");
    add_common(*validate, state.common, false);
    validate->callback([&state] { state.run = [&state] { return run_validate(state.common); }; });
}

void add_context_command(CLI::App& app, CliState& state) {
    auto* context = app.add_subcommand("context", "Print, as JSON, the data a template sees");
    add_common(*context, state.common, true);
    context->callback([&state] { state.run = [&state] { return run_context(state.common); }; });
}

void add_schema_command(CLI::App& app, CliState& state) {
    auto* schema = app.add_subcommand("schema", "Print the JSON Schema of cv.toml (for editors)");
    schema->callback([&state] {
        state.run = [] {
            std::cout << cv_json_schema();
            return static_cast<int>(kExitOk);
        };
    });
}

void add_export_command(CLI::App& app, CliState& state) {
    auto* export_ = app.add_subcommand("export", "Write the publications in another format");
    // `bib` is the only format, checked by CLI11.
    export_
        ->add_option("format", state.export_format, "What to write: bib (one .bib of every paper)")
        ->required()
        ->check(CLI::IsMember({"bib"}));
    add_common(*export_, state.common, false);
    export_->add_option("-o,--out", state.out_file,
                        "Write to this file instead of standard output");
    export_->add_flag("--force", state.force, "Replace the output file if it exists");
    export_->callback([&state] { state.run = [&state] { return run_export(state); }; });
}

}  // namespace mkcv
