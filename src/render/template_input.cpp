#include "render/template_input.h"

#include <algorithm>
#include <charconv>

#include <algorithm>

#include "cv/schema.h"
#include "util/text_similarity.h"
#include "util/version.h"

namespace mkcv {

namespace {

DateStyle date_style_named(const std::string& name) {
    if (name == "long")
        return DateStyle::Long;
    if (name == "numeric")
        return DateStyle::Numeric;
    if (name == "iso")
        return DateStyle::Iso;
    return DateStyle::Short;
}

void add_options(ContextTree& tree, const ResolvedOptions& resolved) {
    const ContextTree::Id options = tree.add_object(ContextTree::root(), "options");
    for (const auto& decl : resolved.values) {
        const OptionValue* value = &decl.value;
        switch (decl.type) {
            case OptionType::Bool:
                tree.add_bool(options, decl.name, value->flag);
                break;
            case OptionType::Margins: {
                const ContextTree::Id sides = tree.add_object(options, decl.name);
                for (const auto& [side, length] : value->sides)
                    tree.add_string(sides, side, length);
                break;
            }
            case OptionType::Enum: {
                tree.add_string(options, decl.name, value->text);
                const ContextTree::Id is = tree.add_object(options, decl.name + "_is");
                for (const auto& allowed : decl.values)
                    tree.add_bool(is, allowed, allowed == value->text);
                break;
            }
            default:
                tree.add_text(options, decl.name, value->text);
                break;
        }
    }
}

}  // namespace

TemplateInput template_input(const Cv& cv, const Template& tmpl, std::optional<PartialDate> updated,
                             Diagnostics& diagnostics) {
    TemplateInput input;
    const auto own = cv.template_options.find(tmpl.manifest.name);
    input.design = resolve_options(tmpl.manifest.options, cv.design,
                                   own == cv.template_options.end() ? nullptr : &own->second,
                                   cv.source_name, diagnostics);
    if (const OptionValue* dates = input.design.find("date_format"))
        input.options.date_style = date_style_named(dates->text);
    if (const OptionValue* venues = input.design.find("venues"))
        input.options.venue_style = venue_style_named(venues->text);
    // How many news a homepage lists before it folds the rest.
    if (const OptionValue* shown = input.design.find("news_shown")) {
        std::size_t n = 0;
        const char* end = shown->text.data() + shown->text.size();
        if (std::from_chars(shown->text.data(), end, n).ptr == end)
            input.options.news_shown = std::min<std::size_t>(n, 1000);
    }
    // The papers in one list newest first, or by kind under headings (the default).
    if (const OptionValue* order = input.design.find("publication_order"))
        input.options.publications_by_kind = order->text != "newest";
    // "Last updated" is left out where the template's option says so.
    if (const OptionValue* show = input.design.find("show_last_updated"); show && !show->flag)
        updated.reset();
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

void check_design_keys(const Cv& cv, const std::vector<const Template*>& templates,
                       Diagnostics& diagnostics) {
    // The common options are known even when no template of this build takes them:
    // [design] paper = "letter" is no mistake in a build of the Markdown output alone.
    std::vector<std::string> declared = design_options_spec().names();
    for (const Template* t : templates)
        for (const auto& d : t->manifest.options)
            declared.push_back(d.name);
    for (const auto& [name, setting] : cv.design) {
        if (std::find(declared.begin(), declared.end(), name) != declared.end())
            continue;
        const std::string guess = closest_match(name, declared);
        diagnostics.error(cv.source_name, setting.key_pos, "unknown-key",
                          "unknown option `" + shorten(name) + "` in [design]",
                          guess.empty()
                              ? "`mkcv templates --options NAME` lists a template's options"
                              : "did you mean `" + guess + "`?");
    }
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
    ContextTree tree = build_context(filtered_cv, options);
    add_options(tree, input.design);
    return tree;
}

}  // namespace mkcv
