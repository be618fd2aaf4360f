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
    // Page budget: false, none of the section's entries is dropped (education, by default).
    std::optional<bool> droppable;
    // Page budget: an entry running to the present (the current position) is never dropped.
    std::optional<bool> keep_current;
};

// Whose priorities the page budget follows where a template and cv.toml say nothing:
// an academic CV keeps papers longest, an industry one positions and skills; both keep
// every degree and the current position (docs/templates.md#the-page-budget).
enum class BudgetProfile { Academic, Industry };

const std::vector<std::string>& budget_profile_names();  // "academic", "industry"
std::optional<BudgetProfile> budget_profile_named(const std::string& name);

// The page budget's range, in template.toml and in cv.toml's [templates.NAME] alike.
inline constexpr int kMaxPagesLimit = 1000;

struct ContentRules {
    std::optional<std::vector<std::string>> order;  // section names; absent ones are not printed
    SourcePos order_pos;
    std::optional<int> max_pages;
    std::map<std::string, SectionRules> sections;  // by section name
    std::optional<BudgetProfile> budget;           // the page budget's defaults
    SourcePos pos;                                 // of the [templates.NAME] table
};

// `top` over `base`, key by key.
ContentRules merge_rules(const ContentRules& base, const ContentRules& top);

// A section's page-budget rules: the profile's defaults for the section (by `key`, else by
// its `kind`), under what `rules` says of it, key by key.
SectionRules budget_rules_for(const ContentRules& rules, const std::string& key,
                              const std::string& kind);

}  // namespace mkcv
