// Works from every source + the synced list as it is + the user's own papers → the new
// synced list and what changed (docs/sync.md, "How works are merged").
//
// Works are the same paper when they share a DOI (case ignored), an arXiv id (version
// ignored), a DBLP key, or a normalised title and year (bib/paper_identity.h, the rule a
// build uses for the synced list too); a preprint and a published paper
// of the same normalised title, at most two years apart, are one paper too. The published
// version wins (its venue, kind, DOI and DBLP key) and keeps the arXiv link. Each field
// comes from the best source that has it: DBLP, Crossref, OpenAlex, Semantic Scholar,
// ORCID, a BibTeX export, arXiv. The synced list takes part too, each field ranked as the
// source that gave it (kept in the list, Publication::field_sources; just after that
// source's fresh answer), so that a sync from fewer sources never makes a field worse. An entry of
// the synced list keeps its citekey forever; a new one gets "lastnameYEARword" (bib/citekey.h, as
// `export bib` makes keys). A work the user's own bibliography or cv.toml already has is theirs and
// is not listed; `ignore` leaves works out; a work that was not listed under the owner's id and has
// no author who is the owner (by id, name or alias) is left out as not theirs.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "cv/model.h"
#include "sync/work.h"

namespace mkcv::sync {

struct MergeInput {
    std::vector<Work> works;          // from every source, in the order they were read
    std::vector<Publication> synced;  // the synced list as it was read (with its citekeys)
    std::vector<Publication> own;     // the user's own: cv.toml and their .bib files
    std::string owner;                // [person] name
    std::vector<std::string> aliases;
    std::vector<std::string> ignore;  // citekeys, DOIs, arXiv ids, DBLP keys
    // Works that are not papers (corrections, meeting abstracts …) to take in all the same:
    // DOIs, arXiv ids, DBLP keys or titles.
    std::vector<std::string> include;
    // [sync] same_as: a work (by citekey of the list, DOI, arXiv id, DBLP key or title) → the
    // citekey of the user's own entry it is. That entry stands for it: the work is theirs.
    std::vector<std::pair<std::string, std::string>> same_as;
};

struct ListedWork {
    std::string key;  // citekey (empty for works left out)
    std::string title;
    int year = 0;
    std::vector<std::string> sources;  // where it came from
    std::vector<std::string> fields;   // updated: which fields changed
    std::string authors;               // left out: who wrote it
    std::string why;                   // left out: the reason
};

struct MergeOutcome {
    std::vector<Publication> list;  // the new synced list, newest first
    std::vector<ListedWork> added, updated, ignored, not_owner, incomplete;
    // Left out as not a paper of its own (`why`: "a correction of 10.1/x"), one line for the
    // same notice from several sources.
    std::vector<ListedWork> not_papers;
    // Papers of the new list or of the user's own that a source says were retracted: kept,
    // and said loudly (`why`: what said so).
    std::vector<ListedWork> retracted;
    // Works that are one of the user's own papers by title, first author and year (a year
    // apart at most; sync/near_duplicates.h), counted in `own` too; `why` says which.
    std::vector<ListedWork> near_own;
    // Works left out as possibly the same as an entry (a subtitle apart, or a conference and
    // a journal paper of one title): `why` names it. `include` takes one in.
    std::vector<ListedWork> possibly_same;
    // Works (or entries of the list) that [sync] same_as says are one of the user's own,
    // counted in `own` too; `why` names it.
    std::vector<ListedWork> same_as;
    std::size_t unchanged = 0;
    std::size_t kept = 0;  // entries of the synced list that no source listed this time
    std::size_t own = 0;   // works the user's own entries already have
};

MergeOutcome merge_works(const MergeInput& input);

}  // namespace mkcv::sync
