#include "import/source_order.h"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

#include "cv/sections.h"

namespace mkcv {
namespace {

// The cv.toml section a value went to, as `order` names it, from its path in the import
// summary ("experience[3].note" → experience, "person.summary" → summary, a typed section's
// key as it is); empty for what no `order` names (person, locale, a value left out).
std::string section_of_path(const TomlValue& document, const std::string& to) {
    const std::string first = to.substr(0, to.find_first_of(".[ "));
    if (first == "person")
        return to.rfind("person.summary", 0) == 0 ? "summary" : "";
    if (first == "bibliography")  // a .bib's papers print in [[publications]]
        return "publications";
    const std::vector<std::string>& names = section_names();
    if (std::find(names.begin(), names.end(), first) != names.end())
        return first;
    if (const TomlValue* declared = document.find("section"); declared && declared->find(first))
        return first;
    return "";
}

// Whether the import put anything in the section `name` (as `order` names it).
bool has_section_data(const TomlValue& document, const std::string& name) {
    if (name == "summary") {
        const TomlValue* person = document.find("person");
        return person && person->find("summary");
    }
    if (name == "publications" && document.find("bibliography"))
        return true;
    return document.find(name) != nullptr;
}

}  // namespace

void keep_source_order(ImportMapper& m, const SourceNode& order, const std::string& order_path) {
    if (order.kind != SourceNode::Kind::Array)
        return;
    std::vector<std::string> printed;
    std::set<std::string> named;           // what `printed` holds
    std::set<std::string> ordered_custom;  // "sections[2]": custom sections the order names
    const auto add = [&printed, &named](const std::string& name) {
        if (!name.empty() && named.insert(name).second)
            printed.push_back(name);
    };
    // The order's keys, each as the mappers begin a path with it: the key as written
    // (`Visiting Posts[0].role`, the sections' loop) or as child_path quotes it.
    std::vector<std::pair<std::string, std::string>> keys;  // (as written, quoted)
    std::set<std::string, std::less<>> heads;
    for (std::size_t i = 0; i < order.items.size() && i < 1000; ++i) {
        // `- [research, Research Experience]`, or the key alone.
        const SourceNode& item = order.items[i];
        const SourceNode* key_node =
            item.kind == SourceNode::Kind::Array && !item.items.empty() ? &item.items[0] : &item;
        if (!key_node->is_scalar() || key_node->is_null() || key_node->scalar.empty())
            continue;
        keys.emplace_back(key_node->scalar, child_path("", key_node->scalar));
        heads.insert(keys.back().first);
        heads.insert(keys.back().second);
    }
    // The summary's lines by the order's key they start with (the longest that is followed
    // by `.`, `[`, a space or the end), in one pass, however long the order and the file.
    std::map<std::string, std::vector<const MappedValue*>, std::less<>> lines_of_key;
    for (const MappedValue& value : m.summary()) {
        const std::string_view from = value.from;
        for (std::size_t end = from.size() + 1; end-- > 0;)
            if (end == from.size() ||
                std::string_view(".[ ").find(from[end]) != std::string_view::npos)
                if (const auto head = heads.find(from.substr(0, end)); head != heads.end()) {
                    lines_of_key[*head].push_back(&value);
                    break;
                }
    }
    std::unordered_map<std::string, std::string> section_of_destination;
    std::set<std::string> done;
    for (const auto& [written, quoted] : keys) {
        if (!done.insert(written).second)
            continue;
        std::vector<const MappedValue*> lines;
        for (const std::string* head : {&written, &quoted})
            if (const auto found = lines_of_key.find(*head); found != lines_of_key.end())
                lines.insert(lines.end(), found->second.begin(), found->second.end());
        for (const MappedValue* value : lines) {
            const std::string destination = value->to.substr(0, value->to.find_first_of(".[ "));
            if (destination == "person") {  // person.summary is a section, person.name is not
                add(section_of_path(m.document(), value->to));
                continue;
            }
            auto known = section_of_destination.find(destination);
            if (known == section_of_destination.end())
                known = section_of_destination
                            .emplace(destination, section_of_path(m.document(), value->to))
                            .first;
            add(known->second);
            if (value->to.rfind("sections[", 0) == 0)
                ordered_custom.insert(value->to.substr(0, value->to.find(']') + 1));
        }
    }
    // The custom sections print as one block (`sections`): it moves to where the source put
    // one of them only when the source's order names every one of them; else it keeps its
    // place at the end, with "Other imported data".
    const TomlValue* custom = m.document().find("sections");
    if (custom && ordered_custom.size() < custom->items.size() && named.erase("sections"))
        printed.erase(std::remove(printed.begin(), printed.end(), "sections"), printed.end());
    if (printed.empty())
        return;
    const std::vector<std::string>& usual = section_names();
    for (const std::string& name : usual)
        add(name);
    // Nothing to write when the sections this CV has print in the usual order anyway.
    const auto holding = [&m](const std::vector<std::string>& names) {
        std::vector<std::string> out;
        for (const std::string& name : names)
            if (has_section_data(m.document(), name))
                out.push_back(name);
        return out;
    };
    if (holding(printed) == holding(usual))
        return;
    TomlValue list = TomlValue::array();
    for (const std::string& name : printed)
        list.items.push_back(TomlValue::text(name));
    TomlValue& templates = m.document().at("templates");
    for (const char* name : {"long", "homepage"}) {
        templates.at(name).set("order", list);
        m.record(order_path, std::string("templates.") + name + ".order");
    }
}

}  // namespace mkcv
