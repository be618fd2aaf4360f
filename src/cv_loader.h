// cv.toml → Cv. The only part of mkcv that knows TOML: it parses with toml++, checks every
// key against the schema (unknown keys, types, required fields) and converts values,
// keeping the position of each one.
#pragma once

#include <optional>
#include <string>

#include "cv_model.h"
#include "diagnostics.h"

namespace mkcv {

struct LoadResult {
    std::optional<Cv> cv;  // set when the file parsed; may still carry errors in diagnostics
    Diagnostics diagnostics;
};

// `file_name` is how diagnostics name the file.
LoadResult load_cv(const std::string& text, const std::string& file_name);

}  // namespace mkcv
