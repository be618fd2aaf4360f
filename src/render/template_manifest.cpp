#include "render/template_manifest.h"

#include <algorithm>

#include "cv/locale_texts.h"
#include "cv/model.h"
#include "cv/sections.h"
#include "cv/toml_input.h"
#include "util/text_similarity.h"

namespace mkcv {
namespace {

SourcePos key_pos(const toml::key& key) {
    return SourcePos{static_cast<int>(key.source().begin.line),
                     static_cast<int>(key.source().begin.column)};
}

// One [filters.SECTION] table; the same keys as [templates.NAME.filters.SECTION] in cv.toml,
// and `heading` (a locale heading by name), which only a template names.
SectionRules parse_section_rules(const toml::table& table, const std::string& file_name,
                                 Diagnostics& diagnostics) {
    static const std::vector<std::string> keys{
        "title",       "heading",     "selected", "include_tags", "exclude_tags", "since",
        "max_entries", "max_authors", "priority", "keep",         "droppable",    "keep_current"};
    SectionRules rules;
    for (const auto& [key, node] : table) {
        const std::string name(key.str());
        // clang 14 (the fuzz build) cannot capture a structured binding in a lambda.
        const toml::node& value = node;
        auto wrong = [&](const std::string& expected) {
            diagnostics.error(file_name, source_pos_of(value), "type",
                              "`" + name + "` must be " + expected);
        };
        if (name == "title") {
            if (const auto* s = node.as_string())
                rules.title = s->get();
            else
                wrong("a string");
        } else if (name == "heading") {
            const auto* s = node.as_string();
            if (s && find_locale_key("headings." + s->get()))
                rules.heading = s->get();
            else
                wrong(
                    "the name of a heading of the locale (docs/locales.md), e.g. "
                    "\"selected_publications\"");
        } else if (name == "selected" || name == "droppable" || name == "keep_current") {
            if (const auto* b = node.as_boolean())
                (name == "selected"    ? rules.selected_only
                 : name == "droppable" ? rules.droppable
                                       : rules.keep_current) = b->get();
            else
                wrong("true or false");
        } else if (name == "include_tags" || name == "exclude_tags") {
            std::vector<std::string> tags;
            const auto* array = node.as_array();
            if (array)
                for (const auto& item : *array)
                    if (const auto* s = item.as_string())
                        tags.push_back(s->get());
            if (!array || tags.size() != array->size())
                wrong("a list of strings");
            (name == "include_tags" ? rules.include_tags : rules.exclude_tags) = tags;
        } else if (name == "since" || name == "max_entries" || name == "max_authors" ||
                   name == "priority" || name == "keep") {
            const auto* n = node.as_integer();
            const int least = name == "priority" ? -1000 : name == "max_authors" ? 1 : 0;
            const int most = name == "since" ? 9999 : 100000;
            if (!n || n->get() < least || n->get() > most) {
                wrong("a whole number from " + std::to_string(least) + " to " +
                      std::to_string(most));
                continue;
            }
            const int value = static_cast<int>(n->get());
            if (name == "since")
                rules.since = value;
            else if (name == "max_entries")
                rules.max_entries = value;
            else if (name == "max_authors")
                rules.max_authors = value;
            else if (name == "priority")
                rules.priority = value;
            else
                rules.keep = value;
        } else {
            const std::string guess = closest_match(name, keys);
            diagnostics.error(file_name, key_pos(key), "unknown-key",
                              "unknown key `" + shorten(name) + "` in a filter",
                              guess.empty() ? "" : "did you mean `" + guess + "`?");
        }
    }
    return rules;
}

}  // namespace

const std::vector<std::string>& output_format_names() {
    static const std::vector<std::string> names{"latex", "html", "markdown", "json"};
    return names;
}

std::optional<TextFormat> output_format_named(const std::string& name) {
    if (name == "latex")
        return TextFormat::Latex;
    if (name == "html")
        return TextFormat::Html;
    if (name == "markdown")
        return TextFormat::Markdown;
    if (name == "json")
        return TextFormat::Json;
    return std::nullopt;
}

std::string output_extension(TextFormat format) {
    switch (format) {
        case TextFormat::Html:
            return ".html";
        case TextFormat::Markdown:
            return ".md";
        case TextFormat::Json:
            return ".json";
        case TextFormat::Latex:
        case TextFormat::Bibtex:
            break;
    }
    return ".pdf";
}

std::string partial_suffix(TextFormat format) {
    const std::string extension = output_extension(format);
    return (extension == ".pdf" ? std::string(".tex") : extension) + ".mustache";
}

OptionDeclarations parse_common_options(const std::string& text, const std::string& file_name,
                                        Diagnostics& diagnostics) {
    std::optional<toml::table> parsed = parse_toml(text, file_name, diagnostics);
    if (!parsed)
        return {};
    return parse_option_declarations(*parsed, {}, file_name, diagnostics);
}

TemplateManifest parse_manifest(const std::string& text, const std::string& file_name,
                                Diagnostics& diagnostics, const OptionDeclarations& common) {
    TemplateManifest manifest;
    std::optional<toml::table> parsed = parse_toml(text, file_name, diagnostics);
    if (!parsed)
        return manifest;
    const toml::table& root = *parsed;
    auto pos = [](const toml::node& node) {
        return SourcePos{static_cast<int>(node.source().begin.line),
                         static_cast<int>(node.source().begin.column)};
    };
    static const std::vector<std::string> keys{"name",
                                               "description",
                                               "engine",
                                               "format",
                                               "main",
                                               "max_pages",
                                               "budget",
                                               "order",
                                               "filters",
                                               "publication_kinds",
                                               "publication_headings",
                                               "common_options",
                                               "options"};
    for (const auto& [key, node] : root) {
        (void)node;
        const std::string name(key.str());
        if (std::find(keys.begin(), keys.end(), name) == keys.end()) {
            const std::string guess = closest_match(name, keys);
            // The caret goes under the key, which is what is wrong, not under its value.
            diagnostics.error(file_name, key_pos(key), "unknown-key",
                              "unknown key `" + shorten(name) + "` in template.toml",
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
    if (const toml::node* node = root.get("format")) {
        const auto* s = node->as_string();
        const std::optional<TextFormat> format = s ? output_format_named(s->get()) : std::nullopt;
        if (format) {
            manifest.format = *format;
        } else {
            const std::string guess = s ? closest_match(s->get(), output_format_names()) : "";
            diagnostics.error(file_name, pos(*node), s ? "value" : "type",
                              "`format` must be \"latex\", \"html\", \"markdown\" or \"json\"" +
                                  (s ? ", found \"" + shorten(s->get()) + "\"" : std::string()),
                              guess.empty() ? "" : "did you mean \"" + guess + "\"?");
        }
        // Each format's main file is named for its output, unless `main` says otherwise.
        if (!root.get("main") && manifest.format != TextFormat::Latex)
            manifest.main = "cv" + output_extension(manifest.format) + ".mustache";
    }
    if (const toml::node* node = root.get("engine"); node && node->is_string()) {
        if (manifest.engine != "xelatex" && manifest.engine != "lualatex" &&
            manifest.engine != "pdflatex")
            diagnostics.error(file_name, pos(*node), "value",
                              "`engine` must be xelatex, lualatex or pdflatex, found \"" +
                                  shorten(manifest.engine) + "\"");
    }
    if (const toml::node* node = root.get("max_pages")) {
        const auto* n = node->as_integer();
        if (!n || n->get() < 1 || n->get() > kMaxPagesLimit)
            diagnostics.error(
                file_name, pos(*node), "type",
                "`max_pages` must be a whole number from 1 to " + std::to_string(kMaxPagesLimit));
        else
            manifest.max_pages = static_cast<int>(n->get());
    }
    if (const toml::node* node = root.get("budget")) {
        const auto* s = node->as_string();
        manifest.rules.budget = s ? budget_profile_named(s->get()) : std::nullopt;
        if (!manifest.rules.budget) {
            const std::string guess = s ? closest_match(s->get(), budget_profile_names()) : "";
            diagnostics.error(file_name, pos(*node), s ? "value" : "type",
                              "`budget` must be \"academic\" or \"industry\"",
                              guess.empty() ? "" : "did you mean \"" + guess + "\"?");
        }
    }
    if (const toml::node* node = root.get("order")) {
        const auto* array = node->as_array();
        manifest.rules.order_pos = pos(*node);
        std::vector<std::string> order;
        if (!array)
            diagnostics.error(file_name, pos(*node), "type",
                              "`order` must be a list of section names");
        for (std::size_t i = 0; array && i < array->size(); ++i) {
            const toml::node& item = *array->get(i);
            const auto* s = item.as_string();
            const auto& names = section_names();
            if (!s || std::find(names.begin(), names.end(), s->get()) == names.end()) {
                const std::string guess = s ? closest_match(s->get(), names) : "";
                std::string list;
                for (const auto& name : names)
                    list += (list.empty() ? "" : ", ") + name;
                diagnostics.error(file_name, pos(item), "value", "`order` names sections: " + list,
                                  guess.empty() ? "" : "did you mean \"" + guess + "\"?");
            } else {
                order.push_back(s->get());
            }
        }
        manifest.rules.order = order;
    }
    const auto& kinds = publication_kind_names();
    auto check_kind = [&](const std::string& kind, const toml::node& at) {
        if (std::find(kinds.begin(), kinds.end(), kind) != kinds.end())
            return true;
        const std::string guess = closest_match(kind, kinds);
        diagnostics.error(file_name, pos(at), "value",
                          "\"" + shorten(kind) +
                              "\" is not a publication kind (conference, journal, "
                              "workshop, preprint, thesis, other)",
                          guess.empty() ? "" : "did you mean \"" + guess + "\"?");
        return false;
    };
    if (const toml::node* node = root.get("publication_kinds")) {
        const auto* array = node->as_array();
        if (!array)
            diagnostics.error(file_name, pos(*node), "type",
                              "`publication_kinds` must be a list of publication kinds");
        for (std::size_t i = 0; array && i < array->size(); ++i) {
            const toml::node& item = *array->get(i);
            if (const auto* s = item.as_string(); s && check_kind(s->get(), item))
                manifest.publication_kinds.push_back(s->get());
            else if (!s)
                diagnostics.error(file_name, pos(item), "type",
                                  "a publication kind must be a string");
        }
    }
    if (const toml::node* node = root.get("publication_headings")) {
        if (const auto* table = node->as_table()) {
            for (const auto& [key, value] : *table) {
                const std::string kind(key.str());
                if (!check_kind(kind, value))
                    continue;
                if (const auto* heading = value.as_string())
                    manifest.publication_headings[kind] = heading->get();
                else
                    diagnostics.error(file_name, pos(value), "type", "a heading must be a string");
            }
        } else {
            diagnostics.error(file_name, pos(*node), "type",
                              "`publication_headings` must be a table of kind = \"Heading\"");
        }
    }
    if (const toml::node* node = root.get("max_pages");
        node && manifest.format != TextFormat::Latex) {
        diagnostics.error(file_name, pos(*node), "value",
                          "`max_pages` counts PDF pages; only a LaTeX template has them",
                          "remove it, or leave out `format` for a LaTeX template");
        manifest.max_pages = 0;
    }
    if (manifest.max_pages > 0)
        manifest.rules.max_pages = manifest.max_pages;
    if (const toml::node* node = root.get("common_options")) {
        if (const auto* b = node->as_boolean())
            manifest.common_options = b->get();
        else
            diagnostics.error(file_name, pos(*node), "type",
                              "`common_options` must be true or false");
    }
    if (manifest.common_options)
        manifest.options = common;
    if (const toml::node* node = root.get("options")) {
        if (const auto* table = node->as_table())
            manifest.options =
                parse_option_declarations(*table, manifest.options, file_name, diagnostics);
        else
            diagnostics.error(file_name, pos(*node), "type", "`options` must be a table",
                              "write [options.NAME] tables with type, default and description");
    }
    if (const toml::node* node = root.get("filters")) {
        const auto* filters = node->as_table();
        if (!filters) {
            diagnostics.error(file_name, pos(*node), "type", "`filters` must be a table");
        } else {
            for (const auto& [key, value] : *filters) {
                const std::string section(key.str());
                const auto& names = section_names();
                if (std::find(names.begin(), names.end(), section) == names.end()) {
                    const std::string guess = closest_match(section, names);
                    diagnostics.error(file_name, key_pos(key), "unknown-key",
                                      "unknown section `" + shorten(section) + "` in [filters]",
                                      guess.empty() ? "" : "did you mean `" + guess + "`?");
                    continue;
                }
                // The shorthand of earlier manifests: publications = "selected" or "all".
                if (const auto* shorthand = value.as_string();
                    shorthand && (shorthand->get() == "selected" || shorthand->get() == "all")) {
                    manifest.rules.sections[section].selected_only = shorthand->get() == "selected";
                    continue;
                }
                if (const auto* table = value.as_table())
                    manifest.rules.sections[section] =
                        parse_section_rules(*table, file_name, diagnostics);
                else
                    diagnostics.error(file_name, pos(value), "type",
                                      "[filters." + section + "] must be a table",
                                      "write [filters." + section +
                                          "] with keys such as "
                                          "selected = true, since = 2020, max_entries = 10");
            }
        }
    }
    return manifest;
}

}  // namespace mkcv
