// The pieces every part of a template's context is built of, and the context shape of each
// field kind of the sections table (cv/sections.h): lists whose items carry `first` and
// `last`, names and texts joined in the locale's words, links with an `href` made safe for
// the output format, dates as the locale prints them and in ISO 8601 (`start_iso` ...).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "context/context_tree.h"
#include "cv/authors.h"
#include "cv/locale_texts.h"
#include "cv/model.h"
#include "cv/sections.h"
#include "text/escape.h"

namespace mkcv {

// "https://" is added to a homepage written without a scheme; a bare DOI goes to doi.org.
std::string link_target(const std::string& url);

// Lists carry `first` and `last` on each item so templates can place separators; `fill`
// adds an item's other members.
template <typename T, typename Fill>
void add_items(ContextTree& t, ContextTree::Id parent, std::string_view key,
               const std::vector<T>& items, Fill&& fill) {
    const ContextTree::Id list = t.add_list(parent, key);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const ContextTree::Id item = t.add_object(list);
        fill(item, items[i]);
        t.add_bool(item, "first", i == 0);
        t.add_bool(item, "last", i + 1 == items.size());
    }
}

// KEY: [{name}] and KEY: [{text}] (with the text's marks).
void add_names(ContextTree& t, ContextTree::Id parent, std::string_view key,
               const std::vector<Text>& names);
void add_texts(ContextTree& t, ContextTree::Id parent, std::string_view key,
               const std::vector<Text>& texts);
// "A", "A and B", "A, B and C", in the locale's words.
std::string join_names(const std::vector<Text>& names, const LocaleTexts& words);
std::string join_texts(const std::vector<Text>& texts, const std::string& separator);

// A link's `href` for a template of `format` (ContextOptions::format); null when refused.
void add_href(ContextTree& t, ContextTree::Id item, const std::string& target, TextFormat format);
// `links`: [{label, url, href}].
void add_links(ContextTree& t, ContextTree::Id parent, const std::vector<Link>& links,
               TextFormat format);
// A record's `url` (press, a custom entry) as a link target; null when it has none.
void add_url_href(ContextTree& t, ContextTree::Id item, const Text& url, TextFormat format);

// `start_iso` and `end_iso` (ISO 8601, for JSON Resume): null when not given or "present".
void add_iso_range(ContextTree& t, ContextTree::Id item, const std::optional<PartialDate>& start,
                   const std::optional<PartialDate>& end);
// Several periods as one range: the earliest start and the latest end.
void add_iso_span(ContextTree& t, ContextTree::Id item, const std::vector<DateRange>& periods);
// `year`, `date` and `date_iso` of an award or a paper; all null for year 0.
void add_year_date(ContextTree& t, ContextTree::Id item, int year, int month, int day,
                   const LocaleTexts& words);

// One record's fields as its section's field kinds show them to templates (sections.h).
// `owner` marks the CV's owner in lists of ListForm::Owners.
void add_fields(ContextTree& t, ContextTree::Id item, const std::vector<Field>& fields,
                const Record& r, TextFormat format, const LocaleTexts& words,
                const OwnerMatcher* owner = nullptr);

// A list of records, each with its fields, `first` and `last` (as add_items).
template <typename At>
void add_records(ContextTree& t, ContextTree::Id parent, std::string_view key, std::size_t count,
                 const std::vector<Field>& fields, TextFormat format, const LocaleTexts& words,
                 At&& at, const OwnerMatcher* owner = nullptr) {
    const ContextTree::Id list = t.add_list(parent, key);
    for (std::size_t i = 0; i < count; ++i) {
        const ContextTree::Id item = t.add_object(list);
        add_fields(t, item, fields, at(i), format, words, owner);
        t.add_bool(item, "first", i == 0);
        t.add_bool(item, "last", i + 1 == count);
    }
}

}  // namespace mkcv
