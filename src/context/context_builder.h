// Cv → the data a template sees. Values are the user's raw text (the renderer escapes them
// for LaTeX when a template prints them), numbers are strings, absent optional values are
// `null` (false in Mustache) so a section like <<#note>>…<</note>> prints only when given.
// The result is a ContextTree, which the renderer reads as it is and `mkcv context` prints
// as JSON, so template authors see exactly what templates get.
#pragma once

#include "context/context_options.h"
#include "context/context_tree.h"
#include "cv/model.h"

namespace mkcv {

ContextTree build_context(const Cv& cv, const ContextOptions& options);

}  // namespace mkcv
