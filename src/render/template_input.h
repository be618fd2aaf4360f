// One template applied to one CV: the template's rules merged with the CV's
// [templates.NAME] overrides, the CV filtered by them, and the options its context is built
// with. `mkcv render`, `mkcv build` and `mkcv context` all go through here, so `context`
// prints exactly what the template receives.
#pragma once

#include <optional>

#include "context/context_builder.h"
#include "cv/model.h"
#include "render/template_set.h"
#include "select/content_filter.h"

namespace mkcv {

struct TemplateInput {
    ContentRules rules;   // manifest, then cv.toml's [templates.NAME]
    FilteredCv filtered;  // the CV after the rules
    ContextOptions options;
    int max_pages = 0;  // 0: no page budget
    // The template's options: declared defaults, then [design], then [templates.NAME].
    ResolvedOptions design;
};

// `updated` is the "Last updated" date (pipeline.h updated_date), found once per build.
// Problems with the options cv.toml gives the template go to `diagnostics`.
TemplateInput template_input(const Cv& cv, const Template& tmpl, std::optional<PartialDate> updated,
                             Diagnostics& diagnostics);

// [design] keys that no template of this build declares: a typo there would change nothing.
void check_design_keys(const Cv& cv, const std::vector<const Template*>& templates,
                       Diagnostics& diagnostics);

// Warns about [templates.NAME] tables of cv.toml that name no template mkcv can find: a
// typo there would otherwise change nothing, silently.
// `also` are names of templates given by path, which the search path does not list.
void check_template_overrides(const Cv& cv, const TemplateSearchPath& search,
                              const std::vector<std::string>& also, Diagnostics& diagnostics);

// The outputs of `all` (the templates of one build, in order) but `self`, as a template's
// `documents[]` sees them: name, file name <stem>-<name><extension> and kind ("pdf" ...).
// A name given twice is listed once. `language`: see output_base.
std::vector<OutputDocument> output_documents(const std::vector<const Template*>& all,
                                             const std::string& stem, const std::string& self,
                                             const std::string& language = {});

// An output's file name without its extension: <stem>-<name>, or <stem>-<name>.<language>
// for a build in another language than the default one (`language` empty for that).
std::string output_base(const std::string& stem, const std::string& name,
                        const std::string& language);

// The context of `input`, after the page budget removed what it had to. Its `options`
// object holds the template's options: options.NAME (a string; true or false for a bool;
// top, bottom, left and right for margins) and, for an enum, options.NAME_is.VALUE.
ContextTree template_context(const Cv& filtered_cv, const TemplateInput& input);

}  // namespace mkcv
