// Profiles on other sites (`[[person.profiles]]`): the known networks, how a username becomes
// a link on each, and what a username must look like there. The validator checks profiles
// with it and the context builder links them, so the rule and the link cannot disagree.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cv/model.h"

namespace mkcv {

struct Network {
    std::string_view name;     // as printed: "Google Scholar"
    std::string_view key;      // for templates and CSS classes: "google-scholar"
    std::string_view example;  // a valid username, for hints
    // Fork Awesome's code point for the network's icon ("F09B"), empty when it has none: a
    // template prints no icon then, never a missing glyph.
    std::string_view icon;
    bool show_username;  // a handle people recognise (GitHub), not an opaque id (Scholar)
};

// The known networks, in the order the docs list them.
const std::vector<Network>& known_networks();

// The network a name means, ASCII case ignored; "Twitter" is X. Null when unknown.
const Network* find_network(std::string_view name);

// Why `username` cannot be a username on `network`, or nothing when it can.
std::optional<std::string> username_problem(const Network& network, const std::string& username);

// The page a username is at; call only after username_problem() found none.
std::string profile_url(const Network& network, const std::string& username);

// A profile as templates print it.
struct ResolvedProfile {
    std::string network;   // canonical name of a known network, else as written
    std::string key;       // "github", or "other"
    std::string username;  // as written
    std::string text;      // label, else the username, else the network
    std::string url;       // `url` when given, else made from the username; may be empty
    std::string icon;      // code point, or empty
};

ResolvedProfile resolve_profile(const Profile& profile);

}  // namespace mkcv
