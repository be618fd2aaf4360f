// The CI files `mkcv init` writes, made here and nowhere else (docs/ci.md shows them and
// tests/integration/init_test.sh checks that the two agree):
//   .github/workflows/cv.yml    on every push and pull request, the mkcv action (action.yml at
//                               the root of mkcv's repository) builds the CV's outputs in each
//                               language and the run keeps the PDFs as an artifact; with
//                               `pages`, it also writes the site and a second job publishes it
//                               on GitHub Pages from the default branch;
//   .github/workflows/sync.yml  every week, `mkcv sync` and a pull request when the list changed;
//   .gitlab-ci.yml              the same build in GitLab CI, from a clone of mkcv.
// Every action is pinned to a commit, with its exact tag as a comment (kPinnedActions), the
// mkcv action to the tag of this version, which .github/workflows/release.yml makes. Nothing from
// cv.toml or the command line reaches a file unless it passes is_workflow_safe_language /
// is_workflow_safe_path.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

struct PinnedAction {
    std::string_view name;    // owner/name
    std::string_view tag;     // the release it is, for people: an exact tag
    std::string_view commit;  // what is used: the tag's commit, which no one can move
};

// The third-party actions the written workflows use, each at one commit.
// The commits are those the tags named when they were pinned (read from each repository's
// tags); a new pin is a new tag and its commit, checked the same way.
inline constexpr PinnedAction kPinnedActions[] = {
    {"actions/checkout", "v4.2.2", "11bd71901bbe5b1630ceea73d27597364c9af683"},
    {"actions/cache", "v4.2.3", "5a3ec84eff668545956fd18022155c47e93e2684"},
    {"actions/upload-artifact", "v4.6.2", "ea165f8d65b6e75b540449e92b4886f43607fa02"},
    {"actions/upload-pages-artifact", "v3.0.1", "56afc609e74202658d3ffba0e8f6dda462b719fa"},
    {"actions/deploy-pages", "v4.0.5", "d6db90164ac5ed86f2b6aed7e0febac5b3c0c03e"},
    {"peter-evans/create-pull-request", "v6.1.0", "c5a7806660adbe173f04e3e038b0ccdcd758773c"},
};

struct CiChoice {
    std::string repository;  // the mkcv action's owner/name (kGithubRepository, set by CMake)
    std::string version;     // mkcv's version: the action is used at tag v<version>
    // Languages to build (`--lang`), each is_workflow_safe_language; empty: the default only.
    std::vector<std::string> languages;
    bool pages = false;  // also the site, published on GitHub Pages
};

// A language tag that may be written into YAML and a shell line as it is: 1 to 35 ASCII
// letters, digits and hyphens, starting with a letter.
bool is_workflow_safe_language(std::string_view tag);

// A relative path that may be printed in a shell command line (init's "next:" line) or a
// workflow: no control character, quote, backslash, `$`, backquote, leading '-' or '/', no
// "..", and not empty.
bool is_workflow_safe_path(std::string_view path);

// .github/workflows/cv.yml
std::string starter_workflow(const CiChoice& choice);
// .github/workflows/sync.yml
std::string sync_workflow(const CiChoice& choice);
// .gitlab-ci.yml
std::string gitlab_ci(const CiChoice& choice);

}  // namespace mkcv
