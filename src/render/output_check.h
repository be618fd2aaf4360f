// What a template wrote from the CV's data, read back before it is written: a JSON template's
// output must parse as JSON, so a value that escaped its string (a bug in an escaper, or a
// template that prints a value raw) can never add keys or break the file for the next tool.
#pragma once

#include <string_view>

#include "render/template_set.h"
#include "util/result.h"

namespace mkcv {

// Nothing for formats with nothing to read back (LaTeX goes to TeX, which reports its own
// errors; HTML and Markdown are checked by their tests); for JSON, the first parse error with
// its line and column in the output.
Result<> check_rendered_output(const Template& tmpl, std::string_view output);

}  // namespace mkcv
