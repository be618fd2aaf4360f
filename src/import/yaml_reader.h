// YAML (RenderCV, YAMLResume) → a SourceNode tree, with yaml-cpp (libyaml-cpp-dev). Only the
// first document is read. Anchors and aliases are expanded into the tree, which is bounded
// (source_tree.h: kMaxImportNodes values, kMaxImportDepth levels), so a "billion laughs" file
// is refused at once with little memory; merge keys (`<<: *base`) are applied, keys written
// in the mapping winning; a duplicate key is an error.
#pragma once

#include <string>

#include "import/source_tree.h"
#include "util/result.h"

namespace mkcv {

// `file` names the input in messages. A syntax error, a key that is not text, a duplicate
// key or input past the bounds fails with a located "import-syntax" diagnostic.
Result<SourceNode> read_yaml(const std::string& file, const std::string& text);

}  // namespace mkcv
