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

const char* group_heading(PublicationKind kind) {
    switch (kind) {
        case PublicationKind::Conference:
            return "Conference Papers";
        case PublicationKind::Journal:
            return "Journal Articles";
        case PublicationKind::Workshop:
            return "Workshop Papers";
        case PublicationKind::Preprint:
            return "Preprints";
        case PublicationKind::Thesis:
            return "Theses";
        case PublicationKind::Other:
            return "Other Publications";
    }
    return "Publications";
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

std::string counts_text(const std::vector<std::pair<PublicationKind, std::size_t>>& counts) {
    std::string out;
    for (const auto& [kind, n] : counts) {
        if (n == 0)
            continue;
        const bool one = n == 1;
        const char* noun = "";
        switch (kind) {
            case PublicationKind::Conference:
                noun = one ? "conference paper" : "conference papers";
                break;
            case PublicationKind::Journal:
                noun = one ? "journal article" : "journal articles";
                break;
            case PublicationKind::Workshop:
                noun = one ? "workshop paper" : "workshop papers";
                break;
            case PublicationKind::Preprint:
                noun = one ? "preprint" : "preprints";
                break;
            case PublicationKind::Thesis:
                noun = one ? "thesis" : "theses";
                break;
            case PublicationKind::Other:
                noun = one ? "other publication" : "other publications";
                break;
        }
        out += (out.empty() ? "" : ", ") + std::to_string(n) + " " + noun;
    }
    return out;
}

}  // namespace mkcv
