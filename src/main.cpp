// mkcv: cv.toml → LaTeX templates → PDF. Everything happens in the core library.
#include <exception>
#include <iostream>

#include "cli/cli.h"

int main(int argc, char** argv) {
    try {
        return mkcv::run_cli(argc, argv);
    } catch (const std::exception& error) {
        // A bug, not bad input: bad input is reported as diagnostics long before this.
        std::cerr << "mkcv: internal error: " << error.what() << '\n';
        return 70;
    }
}
