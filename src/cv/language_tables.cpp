#include "cv/language_tables.h"

#include <algorithm>
#include <map>

#include "cv/locale.h"
#include "cv/toml_input.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

std::string kind_of(const toml::node& node) {
    switch (node.type()) {
        case toml::node_type::string:
            return "a string";
        case toml::node_type::integer:
        case toml::node_type::floating_point:
            return "a number";
        case toml::node_type::boolean:
            return node.as_boolean()->get() ? "true" : "false";
        case toml::node_type::array:
            return "a list";
        case toml::node_type::table:
            return "a table";
        default:
            return "a date or time";
    }
}

// A text may be a language table where the schema says it is text a person reads: not a
// keyword of a fixed set (`kind`), nor a tag, a path or a language (translatable = false).
bool takes_language_table(const FieldSpec& field) {
    return field.translatable && field.allowed.empty();
}

// Whether a table where text belongs is meant as a language table: one of its keys is a
// language of two or three letters, with or without subtags (en, zh-Hant). Else it is some
// other table (`{ first = "Ada", last = "Lovelace" }`), which the loader calls a type error.
bool is_language_table(const toml::table& table) {
    return std::any_of(table.begin(), table.end(), [](const auto& entry) {
        const std::string_view tag = entry.first.str();
        const std::size_t primary = std::min(tag.find('-'), tag.size());
        return (primary == 2 || primary == 3) && is_language_tag(tag);
    });
}

// What a language table of a field holds: one text, or (a whole list) a list of texts.
enum class Holds { Text, List };

class Resolver {
  public:
    Resolver(const LanguageChoice& choice, const std::string& file, Diagnostics& diagnostics,
             std::vector<const toml::node*>& reported)
        : choice_(choice),
          wanted_(choice.language.empty() ? choice.default_language : choice.language),
          file_(file),
          diag_(diagnostics),
          reported_(reported) {}

    void table(toml::table& t, const TableSpec& spec) {
        for (auto it = t.begin(); it != t.end(); ++it) {
            const FieldSpec* field = spec.find(it->first.str());
            if (field)
                value(t, std::string(it->first.str()), it->second, *field);
        }
    }

  private:
    void value(toml::table& parent, const std::string& key, toml::node& node,
               const FieldSpec& field) {
        switch (field.type) {
            case FieldType::String:
                if (node.is_table() && takes_language_table(field) &&
                    is_language_table(*node.as_table()))
                    replace(parent, key, *node.as_table(), field, Holds::Text);
                return;
            case FieldType::StringList:
                if (!takes_language_table(field))
                    return;
                if (node.is_table() && is_language_table(*node.as_table()) &&
                    !replace(parent, key, *node.as_table(), field, Holds::List))
                    return;
                if (auto* list = parent.get_as<toml::array>(key))
                    items(*list, field);
                return;
            case FieldType::StringOrTable:  // person.location: a language table has no part
                if (auto* t = node.as_table()) {
                    const bool parts = std::any_of(t->begin(), t->end(), [&](const auto& entry) {
                        return field.nested->find(entry.first.str()) != nullptr;
                    });
                    if (parts || !is_language_table(*t))
                        table(*t, *field.nested);
                    else
                        replace(parent, key, *t, field, Holds::Text);
                }
                return;
            case FieldType::Table:
                if (auto* t = node.as_table())
                    table(*t, *field.nested);
                return;
            case FieldType::TableArray:
                if (auto* list = node.as_array())
                    for (auto& element : *list)
                        if (auto* t = element.as_table())
                            table(*t, *field.nested);
                return;
            case FieldType::TableMap:
                if (auto* t = node.as_table())
                    for (auto&& [name, element] : *t)
                        if (auto* nested = element.as_table())
                            table(*nested, *field.nested);
                return;
            default:
                return;
        }
    }

    // Items of a list of texts, each one text or a language table of texts.
    void items(toml::array& list, const FieldSpec& field) {
        for (std::size_t i = 0; i < list.size(); ++i) {
            const auto* t = list[i].as_table();
            if (!t || !is_language_table(*t))
                continue;
            if (const toml::node* chosen = choose(*t, field, Holds::Text)) {
                toml::value<std::string> text =
                    std::move(*const_cast<toml::node*>(chosen)->as_string());
                list.replace(list.cbegin() + static_cast<std::ptrdiff_t>(i), std::move(text));
            }
        }
    }

    // `parent.key`, a language table, becomes the value chosen; false when the table is bad.
    bool replace(toml::table& parent, const std::string& key, const toml::table& languages,
                 const FieldSpec& field, Holds holds) {
        const toml::node* chosen = choose(languages, field, holds);
        if (!chosen)
            return false;
        // Moved, not copied: a node moved keeps its source position, a copy loses it.
        auto* node = const_cast<toml::node*>(chosen);
        if (holds == Holds::Text) {
            toml::value<std::string> text = std::move(*node->as_string());
            parent.insert_or_assign(key, std::move(text));
        } else {
            toml::array list = std::move(*node->as_array());
            parent.insert_or_assign(key, std::move(list));
        }
        return true;
    }

    // The value of `languages` for the build's language, else the default one (a warning);
    // nullptr after reporting what is wrong with the table.
    const toml::node* choose(const toml::table& languages, const FieldSpec& field, Holds holds) {
        const std::string name(field.name);
        const SourcePos at = source_pos_of(languages.source());
        bool ok = true;
        std::vector<std::string> tags;
        std::vector<const toml::node*> values;
        for (const auto& [key, value] : languages) {
            const std::string tag(key.str());
            if (!is_language_tag(tag)) {
                diag_.error(
                    file_, source_pos_of(key.source()), "language-table",
                    "`" + name + "`: `" + shorten(tag) + "` is not a language (a BCP 47 tag)",
                    "the keys of a language table are languages, such as en, zh, "
                    "zh-Hant or de-CH");
                ok = false;
                continue;
            }
            if (std::any_of(tags.begin(), tags.end(),
                            [&](const std::string& seen) { return same_language(seen, tag); })) {
                diag_.error(file_, source_pos_of(key.source()), "language-table",
                            "`" + name + "` gives the language `" + shorten(tag) + "` twice",
                            "tags are compared without regard to case; keep one");
                ok = false;
            }
            if (!holds_right(value, holds)) {
                diag_.error(file_, source_pos_of(value.source()), "language-table",
                            "`" + name + "." + shorten(tag) + "` must be " +
                                (holds == Holds::Text ? "a string" : "a list of strings") +
                                ", found " + kind_of(value),
                            holds == Holds::Text ? "a language table maps languages to text"
                                                 : "give each language its whole list");
                ok = false;
            }
            tags.push_back(tag);
            values.push_back(&value);
        }
        if (!ok) {
            reported_.push_back(&languages);
            return nullptr;
        }
        const int fallback = match_language(tags, choice_.default_language);
        if (fallback < 0) {
            diag_.error(
                file_, at, "language-table",
                "`" + name + "` has no text in the default language, " + choice_.default_language,
                "add " + choice_.default_language +
                    " = \"...\" (every build falls back to it), or set [locale] "
                    "language to the CV's main language");
            reported_.push_back(&languages);
            return nullptr;
        }
        const int wanted = match_language(tags, wanted_);
        if (wanted >= 0)
            return values[static_cast<std::size_t>(wanted)];
        const toml::node* chosen = values[static_cast<std::size_t>(fallback)];
        diag_.warning(file_, at.known() ? at : source_pos_of(chosen->source()),
                      std::string(kLanguageFallbackCode),
                      "no " + wanted_ + " text for `" + name + "`; the " +
                          tags[static_cast<std::size_t>(fallback)] + " text is printed",
                      "add " + wanted_ + " = \"...\" to the table");
        return chosen;
    }

    static bool holds_right(const toml::node& value, Holds holds) {
        if (holds == Holds::Text)
            return value.is_string();
        const auto* list = value.as_array();
        return list && std::all_of(list->begin(), list->end(),
                                   [](const toml::node& item) { return item.is_string(); });
    }

    const LanguageChoice& choice_;
    std::string wanted_;
    const std::string& file_;
    Diagnostics& diag_;
    std::vector<const toml::node*>& reported_;
};

// The language a fallback warning is about: the tag after "no ".
std::string fallback_language(const Diagnostic& d) {
    const std::size_t end = d.message.find(' ', 3);
    return d.message.substr(3, end == std::string::npos ? std::string::npos : end - 3);
}

}  // namespace

int match_language(const std::vector<std::string>& tags, std::string_view wanted) {
    std::string prefix = ascii_lower(wanted);
    while (!prefix.empty()) {
        for (std::size_t i = 0; i < tags.size(); ++i)
            if (ascii_lower(tags[i]) == prefix)
                return static_cast<int>(i);
        const std::size_t dash = prefix.rfind('-');
        if (dash == std::string::npos)
            break;
        prefix.resize(dash);
        // A single-letter subtag starts an extension or private use ("x-..."): drop it too.
        if (const std::size_t before = prefix.rfind('-');
            before != std::string::npos && prefix.size() - before == 2)
            prefix.resize(before);
    }
    return -1;
}

bool same_language(std::string_view a, std::string_view b) {
    return ascii_lower(a) == ascii_lower(b);
}

void resolve_language_tables(toml::table& root, const TableSpec& schema,
                             const LanguageChoice& choice, const std::string& file,
                             Diagnostics& diagnostics, std::vector<const toml::node*>& reported) {
    Resolver(choice, file, diagnostics, reported).table(root, schema);
}

Diagnostics summarize_fallbacks(const Diagnostics& diagnostics, std::size_t listed) {
    // The fallbacks of each language, the first in the file first (the loader walks keys
    // in toml++'s order, not the file's).
    std::map<std::string, std::vector<const Diagnostic*>> by_language;
    for (const auto& d : diagnostics.items())
        if (d.code == kLanguageFallbackCode)
            by_language[fallback_language(d)].push_back(&d);
    for (auto& [language, group] : by_language)
        std::stable_sort(group.begin(), group.end(), [](const Diagnostic* a, const Diagnostic* b) {
            return std::pair(a->pos.line, a->pos.column) < std::pair(b->pos.line, b->pos.column);
        });
    Diagnostics out;
    for (const auto& d : diagnostics.items()) {
        if (d.code != kLanguageFallbackCode) {
            out.add(d);
            continue;
        }
        const auto& group = by_language[fallback_language(d)];
        if (group.size() <= listed) {
            out.add(d);
        } else if (group.front() == &d) {
            Diagnostic summary = d;
            summary.message = std::to_string(group.size()) + " texts have no " +
                              fallback_language(d) +
                              " text and print in the default language; the first is here";
            summary.hint = "--verbose lists each of them";
            out.add(std::move(summary));
        }
    }
    return out;
}

}  // namespace mkcv
