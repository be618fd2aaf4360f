#include "tex/values_on_line.h"

#include <algorithm>

#include "bib/latex_text.h"

namespace mkcv {
namespace {

struct Match {
    const ValueOrigin* value;
    std::size_t begin;
    std::size_t end;
};

// Where `value` is printed on `line` (escaped, or raw through <<&name>>), earliest first.
void find_all(const ValueOrigin& value, const std::string& line, std::vector<Match>& out) {
    for (const std::string& form : {latex_of_text(value.text, value.marks), value.text}) {
        if (form.size() < 2)
            continue;  // a single character matches anywhere
        for (auto at = line.find(form); at != std::string::npos; at = line.find(form, at + 1))
            out.push_back({&value, at, at + form.size()});
    }
}

}  // namespace

std::vector<ValueOrigin> values_on_line(const std::vector<ValueOrigin>& values,
                                        const std::string& tex_line, const std::string& tex_context,
                                        std::size_t limit) {
    std::vector<Match> matches;
    for (const auto& value : values)
        find_all(value, tex_line, matches);

    // TeX shows the line up to the error, long ones cut to "...tail".
    std::string excerpt = tex_context;
    if (excerpt.rfind("...", 0) == 0)
        excerpt.erase(0, 3);
    std::size_t stop = std::string::npos;
    if (!excerpt.empty())
        if (const auto at = tex_line.find(excerpt); at != std::string::npos)
            stop = at + excerpt.size();
    if (stop != std::string::npos) {
        // Only what TeX had read can have caused the error.
        matches.erase(std::remove_if(matches.begin(), matches.end(),
                                     [&](const Match& m) { return m.begin >= stop; }),
                      matches.end());
        // When TeX stopped inside a value, that value is the culprit and the only one shown.
        const bool stopped_in_value = std::any_of(matches.begin(), matches.end(),
                                                  [&](const Match& m) { return m.end >= stop; });
        if (stopped_in_value)
            matches.erase(std::remove_if(matches.begin(), matches.end(),
                                         [&](const Match& m) { return m.end < stop; }),
                          matches.end());
        std::stable_sort(matches.begin(), matches.end(), [&](const Match& a, const Match& b) {
            if (a.end != b.end)
                return a.end > b.end;
            return a.end - a.begin > b.end - b.begin;
        });
    } else {
        // Longest first: a short value is more likely to match by accident.
        std::stable_sort(matches.begin(), matches.end(), [](const Match& a, const Match& b) {
            return a.end - a.begin > b.end - b.begin;
        });
    }

    // A match inside a longer one (a name inside a title) is not a separate value.
    std::vector<Match> kept;
    for (const auto& m : matches) {
        const bool inside = std::any_of(kept.begin(), kept.end(), [&](const Match& k) {
            return k.begin <= m.begin && m.end <= k.end;
        });
        const bool same_value = std::any_of(kept.begin(), kept.end(),
                                            [&](const Match& k) { return k.value == m.value; });
        if (!inside && !same_value)
            kept.push_back(m);
    }
    std::vector<ValueOrigin> out;
    for (std::size_t i = 0; i < kept.size() && i < limit; ++i)
        out.push_back(*kept[i].value);
    return out;
}

}  // namespace mkcv
