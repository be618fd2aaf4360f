// What a template wrote from the CV's data, read back before it is written, so that a value
// that escaped its escaping (a bug in an escaper, or a template that prints a value raw) can
// never become structure: a JSON template's output must parse as JSON (no added keys, no file
// the next tool chokes on); an HTML or Markdown template's may hold only the elements,
// attributes and scripts its own text writes, and only safe links (html_check.h,
// markdown_check.h).
#pragma once

#include <string_view>

#include "render/template_set.h"
#include "util/result.h"

namespace mkcv {

// Nothing for LaTeX, which goes to TeX (its values are escaped as vetted LaTeX, and TeX reports
// its own errors); for the other formats, the first problem with its line and column in the
// output.
Result<> check_rendered_output(const Template& tmpl, std::string_view output);

}  // namespace mkcv
