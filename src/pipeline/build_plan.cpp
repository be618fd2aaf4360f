#include "pipeline/build_plan.h"

#include <algorithm>
#include <set>

#include "pipeline/load_step.h"
#include "pipeline/output_inputs.h"
#include "pipeline/render_step.h"
#include "render/locale_files.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

void add_once(std::vector<fs::path>& files, const fs::path& file) {
    if (std::find(files.begin(), files.end(), file) == files.end())
        files.push_back(file);
}

// Two outputs may not share a name: a template named "long.zh" would write long's in zh.
bool names_apart(const std::vector<RenderedTemplate>& outputs, const std::string& stem,
                 Diagnostics& diagnostics) {
    std::set<std::string> bases;
    for (const auto& r : outputs)
        if (!bases.insert(output_base(r, stem)).second) {
            diagnostics.error(r.tmpl.main.path.string(), {}, "template",
                              "two outputs would be named " + output_base(r, stem),
                              "rename the template, or build that language apart");
            return false;
        }
    return true;
}

}  // namespace

std::vector<fs::path> made_from(const Cv& cv, const std::vector<fs::path>& cv_files,
                                const Template& tmpl, const TemplateSearchPath& search) {
    std::vector<fs::path> files = cv_files;
    add_once(files, tmpl.dir / "template.toml");
    // The locale's words come from files too (templates/locales/zh.toml beside cv.toml).
    for (const fs::path& file : locale_files(cv.locale.language, search))
        add_once(files, file);
    const fs::path folder = fs::path(cv.source_name).parent_path();
    if (const Photo& photo = cv.person.photo; !photo.bytes.empty())
        add_once(files, folder / photo.path.value);
    for (const Publication& p : cv.publications)
        if (!p.thumbnail.bytes.empty())
            add_once(files, folder / p.thumbnail.path.value);
    return files;
}

std::optional<std::vector<RenderedTemplate>> render_in_language(
    const Cv& cv, const std::vector<fs::path>& cv_files, const std::vector<std::string>& templates,
    const TemplateSearchPath& search, Diagnostics& diagnostics, const fs::path& date_cache,
    const std::string& language) {
    auto rendered = render_all(cv, templates, search, diagnostics, date_cache, language);
    if (rendered)
        for (RenderedTemplate& r : *rendered)
            r.made_from = made_from(r.input.filtered.cv, cv_files, r.tmpl, search);
    return rendered;
}

BuildPlan plan_build(const PlanRequest& request) {
    BuildPlan plan;
    DiagnosticsOnce once(plan.diagnostics);
    LoadedLanguages loaded = load_languages(request.cv_path, request.languages, once);
    plan.cv_files = std::move(loaded.cv_files);
    plan.sources = std::move(loaded.sources);
    if (loaded.cvs.empty())
        return plan;
    std::vector<RenderedTemplate> outputs;
    for (const LoadedLanguage& these : loaded.cvs) {
        Diagnostics found;
        auto rendered =
            render_in_language(these.cv, these.cv_files, request.templates, request.search, found,
                               request.date_cache, these.language);
        once.add_new(found);
        if (!rendered)
            return plan;
        for (auto& r : *rendered)
            outputs.push_back(std::move(r));
    }
    if (names_apart(outputs, request.cv_path.stem().string(), plan.diagnostics))
        plan.outputs = std::move(outputs);
    return plan;
}

std::vector<fs::path> input_files(const RenderedTemplate& r) {
    // The files do not depend on how TeX runs: no job is needed to list them.
    return files_of(inputs_of(r, {}, nullptr));
}

std::vector<fs::path> watched_files(const BuildPlan& plan, const fs::path& cv_path) {
    std::vector<fs::path> files{cv_path};
    for (const fs::path& file : plan.cv_files)
        add_once(files, file);
    if (plan.outputs)
        for (const RenderedTemplate& r : *plan.outputs)
            for (const fs::path& file : input_files(r))
                add_once(files, file);
    return files;
}

}  // namespace mkcv
