// `mkcv new` run in-process: printed with `-o -`, never over a file without --force, and a
// name cv.toml refuses writes nothing. (Written to a file, it starts a detached `mkcv doctor
// --warm`: integration/new_test.sh runs that with the binary.)
#include <catch2/catch.hpp>

#include "cli/exit_code.h"
#include "cli/starter_cv.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;

TEST_CASE("mkcv new -o - prints the starter CV for the name given") {
    const auto printed = run_mkcv({"new", "Zoë  O’Brien", "-o", "-"});
    CHECK(printed.status == kExitOk);
    CHECK(printed.out == starter_cv("Zoë  O’Brien"));
}

TEST_CASE("mkcv new replaces no file without --force, and writes nothing for a refused name") {
    test::TempDir dir;
    const auto cv = dir.path / "cv.toml";
    REQUIRE(write_file_atomically(cv, "mine"));
    const auto refused = run_mkcv({"new", "-o", cv.string()});
    CHECK(refused.status == kExitInvalid);
    CHECK(refused.err.find("add --force") != std::string::npos);
    CHECK(test::file_text(cv) == "mine");

    const auto empty_name = run_mkcv({"new", "", "-o", "-"});
    CHECK(empty_name.status == kExitInvalid);
    CHECK(empty_name.out.empty());
}
