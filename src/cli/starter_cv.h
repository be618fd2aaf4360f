// The cv.toml `mkcv new` writes: every section of the format, each with one example entry
// and comments on its keys, that validates and builds as it is (tests/integration/new_test.sh).
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// The starter for a person called `name` (written as a TOML string, any text).
std::string starter_cv(std::string_view name);

}  // namespace mkcv
