// Two records of one paper that share no id: "Fast Sorting" by Doe in 2024 (the author's
// own entry, dated online-first) and DBLP's "Fast sorting." by Doe in 2025 (the issue's
// year) printed twice and counted twice (issue 37). Titles are compared loosely (case,
// punctuation, British and American spelling), then the first author's last name and the
// year, a year apart at most. The title forms are bib/paper_title.h's, shared with the
// identity of a paper.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cv/model.h"

namespace mkcv::sync {

// What the comparison reads of a work or an entry.
struct PaperSketch {
    std::string title;
    std::string first_author;  // as written; its last name is compared
    int year = 0;
    PublicationKind kind = PublicationKind::Other;
    bool kind_known = false;
    // Ids, normalised (bib/paper_identity.h), or empty: two works with different DOIs (or
    // arXiv ids, or DBLP keys) are two publications, however alike ("Annual Report", year
    // after year).
    std::string doi, arxiv, dblp_key;
};

enum class Likeness {
    Different,
    Same,      // the same loose title, first author and kind, a year apart at most
    Possibly,  // as Same but for the kind, or but for a subtitle: for the user to decide
};

Likeness likeness(const PaperSketch& a, const PaperSketch& b);

// Works are indexed by their loose and main titles (bib/paper_title.h), so that only works
// that may be alike are compared.
// The first author's last name as likeness compares it.
std::string author_key(const std::string& first_author);

}  // namespace mkcv::sync
