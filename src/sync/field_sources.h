// Which source gave each field of an entry of the synced list ("title=dblp;venue=dblp"),
// kept in the list (Publication::field_sources, the .bib field `mkcvsources`) so that the
// next merge ranks each field as its source and a sync from fewer sources never replaces a
// field with a worse source's (sync/merge.h).
#pragma once

#include <map>
#include <string>

namespace mkcv::sync {

// The fields the merge ranks, in the order the text lists them.
inline constexpr const char* kRankedFields[] = {"title", "authors", "kind", "venue", "date"};

// Text → field → source. Only the fields above and the sources sync has are read, so an
// edited or hostile list can only lose a record, never name something else.
std::map<std::string, std::string> parse_field_sources(const std::string& text);
// Field → source → text, in kRankedFields' order.
std::string field_sources_text(const std::map<std::string, std::string>& sources);

}  // namespace mkcv::sync
