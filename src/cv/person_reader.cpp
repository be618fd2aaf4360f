#include "cv/person_reader.h"

namespace mkcv {

Person read_person(TomlValues& v, const toml::table& p) {
    Person person;
    person.pos = source_pos_of(p);
    person.name = v.text(p, "name");
    person.native_name = v.text(p, "native_name");
    person.position = v.text(p, "position");
    person.affiliation = v.text(p, "affiliation");
    person.email = v.text(p, "email");
    person.phone = v.text(p, "phone");
    person.homepage = v.text(p, "homepage");
    person.github = v.text(p, "github");
    person.location = v.text(p, "location");
    if (const auto* place = p.get_as<toml::table>("location")) {
        PlaceParts parts{v.text(*place, "address"), v.text(*place, "postal_code"),
                         v.text(*place, "city"),    v.text(*place, "region"),
                         v.text(*place, "country"), v.text(*place, "country_code")};
        person.location = {joined_place(parts), source_pos_of(*place)};
        person.location_parts = std::move(parts);
    }
    person.aliases = v.texts(p, "aliases");
    person.keep_authors = v.texts(p, "keep_authors");
    person.photo.path = v.text(p, "photo");
    person.bio = v.prose_text(p, "bio");
    v.each_table(p, "links", [&](const toml::table& t) {
        person.links.push_back({v.text(t, "label"), v.text(t, "url")});
    });
    v.each_table(p, "profiles", [&](const toml::table& t) {
        person.profiles.push_back({v.text(t, "network"), v.text(t, "username"), v.text(t, "url"),
                                   v.text(t, "label"), source_pos_of(t)});
    });
    return person;
}

}  // namespace mkcv
