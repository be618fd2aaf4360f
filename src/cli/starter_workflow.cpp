#include "cli/starter_workflow.h"

#include <stdexcept>

namespace mkcv {
namespace {

// "uses: NAME@COMMIT  # TAG" for a pinned action; an action missing from kPinnedActions is a
// bug here.
std::string uses(std::string_view name) {
    for (const PinnedAction& action : kPinnedActions)
        if (action.name == name)
            return std::string("uses: ") + std::string(name) + "@" + std::string(action.commit) +
                   "  # " + std::string(action.tag) + ", pinned to its commit: a tag can move";
    throw std::logic_error("starter_workflow: " + std::string(name) + " is not pinned");
}

std::string mkcv_uses(const CiChoice& choice) {
    return "uses: " + choice.repository + "@v" + choice.version + "  # mkcv " + choice.version +
           ", the tag its release workflow makes";
}

std::string joined_languages(const CiChoice& choice) {
    std::string out;
    for (const std::string& tag : choice.languages) {
        if (!is_workflow_safe_language(tag))
            throw std::invalid_argument("not a language tag a workflow may hold: " + tag);
        out += (out.empty() ? "" : ",") + tag;
    }
    return out;
}

// The first steps of every GitHub job: git (the Debian image has none), the checkout with its
// history (a CV dated by git needs it), and git's trust in it.
std::string checkout_steps(const std::string& indent) {
    return indent + "- name: git, for the checkout and the date of cv.toml\n" + indent +
           "  run: apt-get update -qq && apt-get install -y -qq git\n" + indent + "- " +
           uses("actions/checkout") + "\n" + indent + "  with:\n" + indent +
           "    fetch-depth: 0\n" + indent +
           "- name: Trust the checkout (the container runs as another user than the runner)\n" +
           indent + "  run: git config --global --add safe.directory \"$GITHUB_WORKSPACE\"\n";
}

// On a push to the repository's default branch (not a pull request, not another branch).
constexpr const char* kOnDefaultBranch =
    "github.event_name != 'pull_request' && github.ref == format('refs/heads/{0}', "
    "github.event.repository.default_branch)";

}  // namespace

bool is_workflow_safe_language(std::string_view tag) {
    if (tag.empty() || tag.size() > 35)
        return false;
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (!letter(tag.front()))
        return false;
    for (char c : tag)
        if (!letter(c) && !(c >= '0' && c <= '9') && c != '-')
            return false;
    return true;
}

bool is_workflow_safe_path(std::string_view path) {
    if (path.empty() || path.front() == '-' || path.front() == '/')
        return false;
    for (unsigned char c : path)
        if (c < 0x20 || c == 0x7f || c == '"' || c == '\'' || c == '\\' || c == '$' || c == '`')
            return false;
    // ".." as a whole component: a file outside the repository is no file to `git add`.
    std::string_view rest = path;
    while (!rest.empty()) {
        const auto slash = rest.find('/');
        if (rest.substr(0, slash) == "..")
            return false;
        rest = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    }
    return true;
}

std::string starter_workflow(const CiChoice& choice) {
    const std::string languages = joined_languages(choice);
    std::string text =
        "# Written by `mkcv init`: on every push and pull request the mkcv GitHub "
        "Action builds\n";
    text += choice.pages ? "# the CV's PDFs and its site; a push to the default branch publishes "
                           "the site on\n# GitHub Pages (set Pages' source to \"GitHub Actions\" "
                           "in the repository's settings).\n"
                         : "# the CV, and the run keeps the PDFs as an artifact.\n";
    text += "# More: https://github.com/" + choice.repository + "/blob/main/docs/ci.md\n";
    text += R"(name: CV
on:
  push:
  pull_request:
  workflow_dispatch:

# Reading the repository is all a build needs; the deploy job asks for more, for itself.
permissions:
  contents: read

# Two pushes to one branch queue rather than run side by side; nothing is cancelled halfway.
concurrency:
  group: cv-${{ github.ref }}
  cancel-in-progress: false

jobs:
  cv:
    runs-on: ubuntu-latest
    # mkcv and its TeX Live are Debian 12's packages.
    container: debian:bookworm
    steps:
)";
    text += checkout_steps("      ");
    text += "      - name: mkcv's precompiled TeX preambles, made again when TeX Live changes\n";
    text += "        " + uses("actions/cache") + "\n";
    text += R"(        with:
          path: out/.mkcv
          key: mkcv-tex-${{ runner.os }}-${{ github.ref_name }}-${{ hashFiles('cv.toml') }}
          restore-keys: mkcv-tex-${{ runner.os }}-${{ github.ref_name }}-
)";
    text += "      - " + mkcv_uses(choice) + "\n";
    text += "        with:\n          cv: cv.toml\n          output: out\n";
    if (!languages.empty())
        text += "          languages: " + languages + "\n";
    if (choice.pages)
        text += "          site: _site\n";
    text += "      - " + uses("actions/upload-artifact") + "\n";
    text += "        with:\n          name: cv\n          path: out/*.pdf\n";
    if (!choice.pages)
        return text;
    text += "      - name: The site, for GitHub Pages\n";
    text += std::string("        if: ") + kOnDefaultBranch + "\n";
    text += "        " + uses("actions/upload-pages-artifact") + "\n";
    text += "        with:\n          path: _site\n";
    text += R"(
  deploy:
    needs: cv
)";
    text += std::string("    if: ") + kOnDefaultBranch + "\n";
    text += R"(    runs-on: ubuntu-latest
    permissions:
      pages: write
      id-token: write
    # One deploy at a time: a second push's deploy waits for the first one's to finish.
    concurrency:
      group: pages
      cancel-in-progress: false
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
)";
    text += "        " + uses("actions/deploy-pages") + "\n";
    return text;
}

std::string sync_workflow(const CiChoice& choice) {
    std::string text =
        R"(# Written by `mkcv init --sync`: every week `mkcv sync` asks the sources of cv.toml's
# [sync] for new papers and opens (or updates) a pull request when publications.sync.bib
# changed. In the repository's settings, allow GitHub Actions to create pull requests.
name: Sync publications
on:
  schedule:
    - cron: "17 5 * * 1"         # Mondays, 05:17 UTC
  workflow_dispatch:

permissions: {}

concurrency:
  group: mkcv-sync
  cancel-in-progress: false

jobs:
  sync:
    runs-on: ubuntu-latest
    container: debian:bookworm
    permissions:
      contents: write
      pull-requests: write
    env:
      # A container job's home; the cache step below saves mkcv's HTTP cache from there.
      XDG_CACHE_HOME: /github/home/.cache
    steps:
)";
    text += checkout_steps("      ");
    text +=
        "      - name: mkcv's HTTP cache, so that sources answer 304 to what they sent last week\n";
    text += "        " + uses("actions/cache") + "\n";
    text += R"(        with:
          path: /github/home/.cache/mkcv
          key: mkcv-http-${{ github.run_id }}
          restore-keys: mkcv-http-
)";
    text += "      - " + mkcv_uses(choice) + "  # installs mkcv\n";
    text += R"(        with:
          templates: markdown
      - name: mkcv sync
        run: |
          status=0
          mkcv sync || status=$?
          # 1: a source failed; what the others gave is merged. Anything else stops here.
          [ "$status" -le 1 ] || exit "$status"
)";
    text += "      - " + uses("peter-evans/create-pull-request") + "\n";
    text += R"(        with:
          add-paths: publications.sync.bib
          branch: mkcv-sync
          commit-message: "mkcv sync: new or updated publications"
          title: "New or updated publications"
          body: "`mkcv sync` found changes at DBLP, ORCID, Crossref, OpenAlex, arXiv or Semantic Scholar."
)";
    return text;
}

std::string gitlab_ci(const CiChoice& choice) {
    const std::string languages = joined_languages(choice);
    const std::string lang = languages.empty() ? "" : " --lang " + languages;
    std::string text =
        "# Written by `mkcv init --gitlab`: builds mkcv " + choice.version +
        " from its source (cached, so later\n# pipelines compile nothing), then "
        "the CV" +
        std::string(choice.pages ? " and its site, published with GitLab Pages" : "") +
        ".\n# More: https://github.com/" + choice.repository + "/blob/main/docs/ci.md\n";
    text += choice.pages ? "pages:\n" : "cv:\n";
    text += R"(  image: debian:bookworm
  variables:
    GIT_DEPTH: 0          # the date of cv.toml comes from its last commit
  cache:
)";
    text += "    key: mkcv-" + choice.version + "\n";
    text += R"(    paths:
      - .mkcv-src/build
      - .apt/
      - out/.mkcv
  script:
    - apt-get update -qq && apt-get install -y -qq git ca-certificates
    - rm -f /etc/apt/apt.conf.d/docker-clean
    - mkdir -p .apt && cp -r .apt/. /var/cache/apt/archives/ 2>/dev/null || true
)";
    text += "    - test -d .mkcv-src/.git || git clone --depth 1 --branch v" + choice.version +
            " https://github.com/" + choice.repository + ".git .mkcv-src\n";
    text += R"(    - .mkcv-src/action/install.sh build
    - cp /var/cache/apt/archives/*.deb .apt/ 2>/dev/null || true
    - export PATH="$PWD/.mkcv-src/build:$PATH"
)";
    text += "    - mkcv build" + lang + "\n";
    if (choice.pages)
        text += "    - mkcv site cv.toml -o public --build-dir out" + lang + "\n";
    text += R"(  artifacts:
    paths:
      - out/*.pdf
)";
    if (choice.pages)
        text += "      - public\n  rules:\n    - if: $CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH\n";
    return text;
}

}  // namespace mkcv
