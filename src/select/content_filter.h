// The step between model and context: a CV as one template shows it. Applies a template's
// ContentRules (content_rules.h) to a Cv and says which sections print, in which order and
// under which headings. Pure functions on plain data, so every rule is unit-tested.
#pragma once

#include <string>
#include <vector>

#include "cv/content_rules.h"
#include "cv/model.h"

namespace mkcv {

struct Section;

struct SectionHeading {
    std::string name;   // "publications"
    std::string title;  // "Selected Publications"
};

struct FilteredCv {
    Cv cv;  // only what the template shows
    // Papers whose `award` is listed under Awards: those the awards rules keep, whether or
    // not the paper itself is printed (a short CV still names a best paper award).
    std::vector<Publication> award_papers;
    std::vector<SectionHeading> sections;  // non-empty sections, in print order
};

FilteredCv apply_rules(const Cv& cv, const ContentRules& rules);

// Recomputes `sections` after entries were removed (the page budget drops entries).
std::vector<SectionHeading> section_headings(const Cv& cv,
                                             const std::vector<Publication>& award_papers,
                                             const ContentRules& rules);

// A section's heading when no rule names one: its locale's word (cv.locale.texts).
std::string default_heading(const Cv& cv, const Section& section);

// About `max_authors` names: the first `max_authors` - 1, the owner and `[person]
// keep_authors` wherever they stand, and the last author (the senior one), with "…" for each
// run of names left out.
std::vector<Text> shorten_authors(const std::vector<Text>& authors, std::size_t max_authors,
                                  const Person& owner);

}  // namespace mkcv
