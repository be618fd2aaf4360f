// The data a template sees, as one compact tree: objects (keys in the order they were
// added), lists, strings, booleans and null. A string may be typed text (text/rich_text.h):
// its node holds the plain text, which `<<&name>>` and `mkcv context` print, and its marks
// are kept aside for the renderer, which prints them in the output's format. context_builder makes
// one per template from the model, the renderer reads it directly, and `mkcv context` prints it as
// JSON.
//
// Why not JSON or Mustache data: a CV with thousands of publications made a generic tree
// of heap-allocated strings and hash maps per template, converted it, and freed it, which
// cost several times more than parsing cv.toml. Here every node is 28 bytes in one vector,
// all text sits in one buffer, and keys are small integers from a table of names.
#pragma once

#include <array>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "text/rich_text.h"

namespace mkcv {

class ContextTree {
  public:
    using Id = std::uint32_t;
    using KeyId = std::uint16_t;
    static constexpr Id kNone = ~Id{0};
    static constexpr KeyId kNoKey = static_cast<KeyId>(~0u);
    // Null is false in Mustache: an absent optional value hides its <<#section>>.
    enum class Kind : std::uint8_t { Null, False, True, String, List, Object };

    struct Node {
        std::uint32_t text_offset = 0;  // String: its bytes in the text buffer
        std::uint32_t text_size = 0;
        Id first = kNone;  // List, Object: first and last child
        Id last = kNone;
        Id next = kNone;  // the next sibling
        KeyId key = kNoKey;
        Kind kind = Kind::Null;
    };

    ContextTree();  // just the root: an empty object

    static constexpr Id root() { return 0; }
    const Node& node(Id id) const { return nodes_[id]; }
    Kind kind(Id id) const { return nodes_[id].kind; }
    std::string_view text(Id id) const {
        const Node& n = nodes_[id];
        return std::string_view(text_).substr(n.text_offset, n.text_size);
    }
    std::string_view key_name(Id id) const { return keys_[nodes_[id].key]; }
    std::size_t size() const { return nodes_.size(); }
    std::size_t text_bytes() const { return text_.size(); }

    // The key's number; kNoKey when no node has this key (so nothing can be found by it).
    KeyId key_id(std::string_view name) const;
    // The child of `object` with this key, or kNone.
    Id find(Id object, KeyId key) const;
    Id find(Id object, std::string_view key) const { return find(object, key_id(key)); }
    std::size_t child_count(Id id) const;

    // Adding children. `key` names the child in an object; in a list it is ignored. Text is
    // copied, so the tree owns everything it holds.
    Id add_object(Id parent, std::string_view key = {});
    Id add_list(Id parent, std::string_view key = {});
    Id add_string(Id parent, std::string_view key, std::string_view text);
    Id add_bool(Id parent, std::string_view key, bool value);
    Id add_null(Id parent, std::string_view key);
    // A string, or null when it is empty.
    Id add_text(Id parent, std::string_view key, std::string_view text);
    // The same for typed text: `text` is its plain form, `marks` its runs (none: plain).
    Id add_string(Id parent, std::string_view key, std::string_view text, const RichText& marks);
    Id add_text(Id parent, std::string_view key, std::string_view text, const RichText& marks);
    // The marks of a String node, or nullptr when it is plain text.
    const RichText* marks(Id id) const;

    void reserve(std::size_t nodes, std::size_t text_bytes);

  private:
    Id add(Id parent, std::string_view key, Kind kind);
    KeyId intern(std::string_view name);

    std::vector<Node> nodes_;
    std::string text_;
    std::vector<std::pair<Id, RichText>> marks_;  // by node, in the order nodes were added
    std::deque<std::string> keys_;  // a deque: key_ids_ views its strings, which must not move
    std::unordered_map<std::string_view, KeyId> key_ids_;  // views into keys_' strings
    struct RecentKey {
        const char* data = nullptr;  // the address a key was last given at
        std::string_view name;       // the key, in keys_
        KeyId id = kNoKey;
    };
    std::array<RecentKey, 128> recent_keys_{};
    // Objects with more children than this get an index (key → child) the first time a
    // lookup scans them all; find() keeps it, add() keeps it current.
    static constexpr std::size_t kIndexFrom = 64;
    mutable std::unordered_map<Id, std::unordered_map<KeyId, Id>> indexes_;
};

// For `mkcv context`, the documentation check and tests.
nlohmann::ordered_json to_json(const ContextTree& tree);
// For tests and tools that write a context by hand: numbers become strings (Mustache has
// none), the rest keeps its kind. The JSON must be an object.
ContextTree context_from_json(const nlohmann::ordered_json& json);

}  // namespace mkcv
