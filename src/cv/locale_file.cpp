#include "cv/locale_file.h"

#include <algorithm>
#include <array>

#include "cv/toml_input.h"
#include "util/text_similarity.h"

namespace mkcv {
namespace {

constexpr std::array<std::string_view, 2> kTables{"headings", "counts"};

// The keys allowed beside `prefix` ("" at the top, "headings." inside [headings]).
std::vector<std::string> names_under(std::string_view prefix) {
    std::vector<std::string> out;
    for (const auto& key : locale_keys()) {
        if (key.name.substr(0, prefix.size()) != prefix)
            continue;
        const std::string_view rest = key.name.substr(prefix.size());
        const std::string name(rest.substr(0, rest.find('.')));
        if (std::find(out.begin(), out.end(), name) == out.end())
            out.push_back(name);
    }
    return out;
}

class LocaleReader {
  public:
    LocaleReader(const std::string& file, LocaleTexts& texts, Diagnostics& diagnostics,
                 bool report_shape)
        : file_(file), texts_(texts), diag_(diagnostics), report_shape_(report_shape) {}

    void read(const toml::table& table, std::string_view prefix, std::string_view skip) {
        for (const auto& [key, node] : table) {
            const std::string name(key.str());
            if (prefix.empty() && name == skip)
                continue;
            const std::string full = std::string(prefix) + name;
            if (prefix.empty() &&
                std::find(kTables.begin(), kTables.end(), name) != kTables.end()) {
                if (const auto* inner = node.as_table())
                    read(*inner, full + ".", skip);
                else if (report_shape_)
                    error(source_pos_of(node), "type", "`" + name + "` must be a table",
                          "write a [" + name + "] table");
                continue;
            }
            const LocaleKey* spec = find_locale_key(full);
            if (!spec) {
                if (report_shape_) {
                    const std::vector<std::string> known = names_under(prefix);
                    const std::string guess = closest_match(name, known);
                    std::string where =
                        prefix.empty()
                            ? std::string("the locale")
                            : "[" + std::string(prefix.substr(0, prefix.size() - 1)) + "]";
                    error(source_pos_of(key), "unknown-key",
                          "unknown key `" + shorten(name) + "` in " + where,
                          guess.empty() ? "docs/locales.md lists the keys"
                                        : "did you mean `" + guess + "`?");
                }
                continue;
            }
            if (spec->kind == LocaleKeyKind::Months)
                read_months(node, *spec);
            else if (const auto* value = node.as_string()) {
                if (check_text(*value, *spec))
                    texts_.set(spec->name, value->get());
            } else if (report_shape_) {
                error(source_pos_of(node), "type", "`" + name + "` must be a string",
                      "write it in quotes: " + name + " = \"...\"");
            }
        }
    }

    bool ok = true;

  private:
    void error(SourcePos pos, const std::string& code, const std::string& message,
               const std::string& hint) {
        ok = false;
        diag_.error(file_, pos, code, message, hint);
    }

    bool check_text(const toml::value<std::string>& value, const LocaleKey& key) {
        const std::string& text = value.get();
        const std::string name(key.name);
        if (text.size() > kMaxLocaleTextBytes) {
            error(source_pos_of(value), "value",
                  "`" + name + "` is " + std::to_string(text.size()) + " bytes long, over " +
                      std::to_string(kMaxLocaleTextBytes),
                  "a locale's texts are words and short phrases");
            return false;
        }
        for (const char c : text)
            if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
                error(source_pos_of(value), "value", "`" + name + "` holds a control character",
                      "write it on one line, without tabs");
                return false;
            }
        if (key.kind == LocaleKeyKind::Pattern)
            return check_pattern(value, key);
        return true;
    }

    // Only the key's own {placeholders}; a brace that opens none is refused, so a typo never
    // prints as "{yaer}".
    bool check_pattern(const toml::value<std::string>& value, const LocaleKey& key) {
        const std::string& text = value.get();
        std::string allowed;
        for (const auto p : key.placeholders)
            allowed += (allowed.empty() ? "{" : ", {") + std::string(p) + "}";
        for (std::size_t i = 0; i < text.size(); ++i) {
            if (text[i] == '}') {
                error(source_pos_of(value), "value",
                      "`" + std::string(key.name) + "` has a `}` that closes no placeholder",
                      "placeholders are " + allowed);
                return false;
            }
            if (text[i] != '{')
                continue;
            const std::size_t close = text.find('}', i);
            const std::string name =
                close == std::string::npos ? "" : text.substr(i + 1, close - i - 1);
            if (std::find(key.placeholders.begin(), key.placeholders.end(), name) ==
                key.placeholders.end()) {
                std::vector<std::string> names(key.placeholders.begin(), key.placeholders.end());
                const std::string guess =
                    close == std::string::npos ? "" : closest_match(name, names);
                error(source_pos_of(value), "value",
                      close == std::string::npos
                          ? "`" + std::string(key.name) + "` has a `{` that is not closed"
                          : "`" + std::string(key.name) + "` has an unknown placeholder {" +
                                shorten(name) + "}",
                      guess.empty() ? "placeholders are " + allowed
                                    : "did you mean {" + guess + "}?");
                return false;
            }
            i = close;
        }
        return true;
    }

    void read_months(const toml::node& node, const LocaleKey& key) {
        const std::string name(key.name);
        const auto* array = node.as_array();
        if (!array && !report_shape_)
            return;
        if (!array || array->size() != 12) {
            error(source_pos_of(node), "type",
                  "`" + name + "` must be a list of 12 names, January first",
                  array ? "it has " + std::to_string(array->size()) : "write " + name + " = [...]");
            return;
        }
        std::vector<std::string> names;
        for (const auto& element : *array) {
            const auto* value = element.as_string();
            if (!value) {
                if (!report_shape_)
                    return;
                error(source_pos_of(element), "type",
                      "every item of `" + name + "` must be a string", "write it in quotes");
                return;
            }
            if (!check_text(*value, {key.name, LocaleKeyKind::Text, "", ""}))
                return;
            names.push_back(value->get());
        }
        texts_.set_months(key.name, std::move(names));
    }

    const std::string& file_;
    LocaleTexts& texts_;
    Diagnostics& diag_;
    bool report_shape_;
};

}  // namespace

bool read_locale_table(const toml::table& table, const std::string& file_name, LocaleTexts& texts,
                       Diagnostics& diagnostics, bool report_shape, std::string_view skip) {
    LocaleReader reader(file_name, texts, diagnostics, report_shape);
    reader.read(table, "", skip);
    return reader.ok;
}

std::optional<LocaleTexts> parse_locale_file(std::string_view text, const std::string& file_name,
                                             Diagnostics& diagnostics) {
    if (text.size() > kMaxLocaleFileBytes) {
        diagnostics.error(file_name, {}, "value",
                          "the locale file is " + std::to_string(text.size()) +
                              " bytes long, over " + std::to_string(kMaxLocaleFileBytes),
                          "a locale file holds a few hundred short texts");
        return std::nullopt;
    }
    const std::optional<toml::table> root = parse_toml(text, file_name, diagnostics);
    if (!root)
        return std::nullopt;
    LocaleTexts texts;
    if (!read_locale_table(*root, file_name, texts, diagnostics, true))
        return std::nullopt;
    return texts;
}

}  // namespace mkcv
