#include "cv/authors.h"

#include <algorithm>
#include <cctype>

namespace mkcv {
namespace {

constexpr std::string_view kDagger = "†";

void trim(std::string& s) {
    const auto begin = s.find_first_not_of(" \t");
    const auto end = s.find_last_not_of(" \t");
    s = begin == std::string::npos ? "" : s.substr(begin, end - begin + 1);
}

bool strip_suffix(std::string& s, std::string_view suffix) {
    if (s.size() < suffix.size() || s.compare(s.size() - suffix.size(), suffix.size(), suffix) != 0)
        return false;
    s.erase(s.size() - suffix.size());
    trim(s);
    return true;
}

// Removes trailing marks in any order: "Name*†", "Name †*".
void strip_marks(std::string& s, AuthorName& out) {
    for (bool again = true; again;) {
        again = false;
        if (strip_suffix(s, "*"))
            again = out.equal = true;
        if (strip_suffix(s, kDagger))
            again = out.corresponding = true;
    }
}

std::string normalise(const std::string& name) {
    std::string out;
    for (char c : name) {
        if (c == ' ' || c == '.' || c == '\t' || c == '-')
            continue;
        out += c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;  // ASCII only
    }
    return out;
}

}  // namespace

AuthorName parse_author(const std::string& written) {
    AuthorName author;
    std::string text = written;
    trim(text);
    strip_marks(text, author);
    // A remark in parentheses at the end: "Xuanzhe Liu (Advisor)", possibly marked before it.
    if (!text.empty() && text.back() == ')') {
        const auto open = text.rfind('(');
        if (open != std::string::npos && open > 0) {
            author.suffix = text.substr(open);
            text.erase(open);
            trim(text);
            strip_marks(text, author);
            author.suffix = " " + author.suffix;
        }
    }
    author.name = text;
    return author;
}

// "Zhao, Yihao" (BibTeX's order) → "Yihao Zhao".
static std::string first_last(const std::string& name) {
    const auto comma = name.find(',');
    if (comma == std::string::npos || name.find(',', comma + 1) != std::string::npos)
        return name;
    return name.substr(comma + 1) + " " + name.substr(0, comma);
}

bool same_person(const std::string& a, const std::string& b) {
    const std::string na = normalise(first_last(a));
    return !na.empty() && na == normalise(first_last(b));
}

bool is_owner(const AuthorName& author, const std::string& owner,
              const std::vector<std::string>& aliases) {
    return OwnerMatcher(owner, aliases)(author);
}

OwnerMatcher::OwnerMatcher(const std::string& owner, const std::vector<std::string>& aliases) {
    names_.push_back(normalise(first_last(owner)));
    for (const auto& alias : aliases)
        names_.push_back(normalise(first_last(alias)));
    names_.erase(std::remove(names_.begin(), names_.end(), std::string()), names_.end());
}

bool OwnerMatcher::operator()(const AuthorName& author) const {
    if (names_.empty())
        return false;
    const std::string name = normalise(first_last(author.name));
    return !name.empty() && std::find(names_.begin(), names_.end(), name) != names_.end();
}

}  // namespace mkcv
