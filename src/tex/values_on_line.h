// Which cv.toml values a line of generated LaTeX prints, so a TeX error on that line can
// point back at what the user wrote (`cv.toml:12:9: note: ...`). Works on the finished .tex:
// every string of the CV (cv/value_origins.h) is looked for on the line, as the renderer
// escapes it and as a template may print it raw (<<&name>>), so nothing has to be threaded
// through the templates.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "cv/value_origins.h"

namespace mkcv {

// The values `tex_line` prints, best first; at most `limit`. `tex_context` is TeX's "l.N"
// excerpt (the line up to where TeX stopped), or empty: when it is known, only values before
// that point count, and when TeX stopped inside a value, only that one.
std::vector<ValueOrigin> values_on_line(const std::vector<ValueOrigin>& values,
                                        const std::string& tex_line,
                                        const std::string& tex_context = "", std::size_t limit = 3);

}  // namespace mkcv
