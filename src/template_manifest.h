// Reading a template's `template.toml`.
#pragma once

#include <string>

#include "diagnostics.h"
#include "template_set.h"

namespace mkcv {

// Problems are reported against `file_name`; returns the defaults where a key is absent.
TemplateManifest parse_manifest(const std::string& text, const std::string& file_name,
                                Diagnostics& diagnostics);

}  // namespace mkcv
