// cv.toml → Cv. It parses through parse_toml (toml_input.h: bounded nesting, no U+001A in
// any key or string), checks every key against the schema (unknown keys, types, required
// fields) and converts values, keeping the position of each one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

struct LoadResult {
    std::optional<Cv> cv;  // set when the file parsed; may still carry errors in diagnostics
    Diagnostics diagnostics;
};

// `file_name` is how diagnostics name the file.
// Reads the sections of the built-in table (cv/sections.h), or of `sections`, which must
// outlive the Cv (a test adds a section this way).
// Language tables (cv/language_tables.h) give their text in `language` (a BCP 47 tag),
// falling back to [locale] language; empty `language`: in [locale] language itself.
LoadResult load_cv(const std::string& text, const std::string& file_name,
                   std::string_view language = {});
LoadResult load_cv(const std::string& text, const std::string& file_name,
                   const SectionTable& sections, std::string_view language = {});

}  // namespace mkcv
