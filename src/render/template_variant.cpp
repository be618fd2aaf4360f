#include "render/template_variant.h"

#include <algorithm>

#include "util/text_similarity.h"
#include "util/version.h"

namespace mkcv {

TemplateInput template_input(const Cv& cv, const Template& tmpl,
                             std::optional<PartialDate> updated) {
    TemplateInput input;
    input.rules = tmpl.manifest.rules;
    if (const auto it = cv.templates.find(tmpl.manifest.name); it != cv.templates.end())
        input.rules = merge_rules(input.rules, it->second);
    input.filtered = apply_rules(cv, input.rules);
    input.options.template_name = tmpl.manifest.name;
    input.options.generator = std::string("mkcv ") + kVersion;
    input.options.updated = updated;
    input.options.publication_order = tmpl.manifest.publication_kinds;
    input.options.publication_headings = tmpl.manifest.publication_headings;
    input.options.format = tmpl.manifest.format;
    // A page budget counts PDF pages: [templates.NAME] max_pages means nothing to the others.
    input.max_pages =
        tmpl.manifest.format == TextFormat::Latex ? input.rules.max_pages.value_or(0) : 0;
    return input;
}

void check_template_overrides(const Cv& cv, const TemplateSearchPath& search,
                              const std::vector<std::string>& also, Diagnostics& diagnostics) {
    if (cv.templates.empty())
        return;
    std::vector<std::string> known = also;
    for (const auto& listing : list_templates(search))
        known.push_back(listing.name);
    for (const auto& [name, rules] : cv.templates) {
        if (std::find(known.begin(), known.end(), name) != known.end())
            continue;
        const std::string guess = closest_match(name, known);
        diagnostics.warning(cv.source_name, rules.pos, "template",
                            "[templates." + name + "] names no template mkcv can find",
                            guess.empty() ? "mkcv templates lists them"
                                          : "did you mean [templates." + guess + "]?");
    }
}

std::string output_base(const std::string& stem, const std::string& name,
                        const std::string& language) {
    return stem + "-" + name + (language.empty() ? "" : "." + language);
}

std::vector<OutputDocument> output_documents(const std::vector<const Template*>& all,
                                             const std::string& stem, const std::string& self,
                                             const std::string& language) {
    std::vector<OutputDocument> out;
    for (const Template* t : all) {
        const std::string& name = t->manifest.name;
        if (name == self || std::any_of(out.begin(), out.end(),
                                        [&](const OutputDocument& d) { return d.name == name; }))
            continue;
        const std::string extension = output_extension(t->manifest.format);
        const std::string kind =
            t->manifest.format == TextFormat::Markdown ? "markdown" : extension.substr(1);
        out.push_back({name, output_base(stem, name, language) + extension, kind});
    }
    return out;
}

ContextTree template_context(const Cv& filtered_cv, const TemplateInput& input) {
    ContextOptions options = input.options;
    options.sections = section_headings(filtered_cv, input.filtered.award_papers, input.rules);
    options.award_papers = &input.filtered.award_papers;
    return build_context(filtered_cv, options);
}

}  // namespace mkcv
