// The one list of what an output is made from. The build record keeps its digests
// (build_state.h), `mkcv check` compares them, and `mkcv watch` and `mkcv serve` watch the
// files each input was read from: a new kind of input added here counts for all four.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "pipeline/build_state.h"

namespace mkcv {

struct RenderedTemplate;
struct TexJob;

// What output `r` (<stem>-<name> is `base`) depends on: mkcv's version, each template
// file, the rendered text (which carries cv.toml's data: it is read from
// RenderedTemplate::made_from). For a LaTeX output, `job` is how TeX runs it (its command
// line and environment, the source date), and it depends on the photo, the precompiled
// preamble it would use and, on this machine, the TeX installation and the fonts
// (tex/installation.h). Any other format (`job` null): its format, nothing of the machine.
BuildInputs inputs_of(const RenderedTemplate& r, const std::string& base, const TexJob* job);

// The files `inputs` were read from, each once, in order: what to watch for a rebuild.
std::vector<std::filesystem::path> files_of(const BuildInputs& inputs);

}  // namespace mkcv
