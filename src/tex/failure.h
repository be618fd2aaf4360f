// What a failed TeX run tells people and tools: the first error under the .tex line it
// names, like a compiler prints it, the cv.toml values that line prints, and the failure as
// a diagnostic (codes "tex", "tex-timeout", "tex-tool"), so --diagnostics=json|github carry
// it too.
#pragma once

#include <filesystem>
#include <string>

#include "render/rendered_template.h"
#include "tex/tex_job.h"
#include "util/diagnostics.h"

namespace mkcv {

// "out/cv-long.tex:12: error: Undefined control sequence." with the line and TeX's excerpt.
std::string explain_latex_error(const LatexError& error, const std::filesystem::path& tex_path,
                                const std::string& tex);

// Notes (code "tex-value") at the cv.toml values the failing line of `rendered` prints.
// Looked for only once TeX failed: what the template printed is its filtered CV.
Diagnostics values_behind(const LatexError& error, const RenderedTemplate& rendered);

// `notes` printed as text, each with its line of the file it names.
std::string print_notes(const Diagnostics& notes);

// A run that did not succeed as one error diagnostic: at the first TeX error's line of
// `tex_path` when the log names one, else about the whole file; the full log in the hint.
Diagnostic failure_diagnostic(const TexResult& result, const std::filesystem::path& tex_path);

}  // namespace mkcv
