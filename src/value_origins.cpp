#include "value_origins.h"

#include <algorithm>

#include "bibtex_text.h"

namespace mkcv {
namespace {

class Collector {
  public:
    Collector(const Cv& cv, std::vector<ValueOrigin>& out) : file_(cv.source_name), out_(out) {}

    void add(const Text& text) {
        const bool blank = text.value.find_first_not_of(" \t\n") == std::string::npos;
        if (!blank && text.pos.known())
            out_.push_back({text.value, file_, text.pos});
        else if (!blank && !bib_file_.empty())
            out_.push_back({text.value, bib_file_, bib_pos_});  // at least its .bib entry
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

struct Match {
    const ValueOrigin* value;
    std::size_t begin;
    std::size_t end;
};

// Where `value` is printed on `line` (escaped, or raw through <<&name>>), earliest first.
void find_all(const ValueOrigin& value, const std::string& line, std::vector<Match>& out) {
    for (const std::string& form : {value_to_latex(value.text), value.text}) {
        if (form.size() < 2)
            continue;  // a single character matches anywhere
        for (auto at = line.find(form); at != std::string::npos; at = line.find(form, at + 1))
            out.push_back({&value, at, at + form.size()});
    }
}

}  // namespace

std::vector<ValueOrigin> value_origins(const Cv& cv, const std::vector<Publication>& also) {
    std::vector<ValueOrigin> out;
    Collector c(cv, out);
    const Person& p = cv.person;
    for (const Text* t : {&p.name, &p.native_name, &p.position, &p.affiliation, &p.email, &p.phone,
                          &p.homepage, &p.github, &p.location})
        c.add(*t);
    c.add(p.links);
    c.add(p.aliases);
    c.add(cv.research_interests);
    for (const auto& e : cv.education) {
        for (const Text* t :
             {&e.degree, &e.institution, &e.department, &e.location, &e.thesis, &e.note})
            c.add(*t);
        c.add(e.advisors);
        c.add(e.highlights);
    }
    for (const auto& e : cv.experience) {
        for (const Text* t : {&e.role, &e.organization, &e.location, &e.note})
            c.add(*t);
        c.add(e.mentors);
        c.add(e.highlights);
    }
    std::vector<const Publication*> publications;
    for (const auto* list : {&cv.publications, &also})
        for (const auto& pub : *list)
            publications.push_back(&pub);
    for (const Publication* p : publications) {
        const Publication& pub = *p;
        c.from_bib(pub.source_file, pub.source_pos);
        for (const Text* t : {&pub.title, &pub.venue, &pub.award, &pub.note})
            c.add(*t);
        c.add(pub.authors);
        c.add(pub.links);
        c.from_bib("", {});
    }
    for (const auto& t : cv.teaching) {
        for (const Text* text : {&t.role, &t.course, &t.institution})
            c.add(*text);
        c.add(t.terms);
    }
    for (const auto& a : cv.awards)
        for (const Text* t : {&a.title, &a.issuer, &a.note})
            c.add(*t);
    for (const auto& s : cv.sections) {
        c.add(s.title);
        c.add(s.text);
        c.add(s.items);
        for (const auto& e : s.entries) {
            for (const Text* t : {&e.title, &e.subtitle, &e.date, &e.location, &e.text})
                c.add(*t);
            c.add(e.highlights);
        }
    }
    return out;
}

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
