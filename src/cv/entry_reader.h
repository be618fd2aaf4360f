// A section's entries ([[education]], [[publications]] ...) read from cv.toml into a Cv,
// each field as its kind in the sections table says (cv/sections.h): texts, prose, lists,
// years with their `date`, dates, periods, links, choices and nested records. The checks
// that need the table as written are made here: a `date` disagreeing with `year`, an empty
// list that must not be, `start`/`end` beside `periods`, a paper without authors.
#pragma once

#include "cv/model.h"
#include "cv/sections.h"
#include "cv/toml_values.h"

namespace mkcv {

// The entries of `section` in `root`, appended to `cv` in the file's order.
void read_section_entries(TomlValues& v, const toml::table& root, const Section& section, Cv& cv);

}  // namespace mkcv
