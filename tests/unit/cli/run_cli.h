// mkcv's command line run in the test process: the status and what it printed on standard
// output and standard error (std::cout and std::cerr, which every command writes through).
// For commands that need neither TeX nor the network, or with `processes`, a build's TeX
// stood in for (tests/unit/pipeline/stand_in_tex.h); the integration tests run the binary.
#pragma once

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace mkcv::test {

struct CliRun {
    int status = -1;
    std::string out;
    std::string err;
};

inline CliRun run_mkcv(std::vector<std::string> args, BuildProcesses processes = {}) {
    args.insert(args.begin(), "mkcv");
    std::vector<char*> argv;
    for (std::string& arg : args)
        argv.push_back(arg.data());
    argv.push_back(nullptr);
    std::ostringstream out, err;
    std::streambuf* const old_out = std::cout.rdbuf(out.rdbuf());
    std::streambuf* const old_err = std::cerr.rdbuf(err.rdbuf());
    CliRun run;
    try {
        run.status = run_cli(static_cast<int>(args.size()), argv.data(), std::move(processes));
    } catch (...) {
        std::cout.rdbuf(old_out);
        std::cerr.rdbuf(old_err);
        throw;
    }
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);
    run.out = out.str();
    run.err = err.str();
    return run;
}

}  // namespace mkcv::test
