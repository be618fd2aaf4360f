// A source's own order of its sections (bamos/cv's `order`) kept as the order cv.toml's long
// CV and homepage print: read back from the import summary, after every value is placed.
#pragma once

#include <string>

#include "import/mapping.h"
#include "import/source_tree.h"

namespace mkcv {

// bamos/cv's `order`, as the order the long CV and the homepage print: each key of it, in
// its order, stands for the cv.toml sections its values went to (by the import summary), and
// the built-in sections it does not name follow in their usual order, so nothing is left
// out of either. Written as `[templates.long] order` and `[templates.homepage] order`, and
// only when it differs from the usual order.
// `order` is the source's list (at `order_path`): each item a key, or `[key, title]`.
void keep_source_order(ImportMapper& m, const SourceNode& order, const std::string& order_path);

}  // namespace mkcv
