// Author names as CVs write them: "Yihao Zhao*" (equal contribution), "Xin Jin†"
// (corresponding), "Xuanzhe Liu (Advisor)". The marks are not part of the name, so the
// owner is recognised whatever marks or remarks follow.
#pragma once

#include <string>
#include <vector>

namespace mkcv {

struct AuthorName {
    std::string name;            // "Yihao Zhao"
    std::string suffix;          // " (Advisor)": kept as written, printed after the name
    bool equal = false;          // trailing *
    bool corresponding = false;  // trailing † (or "^")
};

AuthorName parse_author(const std::string& written);

// Compares names ignoring case, spacing and dots ("Y. Zhao" == "y zhao").
bool same_person(const std::string& a, const std::string& b);

// True when `author` is the CV's owner: its name or one of the aliases.
bool is_owner(const AuthorName& author, const std::string& owner,
              const std::vector<std::string>& aliases);

// is_owner for many authors: the owner's names are normalised once, not once per author.
class OwnerMatcher {
  public:
    OwnerMatcher(const std::string& owner, const std::vector<std::string>& aliases);
    bool operator()(const AuthorName& author) const;

  private:
    std::vector<std::string> names_;  // normalised; never empty strings
};

}  // namespace mkcv
