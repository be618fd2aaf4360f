#include "context/person_context.h"

#include <algorithm>

#include "context/field_context.h"
#include "cv/locale.h"
#include "cv/photo.h"
#include "cv/profiles.h"
#include "text/cjk_text.h"
#include "text/latex_escape.h"
#include "util/ascii.h"

namespace mkcv {
namespace {

using Id = ContextTree::Id;

}  // namespace

void add_person(ContextTree& t, const Person& p, TextFormat format,
                const std::optional<SitePage>& site) {
    const Id person = t.add_object(ContextTree::root(), "person");
    t.add_string(person, "name", p.name.value);
    t.add_text(person, "native_name", p.native_name.value);
    t.add_text(person, "position", p.position.value);
    t.add_text(person, "affiliation", p.affiliation.value);
    t.add_text(person, "email", p.email.value);
    t.add_text(person, "phone", p.phone.value);
    t.add_text(person, "homepage", p.homepage.value);
    t.add_text(person, "github", p.github.value);
    t.add_text(person, "location", p.location.value);
    t.add_text(person, "bio", p.bio.value, p.bio.marks);
    // The photo under mkcv's own name (the TeX build folder holds a copy) and, for HTML, as
    // a data: URI, so the page stays one self-contained file.
    if (!p.photo.bytes.empty()) {
        const Id photo = t.add_object(person, "photo");
        t.add_string(photo, "file", photo_file_name(p.photo));
        if (format == TextFormat::Html)
            t.add_string(photo, "data_uri", photo_data_uri(p.photo));
        else
            t.add_null(photo, "data_uri");
        t.add_string(photo, "path", p.photo.path.value);
        // Where an HTML page finds it: a file of the site, or the page itself.
        if (site && !site->photo.empty())
            t.add_string(photo, "src", site->photo);
        else if (format == TextFormat::Html)
            t.add_string(photo, "src", photo_data_uri(p.photo));
        else
            t.add_null(photo, "src");
    } else {
        t.add_null(person, "photo");
    }
    // The parts of a location written as a table, for outputs that keep them apart (JSON
    // Resume's basics.location); null for a location written as one string.
    if (p.location_parts) {
        const PlaceParts& place = *p.location_parts;
        const Id parts = t.add_object(person, "location_parts");
        t.add_text(parts, "address", place.address.value);
        t.add_text(parts, "postal_code", place.postal_code.value);
        t.add_text(parts, "city", place.city.value);
        t.add_text(parts, "region", place.region.value);
        t.add_text(parts, "country", place.country.value);
        t.add_text(parts, "country_code", place.country_code.value);
    } else {
        t.add_null(person, "location_parts");
    }
    add_links(t, person, p.links, format);

    // Profiles on other sites; `github` is a GitHub profile written the short way.
    std::vector<ResolvedProfile> social;
    if (!p.github.empty()) {
        const bool is_url = p.github.value.find("://") != std::string::npos;
        Profile github{{"GitHub", p.github.pos}, {}, {}, {}, p.pos};
        (is_url ? github.url : github.username) = p.github;
        ResolvedProfile r = resolve_profile(github);
        if (!is_url && r.url.empty())  // a name GitHub would refuse: linked as before
            r.url = "https://github.com/" + p.github.value;
        r.text = display_url(r.url);
        social.push_back(std::move(r));
    }
    for (const Profile& profile : p.profiles)
        social.push_back(resolve_profile(profile));

    struct Contact {
        const char* kind;
        std::string text;
        std::string url;
        std::string icon;                         // Fork Awesome code point, or empty
        const ResolvedProfile* social = nullptr;  // for kind "github" and "profile"
    };
    std::vector<Contact> contacts;
    if (!p.email.empty())
        contacts.push_back({"email", p.email.value, "mailto:" + p.email.value, "F0E0"});
    if (!p.phone.empty())
        contacts.push_back({"phone", p.phone.value, "", "F095"});
    if (!p.homepage.empty())
        contacts.push_back(
            {"homepage", display_url(p.homepage.value), link_target(p.homepage.value), "F0AC"});
    for (const ResolvedProfile& r : social)
        contacts.push_back({&r == &social.front() && !p.github.empty() ? "github" : "profile",
                            r.text, r.url, r.icon, &r});
    if (!p.location.empty())
        contacts.push_back({"location", p.location.value, "", "F041"});
    for (const auto& link : p.links)
        contacts.push_back({"link", link.label.value, link_target(link.url.value), ""});
    add_items(t, person, "contacts", contacts, [&](Id item, const Contact& c) {
        t.add_string(item, "kind", c.kind);
        // Flags by kind, for templates that print each kind its own way (Mustache cannot
        // compare strings): <<#is.email>>…<</is.email>>.
        const Id is = t.add_object(item, "is");
        for (const char* kind :
             {"email", "phone", "homepage", "github", "profile", "location", "link"})
            t.add_bool(is, kind, std::string_view(kind) == c.kind);
        t.add_string(item, "text", c.text);
        t.add_text(item, "url", c.url);
        if (c.url.empty())
            t.add_null(item, "href");
        else
            add_href(t, item, c.url, format);
        t.add_text(item, "network", c.social ? c.social->network : "");
        // The network's name where the text alone would not say it (an ORCID iD, a handle);
        // null for `github`, whose text is its address.
        const bool profile = std::string_view(c.kind) == "profile";
        t.add_text(item, "network_label",
                   profile && c.social->text != c.social->network ? c.social->network : "");
        t.add_text(item, "icon", c.icon);
    });
    // Every profile, `github` first, with what JSON Resume's basics.profiles needs.
    add_items(t, person, "social", social, [&](Id item, const ResolvedProfile& r) {
        t.add_text(item, "network", r.network);
        t.add_text(item, "network_key", r.key);
        t.add_text(item, "username", r.username);
        t.add_string(item, "text", r.text);
        t.add_text(item, "url", r.url);
        if (r.url.empty())
            t.add_null(item, "href");
        else
            add_href(t, item, r.url, format);
        t.add_text(item, "icon", r.icon);
    });
    // The person's pages elsewhere (schema.org `sameAs`): the contacts that are web pages and
    // have a link, alone in a list so that `first` and `last` count only them.
    std::vector<const Contact*> profiles;
    for (const Contact& c : contacts)
        if (std::string_view(c.kind) != "email" && std::string_view(c.kind) != "phone" &&
            !c.url.empty() && (format == TextFormat::Latex || is_safe_href(c.url)))
            profiles.push_back(&c);
    add_items(t, person, "profiles", profiles, [&](Id item, const Contact* c) {
        t.add_string(item, "kind", c->kind);
        t.add_string(item, "text", c->text);
        add_href(t, item, c->url, format);
    });
}

}  // namespace mkcv
