// RenderCV (https://docs.rendercv.com) → cv.toml. `cv.name`, `headline` (or `label`),
// `location`, `email`, `phone`, `website`, `social_networks` → [person]; each section of
// `cv.sections` by the type of its entries, told apart by their keys as RenderCV does:
// EducationEntry → [[education]], ExperienceEntry → [[experience]], PublicationEntry →
// [[publications]] (when it has authors, a journal and a year), NormalEntry and OneLineEntry →
// custom sections with entries, BulletEntry, NumberedEntry and ReversedNumberedEntry → custom
// sections with items, TextEntry (a plain string) → a custom section's text. `design`,
// `locale` and `rendercv_settings` are RenderCV's own settings, listed and skipped. Inline
// Markdown (**bold**, [text](url)) is kept as written. docs/import.md has the table.
#pragma once

#include "import/mapping.h"

namespace mkcv {

void map_rendercv(ImportMapper& mapper);

// "selected_honors" → "Selected Honors", as RenderCV titles a section from its key.
std::string rendercv_section_title(const std::string& key);

}  // namespace mkcv
