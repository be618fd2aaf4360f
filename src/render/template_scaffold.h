// `mkcv template new NAME`: a copy of an existing template (a built-in one by default) in
// the user's template folder, renamed and ready to edit. Shared partials (common/) are not
// copied: they keep applying, and a copy placed in the new folder overrides one.
#pragma once

#include <filesystem>
#include <ostream>
#include <string>

#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv {

struct ScaffoldRequest {
    std::string name;            // the new template's name
    std::string from = "long";   // name or folder of the template copied
    std::filesystem::path root;  // where the folder is made; empty: user_template_root()
};

// Creates <root>/<name>; refuses to overwrite anything. Returns the folder made, or empty
// with the reasons in `diagnostics`.
std::filesystem::path new_template(const ScaffoldRequest& request, const TemplateSearchPath& search,
                                   Diagnostics& diagnostics);

}  // namespace mkcv
