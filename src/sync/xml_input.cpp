#include "sync/xml_input.h"

#include "sync/json_input.h"
#include "sync/work.h"
#include "util/ascii.h"

namespace mkcv::sync {

Result<> parse_xml(std::string_view text, const std::string& source, pugi::xml_document& doc) {
    if (text.size() > kMaxResponseBytes)
        return response_failure(source, "the response is larger than " +
                                            std::to_string(kMaxResponseBytes >> 20) + " MiB");
    if (ascii_lower(text).find("<!doctype") != std::string::npos ||
        text.find("<!ENTITY") != std::string_view::npos)
        return response_failure(source,
                                "the XML has a DOCTYPE or entity declarations, which "
                                "mkcv refuses (no API sends them)");
    // parse_default without parse_doctype; no parse_declaration or processing instructions.
    const pugi::xml_parse_result parsed =
        doc.load_buffer(text.data(), text.size(), pugi::parse_default, pugi::encoding_utf8);
    if (!parsed)
        return response_failure(source, std::string("is not well-formed XML: ") +
                                            parsed.description() + " at byte " +
                                            std::to_string(parsed.offset));
    return {};
}

std::string_view local_name(const pugi::xml_node& node) {
    std::string_view name = node.name();
    if (const auto colon = name.rfind(':'); colon != std::string_view::npos)
        name.remove_prefix(colon + 1);
    return name;
}

pugi::xml_node child_named(const pugi::xml_node& node, std::string_view name) {
    for (const pugi::xml_node& child : node.children())
        if (child.type() == pugi::node_element && local_name(child) == name)
            return child;
    return {};
}

}  // namespace mkcv::sync
