#include "context/publication_groups.h"

#include <algorithm>

namespace mkcv {

std::vector<PublicationKind> group_order(const std::vector<std::string>& order) {
    std::vector<PublicationKind> out;
    auto add = [&](PublicationKind kind) {
        if (std::find(out.begin(), out.end(), kind) == out.end())
            out.push_back(kind);
    };
    for (const auto& name : order)
        if (const auto kind = publication_kind_from_string(name))
            add(*kind);
    for (const auto& name : publication_kind_names())
        add(*publication_kind_from_string(name));
    return out;
}

bool newer_first(const Publication* a, const Publication* b) {
    if (a->year != b->year)
        return a->year > b->year;
    if (a->month != b->month)
        return a->month > b->month;
    return a->day > b->day;
}

const std::string& group_heading(PublicationKind kind, const LocaleTexts& words) {
    return words.text("headings." + std::string(to_string(kind)));
}

const char* number_prefix(PublicationKind kind) {
    switch (kind) {
        case PublicationKind::Conference:
            return "C";
        case PublicationKind::Journal:
            return "J";
        case PublicationKind::Workshop:
            return "W";
        case PublicationKind::Preprint:
            return "P";
        case PublicationKind::Thesis:
            return "T";
        case PublicationKind::Other:
            return "O";
    }
    return "O";
}

std::string counts_text(const std::vector<std::pair<PublicationKind, std::size_t>>& counts,
                        const LocaleTexts& words) {
    std::string out;
    for (const auto& [kind, n] : counts) {
        if (n == 0)
            continue;
        const std::string key =
            "counts." + std::string(to_string(kind)) + (n == 1 ? "_one" : "_other");
        out += (out.empty() ? "" : words.text("list_separator")) +
               words.fill(key, {{"count", std::to_string(n)}});
    }
    return out;
}

}  // namespace mkcv
