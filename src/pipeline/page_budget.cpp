#include "pipeline/page_budget.h"

#include <algorithm>
#include <map>
#include <set>

#include "cv/sections.h"
#include "render/renderer.h"

namespace mkcv {
namespace {

struct Ranked {
    DroppableEntry entry;
    bool selected;
    int year;
    int priority;
    std::size_t position;  // in print order across the CV
};

std::string pages(int n) {
    return std::to_string(n) + (n == 1 ? " page" : " pages");
}

}  // namespace

std::vector<DroppableEntry> droppable_entries(const TemplateInput& input) {
    const Cv& cv = input.filtered.cv;
    std::vector<Ranked> ranked;
    auto add = [&](const std::string& section, std::size_t count, auto&& describe) {
        SectionRules rules;
        // A declared section the rules do not name is ranked by its kind's rules.
        const Section* row = sections_of(cv).find(section);
        auto it = input.rules.sections.find(section);
        if (it == input.rules.sections.end() && row && row->declared())
            it = input.rules.sections.find(std::string(row->kind));
        if (it != input.rules.sections.end())
            rules = it->second;
        const std::size_t keep = static_cast<std::size_t>(rules.keep.value_or(0));
        for (std::size_t i = keep; i < count; ++i) {
            auto [label, selected, year] = describe(i);
            ranked.push_back(
                {{section, i, label}, selected, year, rules.priority.value_or(0), ranked.size()});
        }
    };
    auto with_year = [](int year) -> std::string {
        if (year == 0)
            return "";
        return " (" + (year == 9999 ? std::string("present") : std::to_string(year)) + ")";
    };
    for (const Section* section : sections_of(cv).in_print_order()) {
        if (!section->is_list() || !section->droppable)
            continue;
        add(std::string(section->key), section->size(cv), [&](std::size_t i) {
            const Entry& e = section->entries.at(cv, section->key, i);
            const int y = entry_year(*section, e);
            return std::tuple(section->label(e) + with_year(y), e.selected, y);
        });
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const Ranked& a, const Ranked& b) {
        if (a.selected != b.selected)
            return !a.selected;
        if (a.year != b.year)
            return a.year < b.year;
        if (a.priority != b.priority)
            return a.priority < b.priority;
        return a.position > b.position;
    });
    std::vector<DroppableEntry> out;
    for (auto& r : ranked)
        out.push_back(std::move(r.entry));
    return out;
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
        outcome.diagnostics.error(rendered.input.filtered.cv.source_name, {}, "page-budget",
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
        const std::string message = pages(least.pages) + " even after dropping all " +
                                    std::to_string(order.size()) +
                                    " droppable entries; over the budget of " + pages(budget) +
                                    " by " + pages(least.pages - budget);
        const std::string hint =
            "shorten the text, or raise max_pages in [templates." + name + "] of cv.toml";
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
                  visible(order[i].label) + "\n";
    outcome.dropped.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(hi));
    outcome.ok = true;
    outcome.report = report + fitting.report;
    return outcome;
}

}  // namespace mkcv
