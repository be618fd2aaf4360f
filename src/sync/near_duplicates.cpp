#include "sync/near_duplicates.h"

#include <cctype>
#include <cstdlib>

#include "cv/authors.h"
#include "util/ascii.h"

namespace mkcv::sync {
namespace {

bool ends_with(const std::string& word, std::string_view end) {
    return word.size() > end.size() + 2 &&
           word.compare(word.size() - end.size(), end.size(), end) == 0;
}

// British spelling → American, by the endings that differ most often in titles:
// optimisation, analyse, behaviour, centre, modelling, catalogue.
std::string american(std::string word) {
    static const std::pair<std::string_view, std::string_view> kEndings[] = {
        {"isation", "ization"}, {"isations", "izations"}, {"ise", "ize"},  {"ised", "ized"},
        {"ises", "izes"},       {"ising", "izing"},       {"yse", "yze"},  {"ysed", "yzed"},
        {"yses", "yzes"},       {"ysing", "yzing"},       {"our", "or"},   {"ours", "ors"},
        {"tre", "ter"},         {"tres", "ters"},         {"lled", "led"}, {"lling", "ling"},
        {"logue", "log"},       {"logues", "logs"}};
    for (const auto& [british, us] : kEndings)
        if (ends_with(word, british)) {
            word.replace(word.size() - british.size(), british.size(), us);
            break;
        }
    return word;
}

// Lower-case ASCII words (other scripts kept as they are), spelling folded.
std::string words_of(std::string_view title) {
    std::string out, word;
    auto flush = [&] {
        if (word.empty())
            return;
        out += (out.empty() ? "" : " ") + american(word);
        word.clear();
    };
    for (const char c : title) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) || byte >= 0x80)
            word += ascii_lower(c);
        else
            flush();
    }
    flush();
    return out;
}

}  // namespace

std::string author_key(const std::string& author) {
    const std::string name = parse_author(author).name;
    const auto space = name.find_last_of(' ');
    return words_of(space == std::string::npos ? name : name.substr(space + 1));
}

namespace {

// A preprint and its published version are one paper (the merge keeps the published one);
// a conference paper and a journal paper of one title are often two, for the user to say.
bool kinds_agree(const PaperSketch& a, const PaperSketch& b) {
    return !a.kind_known || !b.kind_known || a.kind == b.kind ||
           a.kind == PublicationKind::Preprint || b.kind == PublicationKind::Preprint;
}

}  // namespace

std::string loose_title(std::string_view title) {
    return words_of(title);
}

std::string main_title(std::string_view title) {
    std::size_t cut = std::string_view::npos;
    for (std::string_view mark : {": ", " - ", " – ", " — ", "? "})
        cut = std::min(cut, title.find(mark));
    if (cut == std::string_view::npos)
        return "";
    const std::string main = words_of(title.substr(0, cut + (title[cut] == '?' ? 1 : 0)));
    // A main title of one or two words ("BERT", "Deep Learning") names a field, not a paper.
    std::size_t words = main.empty() ? 0 : 1;
    for (const char c : main)
        words += c == ' ';
    return words >= 3 ? main : "";
}

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
