#include "sync/paper_kind.h"

#include <cctype>

#include "util/ascii.h"

namespace mkcv::sync {
namespace {

std::string lower_ascii(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        c = ascii_lower(c);
    return out;
}

// Whether `title` (lower-cased) starts with `word` followed by an end, a colon, a space or
// punctuation: "erratum:" and "erratum to" count, "errata-free sorting" does not.
bool starts_with_word(const std::string& title, std::string_view word) {
    if (title.compare(0, word.size(), word) != 0)
        return false;
    if (title.size() == word.size())
        return true;
    const char next = title[word.size()];
    return next == ':' || next == ' ' || next == '.' || next == ',' || next == ';';
}

// Whether `title` (lower-cased) is `word` alone or `word` and then what only a notice
// says next: a colon, a period, "to", "of", "on" or "for the" ("Retraction Watch: …" and
// "Editorial Algorithms" are papers).
bool notice_word(const std::string& title, std::string_view word) {
    if (title.compare(0, word.size(), word) != 0)
        return false;
    const std::string after = title.substr(word.size());
    return after.empty() || after[0] == ':' || after[0] == '.' || after.rfind(" to ", 0) == 0 ||
           after.rfind(" to:", 0) == 0 || after.rfind(" of ", 0) == 0 ||
           after.rfind(" on ", 0) == 0 || after.rfind(" for the ", 0) == 0 ||
           after.rfind(" to \"", 0) == 0;
}

// "correction: …", "correction to: …", "corrections" followed by a colon or "to/for/of"
// and a title; a leading word ("author", "publisher") is allowed.
bool is_correction(const std::string& t) {
    std::string rest = t;
    for (std::string_view who :
         {"author ", "authors' ", "publisher ", "publisher's ", "editorial "})
        if (rest.rfind(who, 0) == 0)
            rest = rest.substr(who.size());
    for (std::string_view word : {"correction", "corrections"}) {
        if (!starts_with_word(rest, word))
            continue;
        const std::string after = rest.substr(word.size());
        return after.empty() || after[0] == ':' || after.rfind(" to ", 0) == 0 ||
               after.rfind(" to:", 0) == 0 || after.rfind(" notice", 0) == 0;
    }
    return false;
}

// A numbered meeting abstract: "Abstract 794: …", "Abstract LB-123: …", or a code of
// capitals and digits ("DDRE-07.", "OR12-3.") then a period and a title in capitals.
bool is_meeting_abstract(std::string_view title) {
    const std::string t = lower_ascii(title);
    if (t.rfind("abstract ", 0) == 0) {
        std::size_t i = 9;
        if (i < t.size() && t[i] == '#')
            ++i;
        const std::size_t start = i;
        while (i < t.size() && (std::isalnum(static_cast<unsigned char>(t[i])) || t[i] == '-'))
            ++i;
        bool digit = false;
        for (std::size_t j = start; j < i; ++j)
            digit = digit || std::isdigit(static_cast<unsigned char>(t[j]));
        return digit && i < t.size() && (t[i] == ':' || t[i] == '.');
    }
    std::size_t i = 0, letters = 0, digits = 0;
    while (i < title.size() && std::isupper(static_cast<unsigned char>(title[i]))) {
        ++i;
        ++letters;
    }
    if (letters < 1 || letters > 6)
        return false;
    if (i < title.size() && title[i] == '-')
        ++i;
    while (i < title.size() &&
           (std::isdigit(static_cast<unsigned char>(title[i])) || title[i] == '-')) {
        digits += title[i] != '-';
        ++i;
    }
    if (digits < 1 || digits > 5 || i + 1 >= title.size() || title[i] != '.' || title[i + 1] != ' ')
        return false;
    // "DDRE-07. FATTY ACID SYNTHESIS …": meetings print their abstracts' titles in
    // capitals; "COVID-19. A Review" and "GPT-4. Scaling" are papers.
    std::size_t upper = 0, lower = 0;
    for (std::size_t j = i + 2; j < title.size(); ++j) {
        upper += std::isupper(static_cast<unsigned char>(title[j])) != 0;
        lower += std::islower(static_cast<unsigned char>(title[j])) != 0;
    }
    return upper >= 8 && lower * 10 <= upper;
}

}  // namespace

std::string notice_by_title(std::string_view title) {
    std::size_t start = 0;
    while (start < title.size() && (title[start] == ' ' || title[start] == '['))
        ++start;
    const std::string t = lower_ascii(title.substr(start));
    if (is_correction(t))
        return "a correction";
    for (std::string_view word : {"erratum", "errata", "corrigendum", "corrigenda", "addendum"})
        if (starts_with_word(t, word))
            return "a correction";
    for (std::string_view word :
         {"retraction", "retraction note", "retraction notice", "notice of retraction"})
        if (notice_word(t, word))
            return "a retraction notice";
    if (notice_word(t, "expression of concern") ||
        notice_word(t, "editorial expression of concern"))
        return "an expression of concern";
    for (std::string_view word : {"editorial", "editorial note", "editor's note", "editors' note",
                                  "guest editorial", "from the editor", "in this issue"})
        if (notice_word(t, word))
            return "an editorial";
    for (std::string_view whole :
         {"front matter", "back matter", "frontmatter", "title page", "table of contents",
          "contents", "cover image", "masthead", "issue information", "index", "copyright page",
          "committees", "program committee", "preface", "foreword"})
        if (t == whole || t == std::string(whole) + ".")
            return "front matter";
    if (is_meeting_abstract(title.substr(start)))
        return "a meeting abstract";
    return "";
}

bool retracted_by_title(std::string_view title) {
    const std::string t = lower_ascii(title.substr(0, 24));
    return t.rfind("retracted:", 0) == 0 || t.rfind("retracted article:", 0) == 0 ||
           t.rfind("[retracted]", 0) == 0 || t.rfind("retracted ", 0) == 0;
}

}  // namespace mkcv::sync
