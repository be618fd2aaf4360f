#include "util/text_similarity.h"
#include "util/ascii.h"

#include <algorithm>
#include <cctype>

namespace mkcv {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment distance, three rows.
    std::vector<std::size_t> before(b.size() + 1), previous(b.size() + 1), current(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j)
        previous[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        current[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
            current[j] = std::min({previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                current[j] = std::min(current[j], before[j - 2] + 1);
        }
        std::swap(before, previous);
        std::swap(previous, current);
    }
    return previous[b.size()];
}

std::string closest_match(std::string_view word, const std::vector<std::string>& candidates) {
    const std::string needle = ascii_lower(word);
    std::string best;
    std::size_t best_distance = std::string::npos;
    for (const auto& candidate : candidates) {
        // A distance is at least the difference in length, and more than 3 is never a
        // match: skipping those keeps a 10 MB key from costing a 10 MB × N table.
        const std::size_t gap = word.size() > candidate.size() ? word.size() - candidate.size()
                                                               : candidate.size() - word.size();
        if (gap > 3)
            continue;
        const std::size_t distance = edit_distance(needle, ascii_lower(candidate));
        if (distance < best_distance) {
            best_distance = distance;
            best = candidate;
        }
    }
    // A third of the word may be wrong, at least one character, at most three.
    const std::size_t limit = std::clamp<std::size_t>(std::max(word.size(), best.size()) / 3, 1, 3);
    return best_distance <= limit ? best : "";
}

}  // namespace mkcv
