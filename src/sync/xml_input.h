// An XML response → a pugixml document, safely: a DOCTYPE (where entity declarations, and
// so entity bombs and external entities, live) is refused outright; pugixml itself never
// expands entities other than XML's five and character references, and reads no file.
#pragma once

#include <string>
#include <string_view>

#include <pugixml.hpp>

#include "util/result.h"

namespace mkcv::sync {

// Fails ("sync-response") naming `source`; the document is kept in `doc`.
Result<> parse_xml(std::string_view text, const std::string& source, pugi::xml_document& doc);

// An element's name without its namespace prefix: "arxiv:doi" → "doi".
std::string_view local_name(const pugi::xml_node& node);
// The first child element of that local name (any prefix), or an empty node.
pugi::xml_node child_named(const pugi::xml_node& node, std::string_view name);

}  // namespace mkcv::sync
