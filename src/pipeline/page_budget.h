// Holding a template's page budget (`max_pages`): compile; when the PDF is too long, drop
// the lowest-priority entries and compile again, and say exactly what was dropped and why.
//
// The rule, deterministic and documented in docs/templates.md: first entries within their
// sections, each section keeping its best entry (unselected before selected, then sections
// of lower `priority`, then older, then printed later); only then whole sections, lowest
// priority first, so a heading never stands over nothing. A section that is not
// `droppable` (education, by default), a section's first `keep` entries, a current position
// (`keep_current`) and the research interests are never dropped. The defaults come from
// the template's `budget` profile (academic or industry). The fewest drops that fit are
// found by bisection, so a 200-paper CV takes a handful of compilations, not hundreds.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "cv/model.h"
#include "render/rendered_template.h"
#include "render/template_input.h"
#include "util/diagnostics.h"

namespace mkcv {

struct DroppableEntry {
    std::string section;  // "publications"
    std::size_t index;    // in that section of the filtered CV
    std::string label;    // for the report: "“Title” (2019)", exactly as the CV has it
    std::string reason;   // for the report: "not selected, priority 30"
};

// One entry the budget could drop, as the ranking sees it.
struct BudgetEntry {
    std::size_t index;  // in its section of the filtered CV
    std::string label;
    bool selected = false;
    int year = 0;  // 0: undated; 9999: running to the present
};

// One section in print order, with its resolved rules (budget_rules_for) and entries.
struct BudgetSection {
    std::string key;
    SectionRules rules;
    std::vector<BudgetEntry> entries;  // in print order
};

// The order entries are dropped in, over plain data: what the rule above says, no TeX.
std::vector<DroppableEntry> drop_order(const std::vector<BudgetSection>& sections);

// The filtered CV's sections as drop_order takes them, then drop_order.
std::vector<DroppableEntry> droppable_entries(const TemplateInput& input);

// `cv` without the first `count` entries of `order`.
Cv without_entries(const Cv& cv, const std::vector<DroppableEntry>& order, std::size_t count);

struct CompileAttempt {
    bool ok = false;  // TeX succeeded
    int pages = 0;
    std::string report;
    Diagnostics diagnostics;  // why it failed, and notes
};

// Compiles a .tex as the template's output; the PDF of the last call is the one kept.
using CompileTex = std::function<CompileAttempt(const std::string& tex)>;

struct BudgetOutcome {
    bool ok = false;
    std::string report;
    // Every attempt's diagnostics, and the budget's own failure (code "page-budget", about
    // the CV, whose [templates.NAME] max_pages may be raised).
    Diagnostics diagnostics;
    std::vector<DroppableEntry> dropped;  // in the order they were dropped, when ok
};

// Compiles `rendered`, then drops entries until it fits its budget (or fails when
// `strict`, or when dropping every droppable entry is not enough).
BudgetOutcome compile_within_budget(const RenderedTemplate& rendered, bool strict,
                                    const CompileTex& compile);

}  // namespace mkcv
