// The stages of a build, in order: load (load_step.h) → render (render_step.h) → compile
// (compile_step.h), each template side by side. This module only sequences them: it holds
// the output folder's lock and gathers what each step reports. What a result means for the
// exit status is the command line's business (cli/).
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "pipeline/build_report.h"
#include "pipeline/compile_step.h"
#include "pipeline/load_step.h"
#include "pipeline/render_step.h"
#include "render/rendered_template.h"
#include "util/diagnostics.h"

namespace mkcv {

// What in the output folder mkcv would have to follow or could not replace: everything
// util/state_folder.h refuses in out/.mkcv, and each output of `rendered` (the PDF and its
// .tex, or the text file) that a rename cannot replace. Each an "unsafe-output" error that
// names the path; none when the folder is as mkcv leaves it.
Diagnostics output_folder_problems(const std::vector<RenderedTemplate>& rendered,
                                   const std::string& stem, const BuildOptions& options);

// Compiles each template and puts <out>/<stem>-<name>.pdf and its .tex in place, only on
// success. Holds the output folder's lock throughout, and first removes what killed builds
// left there; refuses to start when output_folder_problems finds any. Progress and failures
// are said on `log` as they happen, for people; the report carries them as diagnostics
// too, and what became of each output, for tools.
BuildReport build_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
                      const BuildOptions& options, std::ostream& log);

// Compares each output with the record of its last build, without running TeX: ok when
// all are up to date, naming each stale output and why on `log`.
BuildReport check_all(const std::vector<RenderedTemplate>& rendered, const std::string& stem,
                      const BuildOptions& options, std::ostream& log);

}  // namespace mkcv
