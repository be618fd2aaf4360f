// JSON Resume 1.0 (https://jsonresume.org/schema) and YAMLResume (its `content:` is JSON
// Resume's sections with a few renamed keys) → cv.toml. One row per section of the source
// (sections_of_jsonresume in jsonresume.cpp): `basics` → [person]; `work` → [[experience]];
// `education` → [[education]]; `awards` with a year → [[awards]]; the rest (volunteer,
// certificates, publications without authors, skills, languages, interests, references,
// projects) → custom [[sections]] until cv.toml has their sections. docs/import.md has the table.
#pragma once

#include "import/mapping.h"

namespace mkcv {

void map_jsonresume(ImportMapper& mapper);
void map_yamlresume(ImportMapper& mapper);

}  // namespace mkcv
