// One paper as a source lists it, before the merge (sync/merge.h): what every response
// parser (sync/*_json, *_xml, *_atom, bibtex_works) gives, in one shape for all sources.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cv/model.h"

namespace mkcv::sync {

// Bounds on what one response may hold, so that a hostile or broken server costs little.
inline constexpr std::size_t kMaxResponseBytes = 32 * 1024 * 1024;
inline constexpr std::size_t kMaxWorksPerResponse = 5000;
inline constexpr std::size_t kMaxAuthorsPerWork = 1000;
inline constexpr std::size_t kMaxFieldBytes = 4096;  // a title, a venue, an author's name
inline constexpr int kMaxJsonDepth = 64;
// Values (strings, numbers, objects …) in one JSON response: 32 MiB of one-byte arrays would
// be millions of nodes of 16 bytes and more each. A real page of 1,000 works is about 100,000.
inline constexpr std::size_t kMaxJsonValues = 2 * 1000 * 1000;

// The ids the owner has at each source, to find them among a work's authors.
struct OwnerIds {
    std::string dblp;  // pid
    std::string orcid;
    std::string openalex;  // "A5023888391"
    std::string semantic_scholar;
};

struct Work {
    std::string
        source;  // "dblp", "orcid", "crossref", "openalex", "arxiv", "semantic_scholar", "bibtex"
    Text title;  // plain text, with marks for emphasis
    std::vector<std::string> authors;  // "First Last", disambiguation numbers removed
    // The author a source names by the owner's id (DBLP pid, ORCID, OpenAlex or Semantic
    // Scholar author id); none when it names nobody by id.
    std::optional<std::size_t> owner_author;
    // The source listed the work under the owner's id (a DBLP pid, an ORCID record, an
    // author's works): it is theirs. Otherwise (a name query, a file) an author must be the
    // owner by id or by name.
    bool listed_for_owner = false;
    std::string venue;
    // The venue's short name where the source gives one: Crossref's short-container-title,
    // DBLP's booktitle ("ASPLOS (2)" → "ASPLOS"). A short CV cites it ("ASPLOS ’23").
    std::string venue_short;
    int year = 0;
    int month = 0;
    PublicationKind kind = PublicationKind::Other;
    bool kind_known = false;  // the source said what it is
    std::string doi;          // normal_doi
    std::string arxiv;        // arxiv_base_id
    std::string dblp_key;
    std::string url;  // the paper's page, when the source has one that is not one of the ids
    // Plain text, cut to kMaxFieldBytes; the site folds it under the paper. Crossref (JATS),
    // OpenAlex (an inverted index), Semantic Scholar and arXiv give one.
    std::string abstract;
    // An entry of the synced list: the source each field came from (field → source), read
    // from Publication::field_sources; empty for a source's own work.
    std::map<std::string, std::string> field_sources;
    // Not a paper of its own, as the source's metadata says ("a correction of 10.1/x", "a
    // meeting abstract"; sync/paper_kind.h): left out unless [sync] include names it.
    std::string notice;
    std::string retracts;    // a retraction notice: the DOI of the paper it retracts
    bool retracted = false;  // the source says this paper was retracted
    // How often it was cited, as OpenAlex (cited_by_count) or Semantic Scholar
    // (citationCount) say; kept only with [sync] citations = true (sync/citation_counts.h).
    std::optional<long> citations;
};

// One page of a response: its works and, when there are more, how to ask for the next.
struct WorksPage {
    std::vector<Work> works;
    std::string next_cursor;  // OpenAlex, Crossref: the cursor of the next page ("" at the end)
    std::optional<long> next_offset;  // Semantic Scholar's `next`
    long total = -1;                  // arXiv's totalResults, when given
};

}  // namespace mkcv::sync
