// What the render stage hands to the build stage: a template's .tex, with what it was rendered
// from (the page budget renders again with fewer entries) and the settings its build needs.
#pragma once

#include <string>

#include "render/template_set.h"
#include "render/template_variant.h"

namespace mkcv {

struct RenderedTemplate {
    Template tmpl;
    std::string tex;
    TemplateInput input;   // what it was rendered from, to render again for the page budget
    double render_ms = 0;  // time taken to render, for progress output
    long long source_date_epoch = 0;  // the moment the PDF is dated by (pipeline/source_date.h)
    int timeout_seconds = 120;        // [build] timeout
};

}  // namespace mkcv
