// The online sources: for each id of [sync], the requests at the public API's own paths
// below its base (`--api-base NAME=URL` replaces one), the pages followed to their end (at
// most kMaxPages), and the responses parsed. The network itself is the Fetch (sync/fetch.h).
//   dblp              GET {base}/pid/<pid>.xml
//   orcid             GET {base}/v3.0/<orcid>/works            (Accept: application/json)
//   crossref          GET {base}/works?filter=orcid:<orcid>&rows=100&cursor=…, then
//                     GET {base}/works/<doi> for ORCID's DOIs Crossref did not list
//   openalex          GET {base}/works?filter=author.id:<id>&per-page=200&cursor=…
//   arxiv             GET {base}/api/query?search_query=au:"<name>"&start=N&max_results=100
//   semantic_scholar  GET {base}/graph/v1/author/<id>/papers?fields=…&offset=N&limit=100
#pragma once

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "cv/model.h"
#include "sync/fetch.h"
#include "sync/work.h"
#include "util/diagnostics.h"

namespace mkcv::sync {

inline constexpr std::size_t kMaxPages = 50;        // per source
inline constexpr std::size_t kMaxDoiLookups = 200;  // Crossref /works/<doi> after ORCID
inline constexpr std::size_t kMaxWorksPerSource = 20000;

// Source name → base URL without a trailing slash.
using ApiBases = std::map<std::string, std::string>;

// The public APIs: dblp https://dblp.org, orcid https://pub.orcid.org, crossref
// https://api.crossref.org, openalex https://api.openalex.org, arxiv
// https://export.arxiv.org, semantic_scholar https://api.semanticscholar.org.
ApiBases default_api_bases();

// Applies "NAME=URL"; the problem, or "" when it was applied.
std::string set_api_base(ApiBases& bases, const std::string& assignment);

// "%"-encoding of a query value or path segment (RFC 3986 unreserved characters stay).
std::string url_encoded(const std::string& text);

// Whether a DOI another source gave may become a request path (/works/10.1145/123): "10."
// and a slash, no control or space, and no segment that is empty, "." or ".." (which would
// climb out of /works/ below an --api-base). One that may not is not looked up.
bool is_requestable_doi(const std::string& doi);

struct SourceOutcome {
    std::string name;  // "dblp" …
    std::vector<Work> works;
    std::optional<Diagnostic> failure;  // the source failed; `works` holds what came before
    std::size_t requests = 0;
    std::string note;  // e.g. "stopped after 50 pages"
};

// One outcome per source [sync] names, in the order above. `user_agent` goes with every
// request ("User-Agent: …"; net::user_agent makes it).
// `answer_limit`: the time each answer may take to arrive and parse (0: no limit); a
// source whose answer took longer fails with what came before.
std::vector<SourceOutcome> fetch_sources(const SyncSettings& sync, const OwnerIds& owner,
                                         const ApiBases& bases, const Fetch& fetch,
                                         const std::string& user_agent,
                                         std::chrono::milliseconds answer_limit = {});

}  // namespace mkcv::sync
