// A CV's language → the texts its outputs print. Locale files are looked for where templates
// are (TemplateSearchPath): `locales/<tag>.toml` in a --template-dir folder, in templates/
// beside cv.toml, in the user's template folder and among the built-in templates
// (builtin_templates/locales/). English is the base; then each tag of the fallback chain from
// the least specific (zh-Hant-TW: en, zh, zh-Hant, zh-Hant-TW), each tag's files from the
// built-in one to the first folder of the search path, each over the ones before; then
// cv.toml's [locale] texts. So a file needs only the keys it changes, and every key a
// locale lacks is its parent's, and in the end English.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cv/locale_texts.h"
#include "cv/model.h"
#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

// The locale files of `language` ("" is English), in the order they apply (the last wins).
std::vector<std::filesystem::path> locale_files(const std::string& language,
                                                const TemplateSearchPath& search);

// The texts of `locale.language` from its files, then `locale.overrides`; a file with an
// error is reported and left out.
LocaleTexts find_locale_texts(const LocaleSettings& locale, const TemplateSearchPath& search,
                              Diagnostics& diagnostics);

// `cv` with `cv.locale.texts` set from its language (cv.locale.language, which --lang sets).
void localize(Cv& cv, const TemplateSearchPath& search, Diagnostics& diagnostics);

}  // namespace mkcv
