// A file another CV tool wrote (JSON Resume, RenderCV, YAMLResume), read into one tree
// whatever its syntax: objects keep their keys in file order, every value knows its line
// and column, and the mappers mark each value they import so the rest can be listed instead
// of dropped. The JSON and YAML readers make it; nothing else of theirs leaks out.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "util/diagnostics.h"
#include "util/source_location.h"

namespace mkcv {

struct SourceNode {
    enum class Kind { Null, Bool, Number, String, Array, Object };
    Kind kind = Kind::Null;
    // A scalar's text: strings as decoded, numbers and booleans as written.
    std::string scalar;
    // false for a YAML plain scalar: its type (number, bool) is a guess from its look, so a
    // field that wants text takes it as written.
    bool strictly_typed = true;
    SourcePos pos;
    // A key and its value; named like std::pair's members, which clang 14 cannot hold here
    // (a pair needs SourceNode complete).
    struct Member;
    std::vector<SourceNode> items;  // Array
    std::vector<Member> members;    // Object, in file order
    // Set by the mappers for each value they place (mutable: they read a const tree).
    mutable bool used = false;

    bool is_scalar() const { return kind != Kind::Array && kind != Kind::Object; }
    bool is_null() const { return kind == Kind::Null; }
    // The member `key` of an object; nullptr when absent, null or not an object.
    const SourceNode* get(std::string_view key) const;
};

struct SourceNode::Member {
    std::string first;
    SourceNode second;
};

// Bounds on what a reader builds: a CV is a few hundred values, five levels deep. YAML
// aliases share a node that the tree copies, so the node count also bounds alias expansion
// (a "billion laughs" file is refused after kMaxNodes nodes, at once).
inline constexpr std::size_t kMaxImportDepth = 64;
inline constexpr std::size_t kMaxImportNodes = 200000;
inline constexpr std::size_t kMaxImportBytes = 8 * 1024 * 1024;

// The error for a file over kMaxImportBytes, said the same by every reader; empty otherwise.
std::optional<Diagnostic> import_too_large(const std::string& file, std::size_t size);

// A value's place in its file, as the summary and the messages name it:
// `basics.profiles[2].url`.
std::string child_path(std::string_view parent, std::string_view key);
std::string item_path(std::string_view parent, std::size_t index);

// Calls `visit(path, node)` for every scalar under `node` (nulls included), in file order.
template <typename Visit>
void walk_scalars(const SourceNode& node, const std::string& path, Visit&& visit) {
    if (node.kind == SourceNode::Kind::Array) {
        for (std::size_t i = 0; i < node.items.size(); ++i)
            walk_scalars(node.items[i], item_path(path, i), visit);
    } else if (node.kind == SourceNode::Kind::Object) {
        for (const auto& [key, child] : node.members)
            walk_scalars(child, child_path(path, key), visit);
    } else {
        visit(path, node);
    }
}

}  // namespace mkcv
