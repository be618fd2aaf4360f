#include "sync/near_duplicates.h"

#include <cstdlib>

#include "bib/paper_title.h"
#include "cv/authors.h"

namespace mkcv::sync {

std::string author_key(const std::string& author) {
    const std::string name = parse_author(author).name;
    const auto space = name.find_last_of(' ');
    return loose_title(space == std::string::npos ? name : name.substr(space + 1));
}

namespace {

// A preprint and its published version are one paper (the merge keeps the published one);
// a conference paper and a journal paper of one title are often two, for the user to say.
bool kinds_agree(const PaperSketch& a, const PaperSketch& b) {
    return !a.kind_known || !b.kind_known || a.kind == b.kind ||
           a.kind == PublicationKind::Preprint || b.kind == PublicationKind::Preprint;
}

}  // namespace

Likeness likeness(const PaperSketch& a, const PaperSketch& b) {
    if (a.year == 0 || b.year == 0 || std::abs(a.year - b.year) > 1)
        return Likeness::Different;
    const auto differ = [](const std::string& x, const std::string& y) {
        return !x.empty() && !y.empty() && x != y;
    };
    if (differ(a.doi, b.doi) || differ(a.arxiv, b.arxiv) || differ(a.dblp_key, b.dblp_key))
        return Likeness::Different;
    if (a.first_author.empty() || b.first_author.empty() ||
        author_key(a.first_author) != author_key(b.first_author))
        return Likeness::Different;
    const std::string ta = loose_title(a.title), tb = loose_title(b.title);
    if (ta.size() < 12 || tb.size() < 12)
        return Likeness::Different;
    if (ta == tb)
        return kinds_agree(a, b) ? Likeness::Same : Likeness::Possibly;
    const std::string ma = main_title(a.title), mb = main_title(b.title);
    if ((!ma.empty() && (ma == tb || ma == mb)) || (!mb.empty() && mb == ta))
        return Likeness::Possibly;
    return Likeness::Different;
}

}  // namespace mkcv::sync
