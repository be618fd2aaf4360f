#include "render/template_options.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <sstream>

#include "cv/option_reader.h"
#include "util/text_similarity.h"

namespace mkcv {
namespace {

const std::vector<std::string> kSides{"top", "bottom", "left", "right"};

std::string join(const std::vector<std::string>& items, const std::string& separator = ", ") {
    std::string out;
    for (const auto& item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

// "11", "1.15": at most three decimals, no trailing zeros.
std::string number_text(double number) {
    std::ostringstream out;
    out.precision(3);
    out << std::fixed << number;
    std::string text = out.str();
    text.erase(text.find_last_not_of('0') + 1);
    if (text.back() == '.')
        text.pop_back();
    return text;
}

// Lower-case letters, digits and '_', starting with a letter: an option's name and an enum's
// values become context keys (options.NAME, options.NAME_is.VALUE).
bool is_option_word(const std::string& word) {
    if (word.empty() || word.size() > 40 || !(word[0] >= 'a' && word[0] <= 'z'))
        return false;
    return std::all_of(word.begin(), word.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
}

struct Checker {
    const OptionDeclaration& decl;
    const std::string& file;
    Diagnostics& diagnostics;

    void error(SourcePos pos, const std::string& code, const std::string& message,
               const std::string& hint = "") {
        diagnostics.error(file, pos, code, message, hint);
    }

    std::string bounds_text() const {
        const bool length = decl.type != OptionType::Number;
        auto show = [&](double v) { return number_text(v) + (length ? "pt" : ""); };
        if (decl.min && decl.max)
            return " from " + show(*decl.min) + " to " + show(*decl.max);
        if (decl.min)
            return " of at least " + show(*decl.min);
        if (decl.max)
            return " of at most " + show(*decl.max);
        return "";
    }

    bool in_bounds(double value) const {
        return (!decl.min || value >= *decl.min - 1e-9) && (!decl.max || value <= *decl.max + 1e-9);
    }

    std::optional<std::string> length(const OptionSetting& s, const std::string& what) {
        if (s.kind != OptionSetting::Kind::String) {
            error(s.pos, "type",
                  "`" + what + "` must be a length such as \"2cm\", found " + describe(s),
                  s.kind == OptionSetting::Kind::Integer || s.kind == OptionSetting::Kind::Float
                      ? "give a unit in quotes: \"" + number_text(s.number) + "pt\""
                      : "");
            return std::nullopt;
        }
        const std::optional<double> points = length_in_points(s.text);
        if (!points) {
            error(s.pos, "value",
                  "`" + what +
                      "` must be a length such as \"2cm\", \"0.75in\", \"18mm\" or "
                      "\"10pt\", found \"" +
                      shorten(s.text) + "\"");
            return std::nullopt;
        }
        if (!in_bounds(*points)) {
            error(s.pos, "value",
                  "`" + what + "` must be a length" + bounds_text() + ", found \"" + s.text + "\"");
            return std::nullopt;
        }
        return s.text;
    }

    std::optional<OptionValue> check(const OptionSetting& s) {
        OptionValue value;
        const std::string& name = decl.name;
        auto wrong = [&](const std::string& expected, const std::string& hint = "") {
            error(s.pos, "type", "`" + name + "` must be " + expected + ", found " + describe(s),
                  hint);
            return std::nullopt;
        };
        switch (decl.type) {
            case OptionType::String:
                if (s.kind != OptionSetting::Kind::String)
                    return wrong("a string", "write it in quotes");
                if (s.text.size() > kMaxOptionStringBytes) {
                    error(s.pos, "value",
                          "`" + name + "` is longer than " + std::to_string(kMaxOptionStringBytes) +
                              " bytes");
                    return std::nullopt;
                }
                value.text = s.text;
                return value;
            case OptionType::Enum: {
                if (s.kind != OptionSetting::Kind::String)
                    return wrong("one of " + join(decl.values),
                                 "write one of them in quotes: " + name + " = \"" +
                                     decl.values.front() + "\"");
                if (std::find(decl.values.begin(), decl.values.end(), s.text) ==
                    decl.values.end()) {
                    const std::string guess = closest_match(s.text, decl.values);
                    error(s.pos, "value",
                          "`" + name + "` must be one of " + join(decl.values) + ", found \"" +
                              shorten(s.text) + "\"",
                          guess.empty() ? "" : "did you mean \"" + guess + "\"?");
                    return std::nullopt;
                }
                value.text = s.text;
                return value;
            }
            case OptionType::Bool:
                if (s.kind != OptionSetting::Kind::Bool)
                    return wrong("true or false", s.kind == OptionSetting::Kind::String
                                                      ? "write true or false, without quotes"
                                                      : "");
                value.flag = s.flag;
                value.text = s.flag ? "true" : "false";
                return value;
            case OptionType::Number: {
                if (s.kind != OptionSetting::Kind::Integer && s.kind != OptionSetting::Kind::Float)
                    return wrong("a number",
                                 s.kind == OptionSetting::Kind::String ? "remove the quotes" : "");
                const std::string text = number_text(s.number);
                if (!decl.values.empty() &&
                    std::find(decl.values.begin(), decl.values.end(), text) == decl.values.end()) {
                    error(s.pos, "value",
                          "`" + name + "` must be one of " + join(decl.values) + ", found " + text);
                    return std::nullopt;
                }
                if (!std::isfinite(s.number) || !in_bounds(s.number)) {
                    error(s.pos, "value",
                          "`" + name + "` must be a number" + bounds_text() + ", found " + text);
                    return std::nullopt;
                }
                value.text = text;
                return value;
            }
            case OptionType::Length: {
                auto text = length(s, name);
                if (!text)
                    return std::nullopt;
                value.text = *text;
                return value;
            }
            case OptionType::Colour: {
                if (s.kind != OptionSetting::Kind::String)
                    return wrong("a hex colour such as \"1F3A68\"", "write it in quotes");
                std::string hex = s.text;
                if (!hex.empty() && hex.front() == '#')
                    hex.erase(0, 1);
                const bool ok = hex.size() == 6 && std::all_of(hex.begin(), hex.end(), [](char c) {
                                    return std::isxdigit(static_cast<unsigned char>(c));
                                });
                if (!ok) {
                    error(s.pos, "value",
                          "`" + name +
                              "` must be a hex colour of six digits such as \"1F3A68\" "
                              "or \"#1f3a68\", found \"" +
                              shorten(s.text) + "\"");
                    return std::nullopt;
                }
                std::transform(hex.begin(), hex.end(), hex.begin(),
                               [](char c) { return static_cast<char>(std::toupper(c)); });
                value.text = hex;
                return value;
            }
            case OptionType::Font:
                if (s.kind != OptionSetting::Kind::String)
                    return wrong("a font name", "write it in quotes");
                // "": the template's own choice, where its default is one.
                if (!(s.text.empty() && decl.default_value.text.empty()) && !is_font_name(s.text)) {
                    error(s.pos, "value",
                          "`" + name + "` \"" + shorten(s.text) +
                              "\" is not a font name mkcv takes: ASCII letters, digits, spaces, "
                              "'-', '_' and '.', at most " +
                              std::to_string(kMaxFontNameBytes) + " bytes",
                          "`fc-list : family` lists the families installed");
                    return std::nullopt;
                }
                value.text = s.text;
                return value;
            case OptionType::Margins: {
                value.sides = decl.default_value.sides;
                if (s.kind == OptionSetting::Kind::String) {
                    auto text = length(s, name);
                    if (!text)
                        return std::nullopt;
                    for (const auto& side : kSides)
                        value.sides[side] = *text;
                    value.text = *text;
                    return value;
                }
                if (s.kind != OptionSetting::Kind::Table)
                    return wrong(
                        "a length such as \"2cm\", or a table { top, bottom, left, "
                        "right }");
                bool ok = true;
                for (const auto& [side, setting] : s.fields) {
                    if (std::find(kSides.begin(), kSides.end(), side) == kSides.end()) {
                        const std::string guess = closest_match(side, kSides);
                        error(setting.key_pos, "unknown-key",
                              "unknown side `" + shorten(side) + "` in `" + name +
                                  "`: top, bottom, left or right",
                              guess.empty() ? "" : "did you mean `" + guess + "`?");
                        ok = false;
                        continue;
                    }
                    auto text = length(setting, name + "." + side);
                    if (!text)
                        ok = false;
                    else
                        value.sides[side] = *text;
                }
                if (!ok)
                    return std::nullopt;
                for (const auto& side : kSides)
                    if (!value.sides.count(side)) {
                        error(s.pos, "value",
                              "`" + name + "` gives no `" + side + "` and the template has none");
                        return std::nullopt;
                    }
                return value;
            }
        }
        return std::nullopt;
    }
};

std::optional<double> number_of(const OptionSetting& s) {
    if (s.kind == OptionSetting::Kind::Integer || s.kind == OptionSetting::Kind::Float)
        return s.number;
    return std::nullopt;
}

// One new declaration: `[options.NAME]` with type, default, description, values, min, max.
std::optional<OptionDeclaration> parse_declaration(const std::string& name,
                                                   const OptionSettings& keys, SourcePos pos,
                                                   const std::string& file,
                                                   Diagnostics& diagnostics) {
    static const std::vector<std::string> known{"type",   "description", "default",
                                                "values", "min",         "max"};
    OptionDeclaration decl;
    decl.name = name;
    const OptionSetting* default_setting = nullptr;
    bool ok = true;
    auto fail = [&](SourcePos at, const std::string& code, const std::string& message,
                    const std::string& hint = "") {
        diagnostics.error(file, at, code, message, hint);
        ok = false;
    };
    const OptionSetting* type_setting = nullptr;
    for (const auto& [key, s] : keys)
        if (key == "type")
            type_setting = &s;
    if (!type_setting) {
        fail(pos, "missing-key", "option `" + name + "` lacks `type`",
             "one of " + join(option_type_names()));
        return std::nullopt;
    }
    const auto type = type_setting->kind == OptionSetting::Kind::String
                          ? option_type_named(type_setting->text)
                          : std::nullopt;
    if (!type) {
        const std::string guess = closest_match(type_setting->text, option_type_names());
        fail(type_setting->pos, "value", "`type` must be one of " + join(option_type_names()),
             guess.empty() ? "" : "did you mean \"" + guess + "\"?");
        return std::nullopt;
    }
    decl.type = *type;
    for (const auto& [key, s] : keys) {
        if (std::find(known.begin(), known.end(), key) == known.end()) {
            const std::string guess = closest_match(key, known);
            fail(s.key_pos, "unknown-key",
                 "unknown key `" + shorten(key) + "` in option `" + name + "`",
                 guess.empty() ? "" : "did you mean `" + guess + "`?");
        } else if (key == "description") {
            if (s.kind != OptionSetting::Kind::String || s.text.size() > kMaxOptionStringBytes)
                fail(s.pos, "type", "`description` must be a string of at most 200 bytes");
            else
                decl.description = s.text;
        } else if (key == "default") {
            default_setting = &s;
        } else if (key == "values") {
            fail(s.pos, "type", "`values` must be a list");  // read below from the array
        } else if (key == "min" || key == "max") {
            std::optional<double> bound = number_of(s);
            if (decl.type == OptionType::Length || decl.type == OptionType::Margins)
                bound =
                    s.kind == OptionSetting::Kind::String ? length_in_points(s.text) : std::nullopt;
            if (!bound || (decl.type != OptionType::Number && decl.type != OptionType::Length &&
                           decl.type != OptionType::Margins))
                fail(s.pos, "value",
                     "`" + key +
                         "` is a number (for a number) or a length such as \"5cm\" (for "
                         "a length or margins)");
            else
                (key == "min" ? decl.min : decl.max) = bound;
        }
    }
    if (!default_setting) {
        fail(pos, "missing-key", "option `" + name + "` lacks `default`");
        return std::nullopt;
    }
    return ok ? std::optional<OptionDeclaration>(std::move(decl)) : std::nullopt;
}

}  // namespace

const std::vector<std::string>& option_type_names() {
    static const std::vector<std::string> names{"string", "enum",   "bool", "number",
                                                "length", "colour", "font", "margins"};
    return names;
}

std::optional<OptionType> option_type_named(const std::string& name) {
    const auto& names = option_type_names();
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end())
        return std::nullopt;
    return static_cast<OptionType>(it - names.begin());
}

std::string option_type_name(OptionType type) {
    return option_type_names().at(static_cast<std::size_t>(type));
}

std::optional<double> length_in_points(const std::string& text) {
    if (text.size() < 3 || text.size() > 12)
        return std::nullopt;
    static const std::vector<std::pair<std::string, double>> units{
        {"pt", 1.0}, {"mm", 2.84526}, {"cm", 28.4526}, {"in", 72.27}, {"em", 10.0}, {"ex", 4.3}};
    const std::string unit = text.substr(text.size() - 2);
    const auto it =
        std::find_if(units.begin(), units.end(), [&](const auto& u) { return u.first == unit; });
    if (it == units.end())
        return std::nullopt;
    const std::string number = text.substr(0, text.size() - 2);
    // Digits with at most one '.', which must have a digit after it: TeX reads "2.cm" too,
    // but nothing here needs it.
    const auto dot = number.find('.');
    const std::string whole = number.substr(0, dot);
    const std::string fraction = dot == std::string::npos ? "" : number.substr(dot + 1);
    auto digits = [](const std::string& s) {
        return std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
    };
    if (!digits(whole) || !digits(fraction) || whole.size() > 4 ||
        (dot != std::string::npos && fraction.empty()) || (whole.empty() && fraction.empty()))
        return std::nullopt;
    return std::stod("0" + number) * it->second;
}

bool is_font_name(const std::string& text) {
    if (text.empty() || text.size() > kMaxFontNameBytes || text.front() == ' ' ||
        text.back() == ' ' || text.find("  ") != std::string::npos)
        return false;
    return std::all_of(text.begin(), text.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
               c == ' ' || c == '-' || c == '_' || c == '.';
    });
}

std::optional<OptionValue> check_option(const OptionDeclaration& declaration,
                                        const OptionSetting& setting, const std::string& file,
                                        Diagnostics& diagnostics) {
    return Checker{declaration, file, diagnostics}.check(setting);
}

OptionDeclarations parse_option_declarations(const toml::table& table,
                                             const OptionDeclarations& inherited,
                                             const std::string& file_name,
                                             Diagnostics& diagnostics) {
    OptionDeclarations out = inherited;
    // In file order: `mkcv templates --options` lists them so.
    for (const auto& [key_pointer, node_pointer] : in_file_order(table)) {
        const toml::key& key = *key_pointer;
        const toml::node& node = *node_pointer;
        const std::string name(key.str());
        const SourcePos key_pos{static_cast<int>(key.source().begin.line),
                                static_cast<int>(key.source().begin.column)};
        const auto* option = node.as_table();
        if (!option) {
            diagnostics.error(file_name, key_pos, "type",
                              "[options." + shorten(name) + "] must be a table",
                              "write [options." + shorten(name) +
                                  "] with type, default and "
                                  "description");
            continue;
        }
        if (!is_option_word(name)) {
            diagnostics.error(file_name, key_pos, "value",
                              "option name `" + shorten(name) +
                                  "` must be lower-case letters, digits and '_', starting with a "
                                  "letter, at most 40");
            continue;
        }
        const OptionSettings keys = read_option_settings(*option, {"values"});
        auto it = std::find_if(out.begin(), out.end(),
                               [&](const OptionDeclaration& d) { return d.name == name; });
        const bool only_default = keys.size() == 1 && keys.front().first == "default";
        std::optional<OptionDeclaration> decl;
        if (it != out.end() && only_default) {
            decl = *it;  // a new default for an inherited option
        } else {
            decl = parse_declaration(name, keys, key_pos, file_name, diagnostics);
            if (decl && (decl->type == OptionType::Enum || decl->type == OptionType::Number)) {
                const toml::array* values = option->get_as<toml::array>("values");
                if (decl->type == OptionType::Enum && (!values || values->empty())) {
                    diagnostics.error(file_name, key_pos, "missing-key",
                                      "option `" + name + "` is an enum and needs `values`");
                    decl.reset();
                }
                for (std::size_t i = 0; decl && values && i < values->size(); ++i) {
                    const OptionSetting v = read_option_setting(*values->get(i), 1);
                    const bool word =
                        decl->type == OptionType::Enum
                            ? v.kind == OptionSetting::Kind::String && is_option_word(v.text)
                            : v.kind == OptionSetting::Kind::Integer ||
                                  v.kind == OptionSetting::Kind::Float;
                    if (!word || i >= kMaxOptionValues) {
                        diagnostics.error(
                            file_name, v.pos, "value",
                            decl->type == OptionType::Enum
                                ? "an enum's values are lower-case words (letters, digits, '_'), "
                                  "at most " +
                                      std::to_string(kMaxOptionValues)
                                : "a number's `values` are numbers, at most " +
                                      std::to_string(kMaxOptionValues));
                        decl.reset();
                        break;
                    }
                    decl->values.push_back(decl->type == OptionType::Enum ? v.text
                                                                          : number_text(v.number));
                }
            } else if (decl && option->contains("values")) {
                diagnostics.error(file_name, key_pos, "value",
                                  "only an enum or a number option takes `values`");
                decl.reset();
            }
        }
        if (!decl)
            continue;
        // The default, checked as a value of cv.toml would be: a template cannot hand TeX
        // what a user could not.
        for (const auto& [k, s] : keys) {
            if (k != "default")
                continue;
            if (auto value = check_option(*decl, s, file_name, diagnostics)) {
                // Margins given in part keep the inherited sides.
                decl->default_value = std::move(*value);
            } else {
                decl.reset();
            }
        }
        if (!decl)
            continue;
        if (it != out.end()) {
            *it = std::move(*decl);
        } else if (out.size() >= kMaxOptions) {
            diagnostics.error(
                file_name, key_pos, "value",
                "a template declares at most " + std::to_string(kMaxOptions) + " options");
            break;
        } else {
            out.push_back(std::move(*decl));
        }
    }
    return out;
}

const OptionValue* ResolvedOptions::find(const std::string& name) const {
    for (const auto& option : values)
        if (option.name == name)
            return &option.value;
    return nullptr;
}

ResolvedOptions resolve_options(const OptionDeclarations& declarations,
                                const OptionSettings& design, const OptionSettings* own,
                                const std::string& cv_file, Diagnostics& diagnostics) {
    ResolvedOptions out;
    auto declared = [&](const std::string& name) {
        return std::any_of(declarations.begin(), declarations.end(),
                           [&](const OptionDeclaration& d) { return d.name == name; });
    };
    if (own) {
        std::vector<std::string> names{"order", "max_pages", "filters"};
        for (const auto& d : declarations)
            names.push_back(d.name);
        for (const auto& [name, setting] : *own) {
            if (declared(name))
                continue;
            const std::string guess = closest_match(name, names);
            diagnostics.error(cv_file, setting.key_pos, "unknown-key",
                              "unknown option `" + shorten(name) + "` for this template",
                              guess.empty() ? "`mkcv templates --options NAME` lists them"
                                            : "did you mean `" + guess + "`?");
        }
    }
    auto find = [](const OptionSettings* settings, const std::string& name) {
        const OptionSetting* found = nullptr;
        if (settings)
            for (const auto& [key, setting] : *settings)
                if (key == name)
                    found = &setting;  // the last one: TOML refuses a key given twice anyway
        return found;
    };
    for (const auto& decl : declarations) {
        // Layer by layer: [templates.NAME] margins = { top = ... } keeps [design]'s other sides.
        OptionDeclaration layered = decl;
        std::optional<FontRequest> font;
        for (const OptionSetting* setting : {find(&design, decl.name), find(own, decl.name)}) {
            if (!setting)
                continue;
            if (auto checked = check_option(layered, *setting, cv_file, diagnostics)) {
                layered.default_value = std::move(*checked);
                if (decl.type == OptionType::Font)
                    font = FontRequest{decl.name, layered.default_value.text, setting->pos};
            }
        }
        if (font && !font->family.empty())
            out.fonts.push_back(*font);
        out.values.push_back({decl.name, decl.type, decl.values, layered.default_value});
    }
    return out;
}

std::string describe_options(const OptionDeclarations& declarations) {
    std::string out;
    for (const auto& d : declarations) {
        std::string shown = d.default_value.text;
        if (d.type == OptionType::Margins) {
            shown.clear();
            for (const auto& side : kSides)
                shown += (shown.empty() ? "" : ", ") + side + " " + d.default_value.sides.at(side);
        }
        out += d.name + " (" + option_type_name(d.type) + ")\n    " + d.description +
               "\n    default: " + (shown.empty() ? "\"\" (the template's choice)" : shown);
        if (!d.values.empty())
            out += "; one of " + join(d.values);
        if (d.min || d.max) {
            const std::string unit = d.type == OptionType::Number ? "" : "pt";
            out += std::string("; ") + (d.min ? "from " + number_text(*d.min) + unit : "") +
                   (d.min && d.max ? " " : "") + (d.max ? "to " + number_text(*d.max) + unit : "");
        }
        out += '\n';
    }
    return out;
}

}  // namespace mkcv
