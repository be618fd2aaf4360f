// Running a job's TeX without latexmk where mkcv knows what latexmk would do. latexmk (Perl,
// reading its .fls and log, digesting every file) cost about 100 ms of a 0.6 s build; for a
// XeLaTeX document it would run `xelatex -no-pdf` until the .aux stops changing, then
// xdvipdfmx. mkcv runs those same commands itself, with the same options and environment, as
// long as each pass reads and writes only what direct_passes.h can judge; otherwise latexmk
// goes on from there. The PDF is the same, byte for byte.
#pragma once

#include "tex/tex_job.h"

namespace mkcv {

// The job's PDF: XeLaTeX run directly (result.runner "xelatex") or through latexmk (always
// when job.latexmk).
TexResult run_tex_job(const TexJob& job);

// The commands latexmk runs for a XeLaTeX job, with the same arguments: one pass, and the PDF
// from the pass's .xdv.
std::vector<std::string> xelatex_pass_arguments(const TexJob& job);
std::vector<std::string> xdvipdfmx_arguments(const TexJob& job);

}  // namespace mkcv
