// Papers and awards as templates print them: `publications.groups` (by kind in the
// template's order, or one list newest first), each paper with its authors (the owner
// marked, * and † noted), venue as the `venues` option says, date, links, award, the
// site's BibTeX and thumbnail; and `awards`, the CV's own with the awards of papers.
#pragma once

#include <vector>

#include "context/context_options.h"
#include "context/context_tree.h"
#include "cv/locale_texts.h"
#include "cv/model.h"

namespace mkcv {

// Whether any paper's authors were marked * (equal contribution) or † (corresponding), for
// the notes under the list.
struct Marks {
    bool equal = false;
    bool corresponding = false;
};

// `papers` as `publications.groups` under `parent`; returns whether any group was added.
bool add_publications(ContextTree& t, ContextTree::Id parent,
                      const std::vector<Publication>& papers, const Cv& cv,
                      const ContextOptions& options, const LocaleTexts& words, Marks& marks);

// `awards` under `parent`, and those of papers; returns whether any award was added.
bool add_awards(ContextTree& t, ContextTree::Id parent, const std::vector<Award>& awards,
                const std::vector<Publication>& papers, const LocaleTexts& words);

}  // namespace mkcv
