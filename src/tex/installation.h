// What TeX and the fonts are on this machine, as build inputs: after a TeX Live upgrade or
// a font installed or removed, `mkcv build` builds again. Read from file metadata only
// (sizes and modification times), because it is read on every no-op build; no process is
// started. These inputs belong to one machine: `mkcv check`, which may run on another
// (CI, against PDFs committed from a laptop), leaves them out (build_state.h).
#pragma once

#include <string>

namespace mkcv {

// The engine and latexmk as found on PATH (symbolic links followed), the engine's format
// file and TeX Live's file databases (ls-R), where they exist.
std::string tex_installation_identity(const std::string& engine);

// The font folders and fontconfig's caches (fc-cache rewrites these when fonts change).
std::string font_identity();

}  // namespace mkcv
