// The TeX installation `mkcv --version` reports: the first line the engine prints for
// `--version`, e.g. "XeTeX 3.141592653-2.6-0.999995 (TeX Live 2022/Debian)", which names
// both the engine and the TeX Live release. Asked only when the user asks for the version,
// never during a build (tex/installation.h is what builds compare).
#pragma once

#include <string>

namespace mkcv {

// The first line of `ENGINE --version` as PATH finds ENGINE, run with a time limit; empty when
// the engine is not there, does not answer in time or fails.
std::string tex_version(const std::string& engine = "xelatex");

// The first non-empty line of a `--version` output, trimmed, at most 200 bytes.
std::string version_line(const std::string& output);

}  // namespace mkcv
