// What every sync fuzz target does with the works a parser gave: merge them (with the
// same works as an already synced list, so matching runs too), print the summary, write
// the synced list and read it back with the BibTeX reader, as `mkcv build` would.
#pragma once

#include <string>

#include "bib/publication_merge.h"
#include "bib/reader.h"
#include "sync/merge.h"
#include "sync/summary.h"
#include "sync/synced_list.h"
#include "util/diagnostics.h"

namespace mkcv::fuzz {

inline const sync::OwnerIds kSyncOwner{"d/JaneQDoe", "0000-0002-1825-0097", "A5023888391",
                                       "1723755"};

inline void merge_and_round_trip(const Result<sync::WorksPage>& page) {
    if (!page)
        return;
    sync::MergeInput input;
    input.owner = "Jane Q. Doe";
    input.aliases = {"J. Doe"};
    input.works = page->works;
    const sync::MergeOutcome first = sync::merge_works(input);
    input.synced = first.list;
    const sync::MergeOutcome second = sync::merge_works(input);
    (void)sync::format_summary({{"fuzz", "works", false}}, second);
    const std::string text = sync::synced_list_text(second.list);
    Diagnostics diagnostics;
    reset_bibtex_macros();
    for (const BibEntry& e : read_bibtex(text, "synced.bib", diagnostics))
        (void)publication_from_bibtex(e, "synced.bib", diagnostics);
}

}  // namespace mkcv::fuzz
