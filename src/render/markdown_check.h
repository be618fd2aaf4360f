// A Markdown template's output read back with cmark, as a Markdown renderer would read it:
// its raw HTML may hold only the elements and attributes the template's own text writes, and
// every link and image only a target that `is_safe_href` allows.
#pragma once

#include <optional>
#include <string_view>

#include "render/template_markup.h"

namespace mkcv {

// The first thing in `markdown` that `allowed` does not allow; nothing when it holds none.
std::optional<MarkupProblem> markdown_problem(std::string_view markdown,
                                              const TemplateMarkup& allowed);

}  // namespace mkcv
