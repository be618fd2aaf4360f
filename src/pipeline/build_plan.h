// The planning step of every command that renders a CV (build, check, watch, render, site,
// serve): cv.toml loaded and validated in each language asked for, each template rendered
// in it, what each output is made from (output_inputs.h), and every problem found, once.
// Commands print the diagnostics and choose exit statuses; they sequence nothing.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "cv/model.h"
#include "render/rendered_template.h"
#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

struct PlanRequest {
    std::filesystem::path cv_path = "cv.toml";
    // BCP 47 tags, each once; {""} is the CV's default language alone. Outputs in another
    // language than the default carry it in their names (RenderedTemplate::language).
    std::vector<std::string> languages = {""};
    std::vector<std::string> templates;  // names or paths, in order
    TemplateSearchPath search;
    std::filesystem::path date_cache;  // see render_all
};

struct BuildPlan {
    // Empty on any error (of any language: the first stops the plan).
    std::optional<std::vector<RenderedTemplate>> outputs;
    Diagnostics diagnostics;  // every language's, each problem once
    SourceTexts sources;      // every file read, to show offending lines
    // cv.toml and its .bib files, as the first language read them: known even when the CV
    // is invalid, so a watch rebuilds when the file that broke it is fixed.
    std::vector<std::filesystem::path> cv_files;
};

BuildPlan plan_build(const PlanRequest& request);

// What the rendered text of `tmpl` in `cv` is made from besides the template's own files:
// `cv_files`, template.toml, the locale files of the CV's language, the photo and the
// papers' thumbnails. RenderedTemplate::made_from, for outputs rendered outside a plan.
std::vector<std::filesystem::path> made_from(const Cv& cv,
                                             const std::vector<std::filesystem::path>& cv_files,
                                             const Template& tmpl,
                                             const TemplateSearchPath& search);

// Renders `templates` in one loaded language (render_all) and notes what each output is
// made from; empty on any error.
std::optional<std::vector<RenderedTemplate>> render_in_language(
    const Cv& cv, const std::vector<std::filesystem::path>& cv_files,
    const std::vector<std::string>& templates, const TemplateSearchPath& search,
    Diagnostics& diagnostics, const std::filesystem::path& date_cache, const std::string& language);

// Every file the plan read or its outputs are made from, each once: cv.toml (even when it
// could not be read), then each output's (output_inputs.h files_of). What watch and serve
// watch.
std::vector<std::filesystem::path> watched_files(const BuildPlan& plan,
                                                 const std::filesystem::path& cv_path);

// The files output `r` is made from (output_inputs.h), each once.
std::vector<std::filesystem::path> input_files(const RenderedTemplate& r);

}  // namespace mkcv
