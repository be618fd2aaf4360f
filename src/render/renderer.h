// Template + context → the template's output: LaTeX source, or HTML, Markdown or JSON text
// (template.toml `format`). In LaTeX, values are escaped when printed with <<name>>;
// <<&name>> prints a value as it is (for `href`s, already escaped for \href). In every other
// format both print the value escaped for that format: a template cannot print raw data.
// Inside a <<#json_escaped>>…<</json_escaped>> section of a non-LaTeX template, values are
// escaped as the contents of a JSON string instead (JSON-LD in a <script> of an HTML page):
// the template declares the region, the data never chooses its escaping.
#pragma once

#include <string>

#include "context/context_tree.h"
#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

struct RenderResult {
    std::string tex;
    bool ok = false;
};

// Variables the template uses that the context lacks are reported as warnings naming the
// template file, so a typo in a template does not silently print nothing. A partial that
// includes itself is an error (check_partial_nesting), and nothing is rendered.
RenderResult render_template(const Template& tmpl, const ContextTree& context,
                             Diagnostics& diagnostics);

}  // namespace mkcv
