// What a template keeps of a CV, as data: per section a tag filter, `selected` only, a
// first year, at most N entries, authors shortened after N names, a heading and a priority
// for the page budget; plus the order of sections and a page budget. A template's
// template.toml gives these, and a [templates.NAME] table in cv.toml overrides them key by
// key, so choosing content per variant needs no C++.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "util/source_location.h"

namespace mkcv {

// Unset values mean "not said here", so a cv.toml override changes only what it names.
struct SectionRules {
    std::optional<std::string> title;
    // A template's heading by name, in the CV's language: the locale's `headings.<name>`
    // ("selected_publications"); `title` wins over it. Only template.toml sets it.
    std::optional<std::string> heading;
    std::optional<bool> selected_only;
    std::optional<std::vector<std::string>> include_tags;  // keep entries with any of these
    std::optional<std::vector<std::string>> exclude_tags;  // drop entries with any of these
    std::optional<int> since;                              // keep entries of this year or later
    std::optional<int> max_entries;
    std::optional<int> max_authors;  // "et al." after N names; the CV's owner always kept
    std::optional<int> priority;     // page budget: lower priority is dropped first
    std::optional<int> keep;         // page budget: the first N entries are never dropped
};

// The page budget's range, in template.toml and in cv.toml's [templates.NAME] alike.
inline constexpr int kMaxPagesLimit = 1000;

struct ContentRules {
    std::optional<std::vector<std::string>> order;  // section names; absent ones are not printed
    SourcePos order_pos;
    std::optional<int> max_pages;
    std::map<std::string, SectionRules> sections;  // by section name
    SourcePos pos;                                 // of the [templates.NAME] table
};

// `top` over `base`, key by key.
ContentRules merge_rules(const ContentRules& base, const ContentRules& top);

}  // namespace mkcv
