#include "cv/content_rules.h"

namespace mkcv {

namespace {

template <typename T>
void over(std::optional<T>& base, const std::optional<T>& top) {
    if (top)
        base = top;
}

}  // namespace

ContentRules merge_rules(const ContentRules& base, const ContentRules& top) {
    ContentRules out = base;
    if (top.order) {
        out.order = top.order;
        out.order_pos = top.order_pos;
    }
    over(out.max_pages, top.max_pages);
    for (const auto& [name, t] : top.sections) {
        SectionRules& s = out.sections[name];
        over(s.title, t.title);
        over(s.heading, t.heading);
        over(s.selected_only, t.selected_only);
        over(s.include_tags, t.include_tags);
        over(s.exclude_tags, t.exclude_tags);
        over(s.since, t.since);
        over(s.max_entries, t.max_entries);
        over(s.max_authors, t.max_authors);
        over(s.priority, t.priority);
        over(s.keep, t.keep);
        over(s.droppable, t.droppable);
        over(s.keep_current, t.keep_current);
    }
    over(out.budget, top.budget);
    return out;
}

const std::vector<std::string>& budget_profile_names() {
    static const std::vector<std::string> names{"academic", "industry"};
    return names;
}

std::optional<BudgetProfile> budget_profile_named(const std::string& name) {
    if (name == "academic")
        return BudgetProfile::Academic;
    if (name == "industry")
        return BudgetProfile::Industry;
    return std::nullopt;
}

namespace {

struct BudgetDefault {
    const char* section;
    int priority;
    bool droppable = true;
    bool keep_current = false;
};

// Lower priority is dropped first. A committee reads the degrees, the current position and
// the papers; a recruiter the positions and skills. Sections not listed have priority 0.
constexpr BudgetDefault kAcademic[] = {
    {"education", 100, false},
    {"experience", 60, true, true},
    {"publications", 90},
    {"grants", 70},
    {"awards", 50},
    {"talks", 40},
    {"teaching", 30},
    {"students", 30},
    {"service", 20},
    {"patents", 20},
    {"skills", 10},
    {"languages", 10},
    {"press", 5},
};
constexpr BudgetDefault kIndustry[] = {
    {"education", 100, false},
    {"experience", 90, true, true},
    {"skills", 80},
    {"publications", 60},
    {"patents", 60},
    {"awards", 50},
    {"languages", 40},
    {"talks", 30},
    {"teaching", 20},
    {"service", 10},
    {"grants", 10},
    {"students", 10},
    {"press", 5},
};

const BudgetDefault* budget_default(BudgetProfile profile, const std::string& name) {
    const auto find = [&](const auto& table) -> const BudgetDefault* {
        for (const auto& d : table)
            if (name == d.section)
                return &d;
        return nullptr;
    };
    return profile == BudgetProfile::Industry ? find(kIndustry) : find(kAcademic);
}

}  // namespace

SectionRules budget_rules_for(const ContentRules& rules, const std::string& key,
                              const std::string& kind) {
    const BudgetProfile profile = rules.budget.value_or(BudgetProfile::Academic);
    SectionRules out;
    const BudgetDefault* d = budget_default(profile, key);
    if (!d)
        d = budget_default(profile, kind);
    if (d) {
        out.priority = d->priority;
        out.droppable = d->droppable;
        out.keep_current = d->keep_current;
    }
    // A declared section the rules do not name is ranked by its kind's rules.
    auto it = rules.sections.find(key);
    if (it == rules.sections.end())
        it = rules.sections.find(kind);
    if (it != rules.sections.end()) {
        const SectionRules& t = it->second;
        over(out.priority, t.priority);
        over(out.keep, t.keep);
        over(out.droppable, t.droppable);
        over(out.keep_current, t.keep_current);
    }
    return out;
}

}  // namespace mkcv
