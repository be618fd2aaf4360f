#include "template_manifest.h"

#include <toml++/toml.h>

#include "text_similarity.h"

namespace mkcv {

TemplateManifest parse_manifest(const std::string& text, const std::string& file_name,
                                Diagnostics& diagnostics) {
    TemplateManifest manifest;
    toml::table root;
    try {
        root = toml::parse(text, file_name);
    } catch (const toml::parse_error& error) {
        const auto& begin = error.source().begin;
        diagnostics.error(file_name, {static_cast<int>(begin.line), static_cast<int>(begin.column)},
                          "toml-syntax", std::string(error.description()));
        return manifest;
    }
    auto pos = [](const toml::node& node) {
        return SourcePos{static_cast<int>(node.source().begin.line),
                         static_cast<int>(node.source().begin.column)};
    };
    static const std::vector<std::string> keys{"name", "description", "engine",
                                               "main", "max_pages",   "filters"};
    for (const auto& [key, node] : root) {
        const std::string name(key.str());
        if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
            const std::string guess = closest_match(name, keys);
            diagnostics.error(file_name, pos(node), "unknown-key",
                              "unknown key `" + name + "` in template.toml",
                              guess.empty() ? "" : "did you mean `" + guess + "`?");
        }
    }
    auto string_value = [&](const char* key, std::string& out) {
        if (const toml::node* node = root.get(key)) {
            if (const auto* s = node->as_string())
                out = s->get();
            else
                diagnostics.error(file_name, pos(*node), "type",
                                  std::string("`") + key + "` must be a string");
        }
    };
    string_value("name", manifest.name);
    string_value("description", manifest.description);
    string_value("engine", manifest.engine);
    string_value("main", manifest.main);
    if (const toml::node* node = root.get("engine"); node && node->is_string()) {
        if (manifest.engine != "xelatex" && manifest.engine != "lualatex" &&
            manifest.engine != "pdflatex")
            diagnostics.error(file_name, pos(*node), "value",
                              "`engine` must be xelatex, lualatex or pdflatex, found \"" +
                                  manifest.engine + "\"");
    }
    if (const toml::node* node = root.get("max_pages")) {
        const auto* n = node->as_integer();
        if (!n || n->get() < 1 || n->get() > 1000)
            diagnostics.error(file_name, pos(*node), "type",
                              "`max_pages` must be a whole number from 1 to 1000");
        else
            manifest.max_pages = static_cast<int>(n->get());
    }
    if (const toml::node* node = root.get("filters")) {
        const auto* filters = node->as_table();
        if (!filters) {
            diagnostics.error(file_name, pos(*node), "type", "`filters` must be a table");
        } else {
            for (const auto& [key, value] : *filters) {
                if (key.str() == "publications" && value.is_string() &&
                    (value.as_string()->get() == "selected" || value.as_string()->get() == "all")) {
                    manifest.filter.selected_publications_only =
                        value.as_string()->get() == "selected";
                } else {
                    diagnostics.error(
                        file_name, pos(value), "value",
                        "unknown filter `" + std::string(key.str()) + "`",
                        "the supported filter is publications = \"selected\" or \"all\"");
                }
            }
        }
    }
    return manifest;
}

}  // namespace mkcv
