// [person]: who the CV is about, and how to reach them: name, contacts, a location written
// as text or in parts (joined as the CV prints it), aliases the author lists match, the
// photo's path (read later, cv/photo.h), the bio (prose), links and profiles. Their values
// are checked by the validator (cv/validate.h, cv/profiles.h).
#pragma once

#include "cv/model.h"
#include "cv/toml_values.h"

namespace mkcv {

Person read_person(TomlValues& v, const toml::table& p);

}  // namespace mkcv
