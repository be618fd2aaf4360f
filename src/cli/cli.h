// The command line: parses arguments and runs one command. Returns the exit status.
#pragma once

namespace mkcv {

int run_cli(int argc, char** argv);

}  // namespace mkcv
