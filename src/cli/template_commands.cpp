// The commands about templates themselves: templates (where each is found) and template new.
#include <iostream>

#include "cli/commands.h"
#include "cli/exit_code.h"
#include "pipeline/applications.h"
#include "render/template_scaffold.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// The CV templates, then apart those `mkcv apply` renders (a letter is no CV to build).
int run_templates(const CommonOptions& common) {
    const std::vector<TemplateListing> listings = list_templates(search_path(common));
    for (const bool of_apply : {false, true}) {
        if (of_apply)
            std::cout << "\nTemplates of mkcv apply (an application's letter, statements and "
                         "packet; not CVs):\n";
        for (const auto& t : listings)
            if (is_application_template(t.name) == of_apply)
                std::cout << t.name << (t.shadowed ? " (hidden by the one above)" : "") << "\n    "
                          << t.description << "\n    " << t.origin << ": " << t.dir.string()
                          << '\n';
    }
    return kExitOk;
}

// The options a template declares, and how to set them.
int run_template_options(const CliState& state) {
    Diagnostics diagnostics;
    const auto tmpl = load_template(state.options_of, search_path(state.common), diagnostics);
    report(diagnostics, {}, state.common);
    if (!tmpl)
        return kExitInvalid;
    const auto& options = tmpl->manifest.options;
    std::cout << tmpl->manifest.name << ": "
              << (options.empty() ? "no options\n"
                                  : std::to_string(options.size()) +
                                        " options; set them in cv.toml under [templates." +
                                        tmpl->manifest.name + "] (or [design] for all)\n")
              << describe_options(options);
    return kExitOk;
}

int run_template_new(CliState& state) {
    Diagnostics diagnostics;
    ScaffoldRequest& scaffold = state.scaffold;
    scaffold.root = state.scaffold_dir;
    // --from is looked up as usual, --template-dir included.
    if (!state.scaffold_dir.empty())
        state.common.template_dirs.push_back(state.scaffold_dir);
    const fs::path made = new_template(scaffold, search_path(state.common), diagnostics);
    report(diagnostics, {}, state.common);
    if (made.empty())
        return kExitInvalid;
    std::cout << "created " << made.string() << " from \"" << scaffold.from
              << "\"\n  edit its template.toml and .mustache files"
              << "\n  build with: mkcv build -t " << scaffold.name
              << (state.scaffold_dir.empty() ? "" : " --template-dir " + state.scaffold_dir)
              << '\n';
    return kExitOk;
}

}  // namespace

void add_templates_command(CLI::App& app, CliState& state) {
    auto* templates =
        app.add_subcommand("templates", "List the templates mkcv can find, and where");
    templates->add_option("--template-dir", state.common.template_dirs,
                          "Look for templates in this folder first");
    templates->add_option("cv", state.common.cv_path, "The CV whose folder may hold templates/")
        ->capture_default_str();
    templates->add_flag("--builtin-templates-only", state.common.builtin_only,
                        "List only the built-in templates (also: MKCV_BUILTIN_TEMPLATES_ONLY=1)");
    templates->add_option("--options", state.options_of,
                          "List the options of this template: type, default, allowed values");
    templates->callback([&state] {
        state.run = [&state] {
            return state.options_of.empty() ? run_templates(state.common)
                                            : run_template_options(state);
        };
    });
}

void add_template_command(CLI::App& app, CliState& state) {
    auto* template_command = app.add_subcommand("template", "Make your own template");
    template_command->require_subcommand(1);
    auto* template_new = template_command->add_subcommand(
        "new", "Copy a template into your template folder (or --template-dir), ready to edit");
    template_new->add_option("name", state.scaffold.name, "Name of the new template")->required();
    template_new->add_option("--from", state.scaffold.from, "Template to copy")
        ->capture_default_str();
    template_new->add_option("--template-dir", state.scaffold_dir,
                             "Create it here instead of ~/.local/share/mkcv/templates");
    template_new->callback([&state] { state.run = [&state] { return run_template_new(state); }; });
}

}  // namespace mkcv
