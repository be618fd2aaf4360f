// The GitHub workflow `mkcv init` writes (.github/workflows/cv.yml): on every push and pull
// request, the mkcv action (action.yml at the root of mkcv's repository) builds the CV's
// default outputs and the run keeps them as an artifact. tests/integration/init_test.sh
// checks that it parses and passes the action only inputs it has.
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// `repository` is the action's owner/name on GitHub (kGithubRepository, set by CMake).
std::string starter_workflow(std::string_view repository);

}  // namespace mkcv
