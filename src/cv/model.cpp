#include "cv/model.h"

namespace mkcv {

const std::vector<std::string>& publication_kind_names() {
    static const std::vector<std::string> names{"conference", "journal", "workshop",
                                                "preprint",   "thesis",  "other"};
    return names;
}

const char* to_string(PublicationKind kind) {
    return publication_kind_names()[static_cast<std::size_t>(kind)].c_str();
}

std::string joined_place(const PlaceParts& place) {
    std::string out;
    const auto add = [&](const std::string& part) {
        if (!part.empty())
            out += (out.empty() ? "" : ", ") + part;
    };
    add(place.address.value);
    std::string town = place.postal_code.value;
    if (!place.city.empty())
        town += (town.empty() ? "" : " ") + place.city.value;
    add(town);
    add(place.region.value);
    add(place.country.empty() ? place.country_code.value : place.country.value);
    return out;
}

std::optional<PublicationKind> publication_kind_from_string(const std::string& name) {
    const auto& names = publication_kind_names();
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return static_cast<PublicationKind>(i);
    return std::nullopt;
}

}  // namespace mkcv
