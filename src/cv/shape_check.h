// cv.toml's tree checked against the schema (cv/schema.h, built from the sections table):
// unknown keys (with a did-you-mean, or how to declare a section of one's own), wrong types
// (with the fix for the usual slips: quotes, a list, [[table]]), values outside `allowed`,
// missing required keys. Each problem is reported at its key or value; the loader then
// converts the tree, reading a value of the wrong type as absent.
#pragma once

#include <string>
#include <vector>

#include "cv/sections.h"
#include "cv/toml_input.h"
#include "util/diagnostics.h"

namespace mkcv {

// `reported`: language tables left in the tree because they were reported as bad
// (language_tables.h); the checks pass over them rather than saying again that they are not
// strings.
void check_shape(const toml::table& root, const SectionTable& sections, const std::string& file,
                 const std::vector<const toml::node*>& reported, Diagnostics& diagnostics);

}  // namespace mkcv
