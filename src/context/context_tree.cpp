#include "context/context_tree.h"

#include <algorithm>
#include <stdexcept>

namespace mkcv {

ContextTree::ContextTree() {
    nodes_.push_back(Node{});
    nodes_.back().kind = Kind::Object;
}

void ContextTree::reserve(std::size_t nodes, std::size_t text_bytes) {
    nodes_.reserve(nodes);
    text_.reserve(text_bytes);
}

ContextTree::KeyId ContextTree::key_id(std::string_view name) const {
    const auto found = key_ids_.find(name);
    return found == key_ids_.end() ? kNoKey : found->second;
}

ContextTree::KeyId ContextTree::intern(std::string_view name) {
    // Keys are mostly the builder's string literals, the same few dozen over and over: a
    // slot per address answers most without hashing the text. The text is still compared,
    // as an address may be reused for other text.
    // (Literals are packed byte by byte: the whole address is hashed, not its upper bits.)
    const auto address = reinterpret_cast<std::uintptr_t>(name.data());
    auto& slot = recent_keys_[static_cast<std::size_t>((address * 0x9E3779B97F4A7C15u) >> 57) %
                              recent_keys_.size()];
    if (slot.data == name.data() && slot.name == name)
        return slot.id;
    slot.data = name.data();
    if (const auto found = key_ids_.find(name); found != key_ids_.end()) {
        slot.name = keys_[found->second];
        return slot.id = found->second;
    }
    if (keys_.size() >= kNoKey)
        throw std::length_error("too many distinct keys in a template context");
    const auto id = static_cast<KeyId>(keys_.size());
    keys_.emplace_back(name);
    key_ids_.emplace(keys_.back(), id);
    slot.name = keys_.back();
    return slot.id = id;
}

ContextTree::Id ContextTree::find(Id object, KeyId key) const {
    if (key == kNoKey || nodes_[object].kind != Kind::Object)
        return kNone;
    if (const auto indexed = indexes_.find(object); indexed != indexes_.end()) {
        const auto found = indexed->second.find(key);
        return found == indexed->second.end() ? kNone : found->second;
    }
    std::size_t steps = 0;
    Id found = kNone;
    for (Id child = nodes_[object].first; child != kNone; child = nodes_[child].next, ++steps)
        if (nodes_[child].key == key) {
            found = child;
            break;
        }
    // A large object (the root holds a key per section, and so do `is`, `titles` and `has`;
    // a template looks names up there once per section) is indexed once a lookup has walked
    // far into it: thousands of sections made rendering quadratic. The first child of a key
    // wins, as in the walk.
    if (steps > kIndexFrom) {
        auto& index = indexes_[object];
        for (Id child = nodes_[object].first; child != kNone; child = nodes_[child].next)
            index.emplace(nodes_[child].key, child);
    }
    return found;
}

std::size_t ContextTree::child_count(Id id) const {
    std::size_t count = 0;
    for (Id child = nodes_[id].first; child != kNone; child = nodes_[child].next)
        ++count;
    return count;
}

ContextTree::Id ContextTree::add(Id parent, std::string_view key, Kind kind) {
    if (nodes_.size() >= kNone)
        throw std::length_error("template context too large");
    const auto id = static_cast<Id>(nodes_.size());
    Node node;
    node.kind = kind;
    if (nodes_[parent].kind == Kind::Object)
        node.key = intern(key);
    nodes_.push_back(node);
    Node& p = nodes_[parent];
    if (p.last == kNone)
        p.first = id;
    else
        nodes_[p.last].next = id;
    p.last = id;
    if (const auto indexed = indexes_.find(parent); indexed != indexes_.end())
        indexed->second.emplace(node.key, id);
    return id;
}

ContextTree::Id ContextTree::add_object(Id parent, std::string_view key) {
    return add(parent, key, Kind::Object);
}

ContextTree::Id ContextTree::add_list(Id parent, std::string_view key) {
    return add(parent, key, Kind::List);
}

ContextTree::Id ContextTree::add_string(Id parent, std::string_view key, std::string_view text) {
    if (text_.size() + text.size() > UINT32_MAX)
        throw std::length_error("template context too large");
    const Id id = add(parent, key, Kind::String);
    nodes_[id].text_offset = static_cast<std::uint32_t>(text_.size());
    nodes_[id].text_size = static_cast<std::uint32_t>(text.size());
    text_.append(text);
    return id;
}

ContextTree::Id ContextTree::add_string(Id parent, std::string_view key, std::string_view text,
                                        const RichText& marks) {
    const Id id = add_string(parent, key, text);
    if (!marks.empty())
        marks_.emplace_back(id, marks);
    return id;
}

ContextTree::Id ContextTree::add_text(Id parent, std::string_view key, std::string_view text,
                                      const RichText& marks) {
    return text.empty() ? add_null(parent, key) : add_string(parent, key, text, marks);
}

const RichText* ContextTree::marks(Id id) const {
    if (marks_.empty())
        return nullptr;
    const auto found = std::lower_bound(
        marks_.begin(), marks_.end(), id,
        [](const std::pair<Id, RichText>& entry, Id wanted) { return entry.first < wanted; });
    return found != marks_.end() && found->first == id ? &found->second : nullptr;
}

ContextTree::Id ContextTree::add_bool(Id parent, std::string_view key, bool value) {
    return add(parent, key, value ? Kind::True : Kind::False);
}

ContextTree::Id ContextTree::add_null(Id parent, std::string_view key) {
    return add(parent, key, Kind::Null);
}

ContextTree::Id ContextTree::add_text(Id parent, std::string_view key, std::string_view text) {
    return text.empty() ? add_null(parent, key) : add_string(parent, key, text);
}

namespace {

nlohmann::ordered_json node_json(const ContextTree& tree, ContextTree::Id id) {
    using Kind = ContextTree::Kind;
    switch (tree.kind(id)) {
        case Kind::Null:
            return nullptr;
        case Kind::False:
            return false;
        case Kind::True:
            return true;
        case Kind::String:
            return std::string(tree.text(id));
        case Kind::List: {
            auto out = nlohmann::ordered_json::array();
            for (auto child = tree.node(id).first; child != ContextTree::kNone;
                 child = tree.node(child).next)
                out.push_back(node_json(tree, child));
            return out;
        }
        case Kind::Object:
            break;
    }
    auto out = nlohmann::ordered_json::object();
    for (auto child = tree.node(id).first; child != ContextTree::kNone;
         child = tree.node(child).next)
        out[std::string(tree.key_name(child))] = node_json(tree, child);
    return out;
}

void add_json(ContextTree& tree, ContextTree::Id parent, const std::string& key,
              const nlohmann::ordered_json& json) {
    switch (json.type()) {
        case nlohmann::json::value_t::object: {
            const auto id = tree.add_object(parent, key);
            for (const auto& [k, v] : json.items())
                add_json(tree, id, k, v);
            return;
        }
        case nlohmann::json::value_t::array: {
            const auto id = tree.add_list(parent, key);
            for (const auto& v : json)
                add_json(tree, id, "", v);
            return;
        }
        case nlohmann::json::value_t::string:
            tree.add_string(parent, key, json.get_ref<const std::string&>());
            return;
        case nlohmann::json::value_t::boolean:
            tree.add_bool(parent, key, json.get<bool>());
            return;
        case nlohmann::json::value_t::null:
            tree.add_null(parent, key);
            return;
        default:
            tree.add_string(parent, key, json.dump());
    }
}

}  // namespace

nlohmann::ordered_json to_json(const ContextTree& tree) {
    return node_json(tree, ContextTree::root());
}

ContextTree context_from_json(const nlohmann::ordered_json& json) {
    if (!json.is_object())
        throw std::invalid_argument("a template context is a JSON object");
    ContextTree tree;
    for (const auto& [key, value] : json.items())
        add_json(tree, ContextTree::root(), key, value);
    return tree;
}

}  // namespace mkcv
