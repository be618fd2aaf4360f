// cv.toml's tables that are neither the person nor sections, read into a Cv: [extra] (kept
// as JSON), [site], [build], [sync] (each id's shape checked), [locale] (the language tag
// and the texts), [[applications]], [design] and [templates.NAME] (a template's rules and
// options). The schema check (toml_shape) has reported unknown keys and wrong types.
#pragma once

#include "cv/model.h"
#include "cv/toml_values.h"

namespace mkcv {

void read_settings(TomlValues& v, const toml::table& root, Cv& cv);

}  // namespace mkcv
