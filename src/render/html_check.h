// An HTML template's output read back with an HTML5 parser (Gumbo), as a browser would read
// it: every element and attribute must be one the template's own text writes, no more
// <script> elements than it writes, and every link (href, src …) one that `is_safe_href`
// allows. Gumbo is included only here.
#pragma once

#include <optional>
#include <string_view>

#include "render/template_markup.h"

namespace mkcv {

// The first thing in `html` that `allowed` does not allow; nothing when it holds none.
std::optional<MarkupProblem> html_problem(std::string_view html, const TemplateMarkup& allowed);

}  // namespace mkcv
