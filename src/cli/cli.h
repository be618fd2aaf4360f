// The command line: parses arguments and runs one command. Returns the exit status.
#pragma once

#include "pipeline/compile_step.h"

namespace mkcv {

// `processes`: the programs a build starts (pipeline/compile_step.h), the real ones unless a
// unit test runs the command line in its own process with a stand-in TeX
// (tests/unit/cli/run_cli.h).
int run_cli(int argc, char** argv, BuildProcesses processes = {});

}  // namespace mkcv
