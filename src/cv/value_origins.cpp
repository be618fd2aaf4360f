#include "cv/value_origins.h"

#include "cv/sections.h"

namespace mkcv {
namespace {

class Collector {
  public:
    Collector(const Cv& cv, std::vector<ValueOrigin>& out) : file_(cv.source_name), out_(out) {}

    void add(const Text& text) {
        const bool blank = text.value.find_first_not_of(" \t\n") == std::string::npos;
        if (!blank && text.pos.known())
            out_.push_back({text.value, file_, text.pos, text.marks});
        else if (!blank && !bib_file_.empty())
            out_.push_back(
                {text.value, bib_file_, bib_pos_, text.marks});  // at least its .bib entry
    }
    // Values without a cv.toml position come from this .bib entry (empty: none).
    void from_bib(const std::string& file, SourcePos entry) {
        bib_file_ = file;
        bib_pos_ = entry;
    }
    void add(const std::vector<Text>& texts) {
        for (const auto& t : texts)
            add(t);
    }
    void add(const std::vector<Link>& links) {
        for (const auto& link : links) {
            add(link.label);
            add(link.url);
        }
    }

  private:
    const std::string& file_;
    std::vector<ValueOrigin>& out_;
    std::string bib_file_;
    SourcePos bib_pos_;
};

}  // namespace

std::vector<ValueOrigin> value_origins(const Cv& cv, const std::vector<Publication>& also) {
    std::vector<ValueOrigin> out;
    Collector c(cv, out);
    const Person& p = cv.person;
    for (const Text* t : {&p.name, &p.native_name, &p.position, &p.affiliation, &p.email, &p.phone,
                          &p.homepage, &p.github, &p.location, &p.bio})
        c.add(*t);
    c.add(p.links);
    for (const Profile& profile : p.profiles)
        for (const Text* t : {&profile.network, &profile.username, &profile.url, &profile.label})
            c.add(*t);
    if (p.location_parts)
        for (const Text* t : {&p.location_parts->address, &p.location_parts->postal_code,
                              &p.location_parts->city, &p.location_parts->region,
                              &p.location_parts->country, &p.location_parts->country_code})
            c.add(*t);
    c.add(p.aliases);
    c.add(p.keep_authors);
    for (const Section& section : sections_of(cv).rows()) {
        if (!section.is_list()) {
            c.add(cv.*section.paragraph);
        } else if (section.key == kPublicationsSection) {
            // Written for: values may come from a .bib, and `also` adds papers.
            std::vector<const Publication*> publications;
            for (const auto* list : {&cv.publications, &also})
                for (const auto& pub : *list)
                    publications.push_back(&pub);
            for (const Publication* p : publications) {
                const Publication& pub = *p;
                c.from_bib(pub.source_file, pub.source_pos);
                for (const Text* t : {&pub.title, &pub.venue, &pub.award, &pub.note, &pub.abstract,
                                      &pub.thumbnail.path})
                    c.add(*t);
                c.add(pub.authors);
                c.add(pub.links);
                c.from_bib("", {});
            }
        } else {
            for (std::size_t i = 0; i < section.size(cv); ++i)
                for_each_text(section.fields, section.entries.at(cv, section.key, i),
                              [&](const Text& t) { c.add(t); });
        }
    }
    return out;
}

}  // namespace mkcv
