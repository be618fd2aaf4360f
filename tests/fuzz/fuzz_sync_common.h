// What every sync fuzz target does with the works a parser gave: merge them (with the
// same works as an already synced list, so matching runs too), print the summary, write
// the synced list and read it back with the BibTeX reader, as `mkcv build` would. The
// writer must always manage (its read-back refusing a list is an escaping bug: a title
// that would have written BibTeX of its own), and the list must read back paper for paper
// (its keys and values the read-back compared).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "bib/bibliography.h"
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
    const Result<std::string> text = sync::synced_list_text(second.list, "synced.bib");
    if (!text) {
        std::fprintf(stderr, "the synced list did not read back: %s\n",
                     text.error().message.c_str());
        std::abort();
    }
    Diagnostics diagnostics;
    reset_bibtex_macros();
    const std::vector<BibEntry> entries = read_bibtex(*text, "synced.bib", diagnostics);
    if (entries.size() != second.list.size())
        std::abort();
    for (const BibEntry& e : entries)
        (void)publication_from_bibtex(e, "synced.bib", diagnostics);
}

}  // namespace mkcv::fuzz
