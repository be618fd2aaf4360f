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
    }
    return out;
}

}  // namespace mkcv
