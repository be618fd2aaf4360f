// The cv.toml format as a JSON Schema, for editors (Taplo / Even Better TOML), generated
// from the same tables the loader checks against.
#pragma once

#include <string>

namespace mkcv {

std::string cv_json_schema();

}  // namespace mkcv
