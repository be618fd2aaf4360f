// The step that takes the place of compiling for a template that writes HTML, Markdown or
// JSON (template.toml `format`): no TeX, the rendered text is the output. It is written
// atomically to <out>/<stem>-<name>.html (.md, .json), recorded like a PDF (build_state.h)
// so an unchanged output is left alone and `mkcv check` can say whether it is stale.
#pragma once

#include <filesystem>
#include <string>

#include "pipeline/build_state.h"
#include "pipeline/compile_step.h"
#include "render/rendered_template.h"

namespace mkcv {

// Where the output of `r` goes: <out>/<stem>-<name> and its format's extension (.pdf for
// LaTeX, whose .tex goes beside it).
std::filesystem::path output_path(const RenderedTemplate& r, const std::string& stem,
                                  const BuildOptions& options);

// Writes the rendered text of `r` (a template of any format but LaTeX), unless the file
// there is the one recorded for these very inputs (and `options.force` is off).
CompileOutcome write_text_output(const RenderedTemplate& r, const std::string& stem,
                                 const BuildOptions& options);

}  // namespace mkcv
