#include "cv/toml_values.h"

#include <algorithm>

#include "cv/locale.h"
#include "text/inline_markup.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

// A string of the file, taken out of the TOML tree rather than copied: the tree is load_cv's
// own, not const, and dropped once converted, and each value is converted once. (So the
// const_cast is sound.)
// Plain text only: a string of cv.toml never becomes typed text with marks (Text::marks),
// so nothing the user writes can be taken for vetted LaTeX.
std::string user_string(const toml::value<std::string>& value) {
    return std::move(const_cast<toml::value<std::string>&>(value).get());
}

// The tag of a link to `lang:TAG` (any case of "lang"), else empty.
std::string_view language_of_link(std::string_view url) {
    constexpr std::string_view kScheme = "lang:";
    if (url.size() <= kScheme.size() || ascii_lower(url.substr(0, kScheme.size())) != kScheme)
        return {};
    return url.substr(kScheme.size());
}

}  // namespace

TomlValues::TomlValues(std::string file, const std::string& source, Diagnostics& diagnostics)
    : file_(std::move(file)), source_(source), diag_(diagnostics) {}

void TomlValues::error(SourcePos pos, std::string code, std::string message, std::string hint) {
    diag_.error(file_, pos, std::move(code), std::move(message), std::move(hint));
}

// A count such as max_entries: whole and not negative (at least `least`).
std::optional<int> TomlValues::count(const toml::table& table, std::string_view key, int least,
                                     int most) {
    const auto* value = table.get_as<int64_t>(key);
    if (!value)
        return std::nullopt;
    if (value->get() < least || value->get() > most) {
        error(source_pos_of(*value), "value",
              "`" + std::string(key) + "` must be a whole number from " + std::to_string(least) +
                  " to " + std::to_string(most));
        return std::nullopt;
    }
    return static_cast<int>(value->get());
}

std::optional<std::vector<std::string>> TomlValues::strings(const toml::table& table,
                                                            std::string_view key) {
    if (!table.get_as<toml::array>(key))
        return std::nullopt;
    std::vector<std::string> out;
    for (const auto& t : texts(table, key))
        out.push_back(t.value);
    return out;
}

Text TomlValues::text(const toml::table& table, std::string_view key) {
    const toml::node* node = table.get(key);
    if (!node || !node->is_string())
        return {};
    return {user_string(*node->as_string()), source_pos_of(*node)};
}

// A prose field: its inline Markdown parsed (text/inline_markup.h) unless
// `[build] markup = "none"`; `value` is the text without the markup.
Text TomlValues::prose(const toml::node& node) {
    std::string value = user_string(*node.as_string());
    const SourcePos pos = source_pos_of(node);
    if (!markup_)
        return {std::move(value), pos};
    InlineMarkup parsed =
        parse_inline_markup(value, [&](std::size_t offset) { return locate(pos, value, offset); });
    for (TextRun& run : parsed.runs) {
        if (run.kind != TextRun::Kind::Open || run.mark != Mark::Link)
            continue;
        if (run.text.rfind("10.", 0) == 0 && run.text.find(':') == std::string::npos)
            run.text = "https://doi.org/" + run.text;  // a bare DOI, as links have it
        // [佐藤 健一](lang:ja): a span in a language of its own, for its CJK glyph shapes
        // (and <span lang> in HTML). A tag that is not one stays a link, which the
        // validator reports (cv/validate.cpp).
        if (const std::string_view tag = language_of_link(run.text);
            !tag.empty() && is_language_tag(tag)) {
            run.mark = Mark::Language;
            run.latex = cjk_region(tag);
            run.text = std::string(tag);
        }
    }
    return {std::move(parsed.plain), pos, std::move(parsed.runs)};
}

Text TomlValues::prose_text(const toml::table& table, std::string_view key) {
    const toml::node* node = table.get(key);
    if (!node || !node->is_string())
        return {};
    return prose(*node);
}

std::vector<Text> TomlValues::prose_texts(const toml::table& table, std::string_view key) {
    std::vector<Text> out;
    if (const auto* array = table.get_as<toml::array>(key))
        for (const auto& element : *array)
            if (element.is_string())
                out.push_back(prose(element));
    return out;
}

// Where byte `offset` of a string's value was written: exact when the string is on one
// line and, up to there, reads as its value (no escape sequence); else the string's
// own position.
SourcePos TomlValues::locate(SourcePos string, const std::string& value, std::size_t offset) const {
    const std::string line = line_of(source_, string.line);
    std::size_t at = 0;  // the byte of the string's opening quote
    for (int column = 1; at < line.size(); ++at) {
        if ((static_cast<unsigned char>(line[at]) & 0xC0) == 0x80)
            continue;
        if (column == string.column)
            break;
        ++column;
    }
    if (at >= line.size() || (line[at] != '"' && line[at] != '\'') ||
        line.compare(at, 3, std::string(3, line[at])) == 0 ||
        line.compare(at + 1, offset, value, 0, offset) != 0)
        return string;
    SourcePos pos = string;
    for (std::size_t i = 0; i <= offset; ++i)  // the quote, then the value's characters
        if (i == 0 || (static_cast<unsigned char>(value[i - 1]) & 0xC0) != 0x80)
            ++pos.column;
    return pos;
}

std::vector<Text> TomlValues::texts(const toml::table& table, std::string_view key) {
    std::vector<Text> out;
    if (const auto* array = table.get_as<toml::array>(key))
        for (const auto& element : *array)
            if (element.is_string())
                out.push_back({user_string(*element.as_string()), source_pos_of(element)});
    return out;
}

bool TomlValues::flag(const toml::table& table, std::string_view key) {
    const auto* value = table.get_as<bool>(key);
    return value && value->get();
}

int TomlValues::integer(const toml::table& table, std::string_view key, SourcePos& pos) {
    const auto* value = table.get_as<int64_t>(key);
    if (!value)
        return 0;
    pos = source_pos_of(*value);
    const int64_t number = value->get();
    if (number < 1 || number > 9999) {
        error(pos, "value",
              "`" + std::string(key) + "` " + std::to_string(number) + " is not a year",
              "write a four-digit year");
        return 0;
    }
    return static_cast<int>(number);
}

std::optional<PartialDate> TomlValues::date(const toml::table& table, std::string_view key,
                                            SourcePos& pos) {
    const toml::node* node = table.get(key);
    if (!node)
        return std::nullopt;
    pos = source_pos_of(*node);
    if (const auto* value = node->as_date()) {
        const auto d = value->get();
        return PartialDate{d.year, d.month, d.day, false};
    }
    if (!node->is_string())
        return std::nullopt;
    const auto parsed = parse_date(std::string(*node->as_string()));
    if (!parsed.date)
        error(pos, "date", "`" + std::string(key) + "`: " + parsed.error);
    return parsed.date;
}

std::optional<DateRange> TomlValues::range(const toml::table& table) {
    DateRange r;
    r.start = date(table, "start", r.start_pos);
    r.end = date(table, "end", r.end_pos);
    if (!r.start && !r.end)
        return std::nullopt;
    return r;
}

std::vector<Link> TomlValues::url_map(const toml::table& table, std::string_view key) {
    std::vector<Link> out;
    for (auto& [label, url] : text_map(table, key))
        out.push_back({std::move(label), std::move(url)});
    return out;
}

std::vector<std::pair<Text, Text>> TomlValues::text_map(const toml::table& table,
                                                        std::string_view key) {
    std::vector<std::pair<Text, Text>> out;
    if (const auto* map = table.get_as<toml::table>(key))
        for (const auto& [name, text] : *map)
            if (text.is_string())
                out.push_back({{std::string(name.str()), source_pos_of(name.source())},
                               {std::string(*text.as_string()), source_pos_of(text)}});
    // toml++ keeps tables in key order; keep the order they were written in.
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
        return std::pair(a.first.pos.line, a.first.pos.column) <
               std::pair(b.first.pos.line, b.first.pos.column);
    });
    return out;
}

}  // namespace mkcv
