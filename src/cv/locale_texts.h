// The words mkcv prints itself, in one language: month names, the forms of dates and date
// ranges, the word for the present, default headings, legend texts, labels, the counts in
// words and how lists are joined. A locale file (builtin_templates/locales/<tag>.toml) and
// cv.toml's [locale] table give them as data; every key they leave out is English. Patterns
// such as "{year}年{month}月" take only the placeholders their key allows, so a locale file
// stays data: nothing in it is ever run or read as a template.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cv/dates.h"

namespace mkcv {

enum class LocaleKeyKind {
    Text,     // a word or phrase
    Pattern,  // text with {placeholders} from `placeholders`
    Months,   // twelve names, January first
};

// One key a locale may give. `name` is dotted for the keys of a table ("headings.education").
struct LocaleKey {
    std::string_view name;
    LocaleKeyKind kind;
    std::string_view english;  // a list's items are separated by '|'
    std::string_view doc;
    std::vector<std::string_view> placeholders = {};
};

class LocaleTexts;

// `texts`, or English when it is null (a Cv's locale before the render stage set it).
const LocaleTexts& texts_or_english(const std::shared_ptr<const LocaleTexts>& texts);

// Every key, in the order docs/locales.md lists them; the tables are "headings" and "counts".
const std::vector<LocaleKey>& locale_keys();
const LocaleKey* find_locale_key(std::string_view name);

// Bounds on a locale file and its values (untrusted input).
inline constexpr std::size_t kMaxLocaleFileBytes = 64 * 1024;
inline constexpr std::size_t kMaxLocaleTextBytes = 256;

// The texts of a locale: only those given; text() falls back to English.
class LocaleTexts {
  public:
    // The text of `key` (a Text or Pattern key), English when not given.
    const std::string& text(std::string_view key) const;
    // The name of `month` (1–12), full or abbreviated.
    const std::string& month_name(int month, bool abbreviated) const;

    // `pattern_key`'s pattern with each {name} replaced by its value; values are plain text.
    std::string fill(std::string_view pattern_key,
                     const std::map<std::string_view, std::string>& values) const;

    // "Aug. 2025", "3 Aug. 2025", "2019", "Present" (date_year, date_month, date_day), in
    // the date style (a template's date_format option): Short as the locale writes dates;
    // Long with full month names where its patterns use the abbreviation ("August 2025");
    // Numeric "08/2025", "03/08/2025"; Iso "2025-08". The present is always the locale's.
    std::string date(const PartialDate& date) const;
    // "Aug. 2025 – Feb. 2026", "Aug. 2025 – Present", one date when start is end or only
    // one is given; "" when neither is.
    std::string range(const std::optional<PartialDate>& start,
                      const std::optional<PartialDate>& end) const;
    // "A", "A and B", "A, B and C" (list_separator, list_last_separator).
    std::string join(const std::vector<std::string>& items) const;

    void set_date_style(DateStyle style) { date_style_ = style; }

    // Whether this locale gives `key` itself (not English by default).
    bool has(std::string_view key) const;
    void set(std::string_view key, std::string value);
    void set_months(std::string_view key, std::vector<std::string> names);
    // Every key `top` gives replaces this one's.
    void overlay(const LocaleTexts& top);
    bool empty() const { return texts_.empty() && months_.empty(); }

  private:
    std::map<std::string, std::string, std::less<>> texts_;
    std::map<std::string, std::vector<std::string>, std::less<>> months_;
    DateStyle date_style_ = DateStyle::Short;
};

// The locale files to look for a BCP 47 tag, most specific first, without English:
// "zh-Hant-TW" → zh-Hant-TW, zh-Hant, zh; "zh-TW" and "zh-HK" are Traditional Chinese
// (zh-Hant-TW …); "de-CH-1996" → de-CH, de; extensions and private use are ignored. Subtags
// are written in their usual case (zh-Hant-TW), which is the file's name.
std::vector<std::string> locale_fallbacks(std::string_view tag);

}  // namespace mkcv
