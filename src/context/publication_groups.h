// How publications are grouped, ordered, numbered and counted; context_builder puts the
// result into the template data.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "cv/locale_texts.h"
#include "cv/model.h"

namespace mkcv {

// Kinds in print order: those named in `order` first (unknown names are ignored), then the
// rest in the standard order conference, journal, workshop, preprint, thesis, other.
std::vector<PublicationKind> group_order(const std::vector<std::string>& order);

// Newest first: by year, then by month when known (unknown counts as before January); ties
// keep their order (bibliography files in the order listed, entries in file order, then the
// [[publications]] without `key` in cv.toml order). Use with std::stable_sort.
bool newer_first(const Publication* a, const Publication* b);

// The default heading of a group in the locale's words (`headings.conference` ...):
// "Conference Papers", "Journal Articles", "Workshop Papers", "Preprints", "Theses",
// "Other Publications".
const std::string& group_heading(PublicationKind kind, const LocaleTexts& words);

// "C" for conference papers, "J" journal, "W" workshop, "P" preprint, "T" thesis, "O" other.
const char* number_prefix(PublicationKind kind);

// "7 conference papers, 2 journal articles, 1 preprint" (`counts.conference_one`,
// `counts.conference_other` ..., joined by `list_separator`).
std::string counts_text(const std::vector<std::pair<PublicationKind, std::size_t>>& counts,
                        const LocaleTexts& words);

}  // namespace mkcv
