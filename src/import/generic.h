// A CV of no known schema (bamos-style YAML, a professor's own keys) → cv.toml. Keys are
// matched by name, any case, `_`, `-` and spaces ignored, with the synonyms people use
// (school/institution/university, company/organization/employer, title/position/role,
// start/end/from/to/dates/years …) and by the shape of their value: the person's name (a
// text, or `{first, last}`) and contact → [person]; education, work or experience (and
// positions, appointments, employment …) → [[education]] and [[experience]]; awards and
// honors → [[awards]]; talks → [[talks]]; skills and languages → [[skills]] and
// [[languages]]; every other list whose entries all have one kind's shape (talk, degree,
// position) → a typed section of that kind, and the rest → a custom section titled after
// its key. An entry that a typed section cannot take becomes a custom entry; its keys no
// field takes are added to its note as "Key: value". A bamos-style `order` titles the
// sections it names (typed `[section.KEY]` for the kinds above but papers, skills and
// languages), and the texts' LaTeX is read as what it typesets (latex_markup.h).
// docs/import.md has the synonyms.
#pragma once

#include "import/mapping.h"

namespace mkcv {

void map_generic(ImportMapper& mapper);

}  // namespace mkcv
