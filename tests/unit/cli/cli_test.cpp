// The command line's own rules, run in-process: usage errors, `mkcv` alone and options
// before a command, and the empty output folder.
#include "cli/cli.h"

#include <catch2/catch.hpp>

#include "cli/exit_code.h"
#include "run_cli.h"

using namespace mkcv;
using mkcv::test::run_mkcv;

TEST_CASE("mkcv's usage errors exit 2, and --help exits 0") {
    CHECK(run_mkcv({"--help"}).status == kExitOk);
    const auto unknown = run_mkcv({"frobnicate"});
    CHECK(unknown.status == kExitInvalid);
    CHECK(run_mkcv({"validate", "--no-such-option"}).status == kExitInvalid);
    CHECK(run_mkcv({"export", "yaml"}).status == kExitInvalid);  // bib is the only format
    CHECK(run_mkcv({"validate", "a.toml", "b.toml"}).status == kExitInvalid);
}

TEST_CASE("options before any command are build's, and an empty output folder is refused") {
    // `mkcv -o ""` is `mkcv build -o ""`: it would build among the user's own files.
    const auto empty_out = run_mkcv({"-o", ""});
    CHECK(empty_out.status == kExitInvalid);
    CHECK(empty_out.err.find("the output folder must not be empty") != std::string::npos);
    CHECK(run_mkcv({"build", "-o", ""}).status == kExitInvalid);
}
