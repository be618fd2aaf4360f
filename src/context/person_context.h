// `person`: who the CV is about as templates print them: name (and a native name in its own
// script), position, affiliation, contacts with their links, the location, the photo (the
// site's copy on a page of `mkcv site`), the bio, links and profiles.
#pragma once

#include <optional>

#include "context/context_tree.h"
#include "context/site_context.h"
#include "cv/model.h"
#include "text/escape.h"

namespace mkcv {

void add_person(ContextTree& t, const Person& p, TextFormat format,
                const std::optional<SitePage>& site);

}  // namespace mkcv
