#include "cv/profiles.h"

#include <algorithm>

#include "util/ascii.h"

namespace mkcv {
namespace {

bool is_alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// Every character is an ASCII letter, digit or one of `extra`; `least` to `most` of them.
bool made_of(const std::string& s, std::string_view extra, std::size_t least, std::size_t most) {
    return s.size() >= least && s.size() <= most && std::all_of(s.begin(), s.end(), [&](char c) {
               return is_alnum(c) || extra.find(c) != std::string_view::npos;
           });
}

// A host name: labels of letters, digits and inner hyphens, with at least one dot.
bool is_host(const std::string& s) {
    if (s.size() > 253 || s.find('.') == std::string::npos)
        return false;
    std::size_t start = 0;
    while (start <= s.size()) {
        std::size_t dot = s.find('.', start);
        if (dot == std::string::npos)
            dot = s.size();
        const std::string label = s.substr(start, dot - start);
        if (!made_of(label, "-", 1, 63) || label.front() == '-' || label.back() == '-')
            return false;
        start = dot + 1;
    }
    return true;
}

// ORCID iDs end in a check character, ISO 7064 MOD 11-2 over the 15 digits before it.
std::optional<std::string> orcid_problem(const std::string& id) {
    if (id.size() != 19 || id[4] != '-' || id[9] != '-' || id[14] != '-')
        return "an ORCID iD is four groups of four digits, e.g. 0000-0002-1825-0097";
    int total = 0;
    for (std::size_t i = 0; i + 1 < id.size(); ++i) {
        if (id[i] == '-')
            continue;
        if (id[i] < '0' || id[i] > '9')
            return "an ORCID iD has digits only (the last may be X)";
        total = (total + (id[i] - '0')) * 2;
    }
    const int remainder = total % 11;
    const int check = (12 - remainder) % 11;
    const char expected = check == 10 ? 'X' : static_cast<char>('0' + check);
    if (id.back() != expected)
        return "the check digit of this ORCID iD is wrong (it should end in " +
               std::string(1, expected) + "): look for a mistyped digit";
    return std::nullopt;
}

std::string strip_at(const std::string& s) {
    return !s.empty() && s.front() == '@' ? s.substr(1) : s;
}

}  // namespace

const std::vector<Network>& known_networks() {
    static const std::vector<Network> networks{
        {"ORCID", "orcid", "0000-0002-1825-0097", "F337", true},
        {"Google Scholar", "google-scholar", "qc6CJjYAAAAJ", "", false},
        {"DBLP", "dblp", "12/3456", "", false},
        {"Semantic Scholar", "semantic-scholar", "1741101", "", false},
        {"GitHub", "github", "octocat", "F09B", true},
        {"GitLab", "gitlab", "octocat", "F296", true},
        {"LinkedIn", "linkedin", "jane-doe", "F0E1", true},
        {"X", "x", "jane_doe", "F099", true},
        {"Mastodon", "mastodon", "@jane@mastodon.social", "F2E1", true},
        {"ResearchGate", "researchgate", "Jane-Doe", "F338", true},
        {"Bluesky", "bluesky", "jane.bsky.social", "", true},
    };
    return networks;
}

const Network* find_network(std::string_view name) {
    const std::string folded = ascii_lower(name);
    if (folded == "twitter")
        return find_network("X");
    for (const Network& network : known_networks())
        if (ascii_lower(network.name) == folded)
            return &network;
    return nullptr;
}

std::optional<std::string> username_problem(const Network& network, const std::string& username) {
    const std::string_view key = network.key;
    const std::string hint_example = " (e.g. \"" + std::string(network.example) + "\")";
    if (key == "orcid")
        return orcid_problem(username);
    if (key == "google-scholar")
        return made_of(username, "_-", 1, 64)
                   ? std::nullopt
                   : std::optional<std::string>(
                         "a Google Scholar user id is the `user=` part of the profile's address" +
                         hint_example);
    if (key == "dblp")
        return made_of(username, "/_-.:", 1, 128) && username.find("..") == std::string::npos
                   ? std::nullopt
                   : std::optional<std::string>("a DBLP id is the part after dblp.org/pid/" +
                                                hint_example);
    if (key == "semantic-scholar")
        return made_of(username, "", 1, 32) &&
                       std::all_of(username.begin(), username.end(),
                                   [](char c) { return c >= '0' && c <= '9'; })
                   ? std::nullopt
                   : std::optional<std::string>(
                         "a Semantic Scholar author id is a number, the end of the author page's "
                         "address" +
                         hint_example);
    if (key == "github")
        return made_of(username, "-", 1, 39) && username.front() != '-' && username.back() != '-'
                   ? std::nullopt
                   : std::optional<std::string>(
                         "a GitHub user name is letters, digits and inner hyphens, at most 39" +
                         hint_example);
    if (key == "gitlab")
        return made_of(username, "_.-", 1, 255)
                   ? std::nullopt
                   : std::optional<std::string>("a GitLab user name is letters, digits, _ . and -" +
                                                hint_example);
    if (key == "linkedin")
        return made_of(username, "_-", 3, 100)
                   ? std::nullopt
                   : std::optional<std::string>(
                         "a LinkedIn name is the part after linkedin.com/in/" + hint_example);
    if (key == "x")
        return made_of(strip_at(username), "_", 1, 15)
                   ? std::nullopt
                   : std::optional<std::string>("an X handle is at most 15 letters, digits and _" +
                                                hint_example);
    if (key == "mastodon") {
        const std::string rest = strip_at(username);
        const std::size_t at = rest.find('@');
        if (username.front() == '@' && at != std::string::npos &&
            made_of(rest.substr(0, at), "_", 1, 64) && is_host(rest.substr(at + 1)))
            return std::nullopt;
        return "a Mastodon user name is written @user@instance" + hint_example;
    }
    if (key == "researchgate")
        return made_of(username, "_-", 1, 128)
                   ? std::nullopt
                   : std::optional<std::string>(
                         "a ResearchGate name is the part after researchgate.net/profile/" +
                         hint_example);
    if (key == "bluesky")
        return is_host(strip_at(username))
                   ? std::nullopt
                   : std::optional<std::string>("a Bluesky handle is a domain name" + hint_example);
    return std::nullopt;
}

std::string profile_url(const Network& network, const std::string& username) {
    const std::string_view key = network.key;
    if (key == "orcid")
        return "https://orcid.org/" + username;
    if (key == "google-scholar")
        return "https://scholar.google.com/citations?user=" + username;
    if (key == "dblp")
        return "https://dblp.org/pid/" + username;
    if (key == "semantic-scholar")
        return "https://www.semanticscholar.org/author/" + username;
    if (key == "github")
        return "https://github.com/" + username;
    if (key == "gitlab")
        return "https://gitlab.com/" + username;
    if (key == "linkedin")
        return "https://www.linkedin.com/in/" + username;
    if (key == "x")
        return "https://x.com/" + strip_at(username);
    if (key == "mastodon") {
        const std::string rest = strip_at(username);
        const std::size_t at = rest.find('@');
        return "https://" + rest.substr(at + 1) + "/@" + rest.substr(0, at);
    }
    if (key == "researchgate")
        return "https://www.researchgate.net/profile/" + username;
    if (key == "bluesky")
        return "https://bsky.app/profile/" + strip_at(username);
    return "";
}

ResolvedProfile resolve_profile(const Profile& profile) {
    ResolvedProfile out;
    const Network* network = find_network(profile.network.value);
    out.network = network ? std::string(network->name) : profile.network.value;
    out.key = network ? std::string(network->key) : "other";
    out.icon = network ? std::string(network->icon) : "";
    out.url = profile.url.value;
    out.username = profile.username.value;
    if (out.url.empty() && network && !profile.username.empty() &&
        !username_problem(*network, profile.username.value))
        out.url = profile_url(*network, profile.username.value);
    if (!profile.label.empty())
        out.text = profile.label.value;
    else if (!profile.username.empty() && (!network || network->show_username))
        out.text = profile.username.value;
    else if (!out.network.empty())
        out.text = out.network;
    else
        out.text = out.url;
    return out;
}

}  // namespace mkcv
