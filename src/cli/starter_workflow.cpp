#include "cli/starter_workflow.h"

namespace mkcv {

std::string starter_workflow(std::string_view repository) {
    std::string text =
        R"(# Written by `mkcv init`: builds the CV on every push and pull request with the mkcv
# GitHub Action, and keeps the PDFs as an artifact of the run. More (publishing with a
# GitHub Pages site, checking committed PDFs): https://github.com/)";
    text += repository;
    text += R"(/blob/main/docs/ci.md
name: CV
on: [push, pull_request]

jobs:
  cv:
    runs-on: ubuntu-latest
    # mkcv and its TeX Live are Debian 12's packages.
    container: debian:bookworm
    steps:
      - name: git, for the checkout and the date of cv.toml
        run: apt-get update -qq && apt-get install -y -qq git
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - name: Trust the checkout (the container runs as another user than the runner)
        run: git config --global --add safe.directory "$GITHUB_WORKSPACE"
      - uses: )";
    text += repository;
    text += R"(@v1
        with:
          cv: cv.toml
          output: out
      - uses: actions/upload-artifact@v4
        with:
          name: cv
          path: out/*.pdf
)";
    return text;
}

}  // namespace mkcv
