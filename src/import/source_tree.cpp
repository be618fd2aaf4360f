#include "import/source_tree.h"

namespace mkcv {

const SourceNode* SourceNode::get(std::string_view key) const {
    if (kind != Kind::Object)
        return nullptr;
    for (const auto& [name, child] : members)
        if (name == key)
            return child.is_null() ? nullptr : &child;
    return nullptr;
}

std::string child_path(std::string_view parent, std::string_view key) {
    // Keys that are not plain words are quoted, so a path always reads back one way.
    bool plain = !key.empty();
    for (const char c : key)
        plain = plain && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
                          (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '$');
    std::string out(parent);
    if (plain) {
        if (!out.empty())
            out += '.';
        out += key;
    } else {
        out += "[\"";
        for (const char c : key) {
            if (c == '"' || c == '\\')
                out += '\\';
            out += static_cast<unsigned char>(c) < 0x20 ? '?' : c;
        }
        out += "\"]";
    }
    return out;
}

std::string item_path(std::string_view parent, std::size_t index) {
    return std::string(parent) + "[" + std::to_string(index) + "]";
}

std::optional<Diagnostic> import_too_large(const std::string& file, std::size_t size) {
    if (size <= kMaxImportBytes)
        return std::nullopt;
    return Diagnostic{
        Severity::Error,
        file,
        {},
        "import-size",
        "is larger than " + std::to_string(kMaxImportBytes / (1024 * 1024)) + " MiB; no CV is",
        ""};
}

}  // namespace mkcv
