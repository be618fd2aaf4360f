#include "cv/profiles.h"

#include <catch2/catch.hpp>

#include "test_support.h"

using namespace mkcv;
using mkcv::test::hints;
using mkcv::test::load_ok;
using mkcv::test::problems;

namespace {

std::string link_of(const std::string& network, const std::string& username) {
    const Network* n = find_network(network);
    REQUIRE(n);
    REQUIRE_FALSE(username_problem(*n, username));
    return profile_url(*n, username);
}

bool refused(const std::string& network, const std::string& username) {
    const Network* n = find_network(network);
    REQUIRE(n);
    return username_problem(*n, username).has_value();
}

}  // namespace

TEST_CASE("each known network links a username to its profile page") {
    CHECK(link_of("ORCID", "0000-0002-1825-0097") == "https://orcid.org/0000-0002-1825-0097");
    CHECK(link_of("Google Scholar", "qc6CJjYAAAAJ") ==
          "https://scholar.google.com/citations?user=qc6CJjYAAAAJ");
    CHECK(link_of("DBLP", "12/3456") == "https://dblp.org/pid/12/3456");
    CHECK(link_of("Semantic Scholar", "1741101") ==
          "https://www.semanticscholar.org/author/1741101");
    CHECK(link_of("GitHub", "octo-cat") == "https://github.com/octo-cat");
    CHECK(link_of("GitLab", "jane.doe") == "https://gitlab.com/jane.doe");
    CHECK(link_of("LinkedIn", "jane-doe") == "https://www.linkedin.com/in/jane-doe");
    CHECK(link_of("X", "@jane_doe") == "https://x.com/jane_doe");
    CHECK(link_of("Mastodon", "@jane@mastodon.social") == "https://mastodon.social/@jane");
    CHECK(link_of("ResearchGate", "Jane-Doe") == "https://www.researchgate.net/profile/Jane-Doe");
    CHECK(link_of("Bluesky", "jane.bsky.social") == "https://bsky.app/profile/jane.bsky.social");
}

TEST_CASE("network names match in any case, and Twitter is X") {
    CHECK(find_network("orcid")->name == "ORCID");
    CHECK(find_network("GOOGLE SCHOLAR")->name == "Google Scholar");
    CHECK(find_network("twitter")->name == "X");
    CHECK(find_network("Myspace") == nullptr);
}

TEST_CASE("an ORCID iD is checked by its ISO 7064 MOD 11-2 check digit") {
    CHECK_FALSE(refused("ORCID", "0000-0002-1825-0097"));
    CHECK_FALSE(refused("ORCID", "0000-0002-1694-233X"));  // check character X
    CHECK(refused("ORCID", "0000-0002-1825-0098"));        // one digit off
    CHECK(refused("ORCID", "0000-0002-1825-009X"));        // X where 7 is due
    CHECK(refused("ORCID", "0000-0002-1694-2330"));        // 0 where X is due
    CHECK(refused("ORCID", "0000-0002-1694-233x"));        // the check character is a capital
    CHECK(refused("ORCID", "0000-0002-1852-0097"));        // two digits swapped
    CHECK(refused("ORCID", "0000000218250097"));           // no hyphens
    CHECK(refused("ORCID", "https://orcid.org/0000-0002-1825-0097"));
}

TEST_CASE("usernames that would make a wrong or unsafe link are refused") {
    CHECK(refused("GitHub", "-octocat"));
    CHECK(refused("GitHub", "octo/cat"));
    CHECK(refused("GitHub", std::string(40, 'a')));
    CHECK(refused("Google Scholar", "abc&hl=en"));
    CHECK(refused("Semantic Scholar", "12a"));
    CHECK(refused("DBLP", "../etc"));
    CHECK(refused("X", "jane doe"));
    CHECK(refused("Mastodon", "jane@mastodon.social"));  // the leading @ is part of it
    CHECK(refused("Mastodon", "@jane@localhost"));
    CHECK(refused("Mastodon", "@jane@evil.example/x"));
    CHECK(refused("Bluesky", "jane"));
    CHECK(refused("LinkedIn", "jane?x=1"));
}

TEST_CASE("a profile resolves to a link, a text and an icon") {
    const Cv cv = load_ok(R"(
[person]
name = "Ada"
profiles = [
  { network = "orcid", username = "0000-0002-1825-0097" },
  { network = "Google Scholar", username = "qc6CJjYAAAAJ" },
  { network = "Bluesky", username = "ada.bsky.social", label = "Ada on Bluesky" },
  { network = "Myspace", url = "https://myspace.com/ada" },
  { url = "https://example.org/ada" },
]
)");
    REQUIRE(cv.person.profiles.size() == 5);
    const ResolvedProfile orcid = resolve_profile(cv.person.profiles[0]);
    CHECK(orcid.network == "ORCID");
    CHECK(orcid.text == "0000-0002-1825-0097");
    CHECK(orcid.url == "https://orcid.org/0000-0002-1825-0097");
    CHECK(orcid.icon == "F337");
    const ResolvedProfile scholar = resolve_profile(cv.person.profiles[1]);
    CHECK(scholar.text == "Google Scholar");  // an opaque id is not shown
    CHECK(scholar.icon.empty());              // Fork Awesome has none: no missing glyph
    CHECK(resolve_profile(cv.person.profiles[2]).text == "Ada on Bluesky");
    const ResolvedProfile other = resolve_profile(cv.person.profiles[3]);
    CHECK(other.network == "Myspace");
    CHECK(other.key == "other");
    CHECK(other.url == "https://myspace.com/ada");
    CHECK(resolve_profile(cv.person.profiles[4]).text == "https://example.org/ada");
}

TEST_CASE("bad profiles are errors at their place, with hints") {
    const std::string toml = R"([person]
name = "Ada"
github = "ada"
profiles = [
  { network = "ORCID", username = "0000-0002-1825-0098" },
  { network = "Githib", username = "ada" },
  { network = "Myspace", username = "ada" },
  { label = "nothing" },
  { network = "X", url = "ftp://x.com/ada" },
  { network = "GitHub", username = "ada" },
]
)";
    const auto lines = problems(toml);
    CHECK(lines == std::vector<std::string>{
                       "5:35: error: \"0000-0002-1825-0098\" is not a valid ORCID username",
                       "6:15: error: mkcv does not know the network \"Githib\", so this "
                       "profile needs a `url`",
                       "7:15: error: mkcv does not know the network \"Myspace\", so this "
                       "profile needs a `url`",
                       "8:3: error: a profile needs `network` and `username`, or `url`",
                       "9:26: error: a profile's `url` must start with https:// or http://, found "
                       "\"ftp://x.com/ada\"",
                       "10:3: error: GitHub is given both as `github` and in `profiles`",
                   });
    const auto h = hints(toml);
    CHECK(std::find(h.begin(), h.end(),
                    "did you mean \"GitHub\"? Otherwise add url = "
                    "\"https://...\"") != h.end());
    CHECK(std::find_if(h.begin(), h.end(), [](const std::string& s) {
              return s.find("should end in 7") != std::string::npos;
          }) != h.end());
}
