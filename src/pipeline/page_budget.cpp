#include "pipeline/page_budget.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

#include "cv/sections.h"
#include "render/renderer.h"

namespace mkcv {
namespace {

std::string pages(int n) {
    return std::to_string(n) + (n == 1 ? " page" : " pages");
}

constexpr int kPresent = 9999;  // entry_year of an entry running to the present

struct Ranked {
    const BudgetEntry* entry;
    const BudgetSection* section;
    std::size_t section_position;  // in print order
    bool last_of_section;          // dropped only with its whole section
};

int priority_of(const Ranked& r) {
    return r.section->rules.priority.value_or(0);
}

// Within a section: unselected first, then older, then the one printed later.
bool drops_before_in_section(const BudgetEntry& a, const BudgetEntry& b) {
    if (a.selected != b.selected)
        return !a.selected;
    if (a.year != b.year)
        return a.year < b.year;
    return a.index > b.index;
}

std::string reason_for(const Ranked& r) {
    const std::string priority = "priority " + std::to_string(priority_of(r));
    if (r.last_of_section)
        return "the last of its section (" + priority + "): the section is left out";
    return std::string(r.entry->selected ? "selected" : "not selected") +
           ", the oldest left in its section, " + priority;
}

}  // namespace

std::vector<DroppableEntry> drop_order(const std::vector<BudgetSection>& sections) {
    std::vector<Ranked> within;  // dropped while each section keeps an entry
    std::vector<Ranked> whole;   // then the last of each section, whole sections
    for (std::size_t s = 0; s < sections.size(); ++s) {
        const BudgetSection& section = sections[s];
        if (!section.rules.droppable.value_or(true))
            continue;
        const std::size_t keep = static_cast<std::size_t>(section.rules.keep.value_or(0));
        const bool keep_current = section.rules.keep_current.value_or(false);
        std::vector<const BudgetEntry*> candidates;
        bool any_kept = false;
        for (const BudgetEntry& e : section.entries) {
            if (e.index < keep || (keep_current && e.year == kPresent))
                any_kept = true;
            else
                candidates.push_back(&e);
        }
        if (candidates.empty())
            continue;
        std::stable_sort(candidates.begin(), candidates.end(),
                         [](const BudgetEntry* a, const BudgetEntry* b) {
                             return drops_before_in_section(*a, *b);
                         });
        for (std::size_t i = 0; i < candidates.size(); ++i) {
            const bool last = !any_kept && i + 1 == candidates.size();
            (last ? whole : within).push_back({candidates[i], &section, s, last});
        }
    }
    // The same rule across sections of one priority: unselected, older, printed later.
    std::stable_sort(within.begin(), within.end(), [](const Ranked& a, const Ranked& b) {
        const auto key = [](const Ranked& r) {
            return std::tuple(r.entry->selected, priority_of(r), r.entry->year, ~r.section_position,
                              ~r.entry->index);
        };
        return key(a) < key(b);
    });
    std::stable_sort(whole.begin(), whole.end(), [](const Ranked& a, const Ranked& b) {
        if (priority_of(a) != priority_of(b))
            return priority_of(a) < priority_of(b);
        return a.section_position > b.section_position;
    });
    std::vector<DroppableEntry> out;
    for (const auto* list : {&within, &whole})
        for (const Ranked& r : *list)
            out.push_back({r.section->key, r.entry->index, r.entry->label, reason_for(r)});
    return out;
}

std::vector<DroppableEntry> droppable_entries(const TemplateInput& input) {
    const Cv& cv = input.filtered.cv;
    const auto with_year = [](int year) -> std::string {
        if (year == 0)
            return "";
        return " (" + (year == kPresent ? std::string("present") : std::to_string(year)) + ")";
    };
    std::vector<BudgetSection> sections;
    for (const Section* section : sections_of(cv).in_print_order()) {
        if (!section->is_list() || !section->droppable)
            continue;
        BudgetSection s{std::string(section->key),
                        budget_rules_for(input.rules, std::string(section->key),
                                         std::string(section->kind_key())),
                        {}};
        for (std::size_t i = 0; i < section->size(cv); ++i) {
            const Entry& e = section->entries.at(cv, section->key, i);
            const int y = entry_year(*section, e);
            s.entries.push_back({i, section->label(e) + with_year(y), e.selected, y});
        }
        sections.push_back(std::move(s));
    }
    return drop_order(sections);
}

Cv without_entries(const Cv& cv, const std::vector<DroppableEntry>& order, std::size_t count) {
    std::map<std::string, std::set<std::size_t>> dropped;
    for (std::size_t i = 0; i < count && i < order.size(); ++i)
        dropped[order[i].section].insert(order[i].index);
    Cv out = cv;
    for (const auto& [key, indices] : dropped) {
        const Section* section = sections_of(cv).find(key);
        std::vector<std::size_t> kept;
        for (std::size_t i = 0; i < section->size(cv); ++i)
            if (!indices.count(i))
                kept.push_back(i);
        section->entries.assign(out, cv, key, kept);
    }
    return out;
}

BudgetOutcome compile_within_budget(const RenderedTemplate& rendered, bool strict,
                                    const CompileTex& compile) {
    const std::string name = output_label(rendered);
    const int budget = rendered.input.max_pages;
    BudgetOutcome outcome;
    // The budget's own failure: about the CV, where the text or max_pages can change.
    const auto over_budget = [&](std::string message, std::string hint) {
        const bool at_text = !rendered.budget_file.empty();
        outcome.diagnostics.error(
            at_text ? rendered.budget_file : rendered.input.filtered.cv.source_name,
            at_text ? rendered.budget_pos : SourcePos{}, "page-budget",
            name + ": " + std::move(message), std::move(hint));
    };
    const auto compile_noting = [&](const std::string& tex) {
        CompileAttempt attempt = compile(tex);
        outcome.diagnostics.append(attempt.diagnostics);
        return attempt;
    };
    const CompileAttempt first = compile_noting(rendered.tex);
    if (!first.ok || budget <= 0 || first.pages <= budget) {
        outcome.ok = first.ok;
        outcome.report = first.report;
        return outcome;
    }
    const std::string over =
        name + ": " + pages(first.pages) + ", over its budget of " + pages(budget) + " (max_pages)";
    if (strict) {
        const std::string message = pages(first.pages) + ", over the budget of " + pages(budget) +
                                    " by " + pages(first.pages - budget) + " (--strict-pages)";
        outcome.report = first.report + name + ": error: " + message + "\n";
        over_budget(message, "without --strict-pages, mkcv drops entries until it fits");
        return outcome;
    }
    const auto order = droppable_entries(rendered.input);
    auto attempt = [&](std::size_t count) {
        const Cv cv = without_entries(rendered.input.filtered.cv, order, count);
        // The template rendered once already; if it cannot now, its own diagnostics say why.
        Diagnostics diagnostics;
        const RenderResult r =
            render_template(rendered.tmpl, template_context(cv, rendered.input), diagnostics);
        if (!r.ok) {
            diagnostics.error(rendered.tmpl.main.path.string(), {}, "template-render",
                              name + ": cannot render after dropping " + std::to_string(count) +
                                  (count == 1 ? " entry" : " entries"));
            outcome.diagnostics.append(diagnostics);
            return CompileAttempt{false, 0, name + ": error: cannot render after dropping\n", {}};
        }
        return compile_noting(r.tex);
    };

    // Everything droppable dropped: if that does not fit, nothing does.
    CompileAttempt least = order.empty() ? first : attempt(order.size());
    if (!least.ok) {
        outcome.report = least.report;
        return outcome;
    }
    if (least.pages > budget) {
        // Nothing to drop (a letter): only how far over it runs.
        const std::string message =
            pages(least.pages) +
            (order.empty() ? ""
                           : " even after dropping all " + std::to_string(order.size()) +
                                 " droppable entries") +
            "; over the budget of " + pages(budget) + " by " + pages(least.pages - budget);
        const std::string hint =
            order.empty() && !rendered.budget_file.empty()
                ? "shorten the text; it must fit " + pages(budget)
                : "shorten the text, or raise max_pages in [templates." + name + "] of cv.toml";
        outcome.report = name + ": error: " + message + "\n" + name + ": hint: " + hint + "\n";
        over_budget(message, hint);
        return outcome;
    }
    // Bisection for the fewest drops that fit: `lo` drops overflow, `hi` drops fit.
    std::size_t lo = 0, hi = order.size(), last = hi;
    CompileAttempt fitting = least;
    while (hi - lo > 1) {
        const std::size_t mid = lo + (hi - lo) / 2;
        const CompileAttempt a = attempt(mid);
        last = mid;
        if (!a.ok) {
            outcome.report = a.report;
            return outcome;
        }
        if (a.pages <= budget) {
            hi = mid;
            fitting = a;
        } else {
            lo = mid;
        }
    }
    if (last != hi)
        fitting = attempt(hi);  // the PDF left in place is the one that fits
    if (!fitting.ok) {
        outcome.report = fitting.report;
        return outcome;
    }
    std::string report =
        over + "; dropped " + std::to_string(hi) + (hi == 1 ? " entry" : " entries") + " to fit:\n";
    // A title may hold a line end or an escape sequence: shown, never obeyed, so it cannot
    // forge a line of the report (tools read the report's JSON: build_report.h).
    for (std::size_t i = 0; i < hi; ++i)
        report += name + ":   dropped " + visible(order[i].section) + ": " +
                  visible(order[i].label) + " — " + visible(order[i].reason) + "\n";
    outcome.dropped.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(hi));
    outcome.ok = true;
    outcome.report = report + fitting.report;
    return outcome;
}

}  // namespace mkcv
