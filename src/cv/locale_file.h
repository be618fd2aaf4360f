// A locale file (builtin_templates/locales/<tag>.toml) or cv.toml's [locale] table → the
// LocaleTexts it gives. Both are untrusted: every key is checked against locale_keys(), every
// value is bounded, and a pattern may hold only the placeholders of its key.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <toml++/toml.h>

#include "cv/locale_texts.h"
#include "util/diagnostics.h"

namespace mkcv {

// Reads the keys of a locale table into `texts`, checking each: a known key (an unknown one
// is an error with a did-you-mean) of the right type, at most kMaxLocaleTextBytes, no
// control characters, twelve months, only its own placeholders. `report_shape` false: the
// caller's schema has reported unknown keys and wrong types (cv.toml's [locale]), which are
// then only left out. The key `skip` is the caller's (cv.toml's `language`). Returns false
// when anything was refused.
bool read_locale_table(const toml::table& table, const std::string& file_name, LocaleTexts& texts,
                       Diagnostics& diagnostics, bool report_shape, std::string_view skip = "");

// A locale file's text → its texts; nullopt (with diagnostics) when it has an error.
std::optional<LocaleTexts> parse_locale_file(std::string_view text, const std::string& file_name,
                                             Diagnostics& diagnostics);

}  // namespace mkcv
