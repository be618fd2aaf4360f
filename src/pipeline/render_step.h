// The render step: each template the command names, loaded, given its filtered CV and
// rendered to .tex, side by side; problems go into the command's Diagnostics.
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

// Renders each template (names or paths); empty when any has an error. `date_cache`, when
// given, keeps the date git gives for cv.toml (source_date.h outside_source_date).
// `language`: the outputs' language when not the default one (RenderedTemplate::language).
std::optional<std::vector<RenderedTemplate>> render_all(
    const Cv& cv, const std::vector<std::string>& templates, const TemplateSearchPath& search,
    Diagnostics& diagnostics, const std::filesystem::path& date_cache = {},
    const std::string& language = {});

// The date the CV says it was last updated: [build] date, else SOURCE_DATE_EPOCH, else the
// last git commit of cv.toml, else none. `outside` is outside_source_date() when known.
std::optional<PartialDate> updated_date(const Cv& cv);
std::optional<PartialDate> updated_date(const Cv& cv, std::optional<long long> outside);

// `items` without repeats, each where it first occurs (`-t long -t short -t long`).
std::vector<std::string> unique_in_order(const std::vector<std::string>& items);

}  // namespace mkcv
