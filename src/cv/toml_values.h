// cv.toml's values read by kind, for the parts of the loader (loader, person_reader,
// entry_reader, settings_reader): texts as written, prose (inline Markdown into marks, unless
// `[build] markup = "none"`), lists of them, years, dates and ranges, links, counts. Each
// keeps its value's position. The schema check (toml_shape) has reported wrong types
// already, so a value of another type reads as absent; a value out of range is reported
// here, at the file's position, and reads as absent too.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cv/dates.h"
#include "cv/model.h"
#include "cv/toml_input.h"
#include "util/diagnostics.h"

namespace mkcv {

class TomlValues {
  public:
    // `source` is the file's text, for positions inside strings; it must outlive this.
    TomlValues(std::string file, const std::string& source, Diagnostics& diagnostics);

    const std::string& file() const { return file_; }
    Diagnostics& diagnostics() { return diag_; }
    // An error at `pos` of this file.
    void error(SourcePos pos, std::string code, std::string message, std::string hint = "");
    // False (`[build] markup = "none"`): prose is read as plain text.
    void set_markup(bool markup) { markup_ = markup; }

    Text text(const toml::table& table, std::string_view key);
    // A prose field: its inline Markdown parsed (text/inline_markup.h) unless markup is off;
    // `value` is the text without the markup.
    Text prose(const toml::node& node);
    Text prose_text(const toml::table& table, std::string_view key);
    std::vector<Text> prose_texts(const toml::table& table, std::string_view key);
    std::vector<Text> texts(const toml::table& table, std::string_view key);
    // The texts' values; nullopt when `key` is no list.
    std::optional<std::vector<std::string>> strings(const toml::table& table, std::string_view key);
    bool flag(const toml::table& table, std::string_view key);
    // A year from 1 to 9999 (0 when absent or out of range), its position in `pos`.
    int integer(const toml::table& table, std::string_view key, SourcePos& pos);
    // A year, month or day: a string or a TOML date; its position in `pos`.
    std::optional<PartialDate> date(const toml::table& table, std::string_view key, SourcePos& pos);
    // `start` and `end` of `table`; nullopt when neither is given.
    std::optional<DateRange> range(const toml::table& table);
    // label = "URL" pairs, in the order they were written.
    std::vector<Link> url_map(const toml::table& table, std::string_view key);
    // name = "text" pairs, in the order they were written, each with its position.
    std::vector<std::pair<Text, Text>> text_map(const toml::table& table, std::string_view key);
    // A count such as max_entries: whole and not negative (at least `least`).
    std::optional<int> count(const toml::table& table, std::string_view key, int least,
                             int most = 100000);

    // Calls `fn` with each table of the array `key` of `table`.
    template <typename Fn>
    static void each_table(const toml::table& table, std::string_view key, Fn&& fn) {
        if (const auto* array = table.get_as<toml::array>(key))
            for (const auto& element : *array)
                if (const auto* t = element.as_table())
                    fn(*t);
    }

  private:
    SourcePos locate(SourcePos string, const std::string& value, std::size_t offset) const;

    std::string file_;
    const std::string& source_;
    Diagnostics& diag_;
    bool markup_ = true;
};

}  // namespace mkcv
