// `mkcv templates` and `mkcv template new` run in-process.
#include <catch2/catch.hpp>

#include <filesystem>

#include "cli/exit_code.h"
#include "run_cli.h"
#include "test_support.h"

using namespace mkcv;
using mkcv::test::run_mkcv;

TEST_CASE("mkcv templates lists the CV templates, then apply's apart") {
    test::TempDir dir;
    const auto listed = run_mkcv({"templates", (dir.path / "cv.toml").string()});
    CHECK(listed.status == kExitOk);
    const auto apply_heading = listed.out.find("Templates of mkcv apply");
    REQUIRE(apply_heading != std::string::npos);
    CHECK(listed.out.find("\nlong\n") < apply_heading);
    CHECK(listed.out.find("\nletter\n", apply_heading) != std::string::npos);

    const auto options = run_mkcv({"templates", "--options", "long"});
    CHECK(options.status == kExitOk);
    CHECK(options.out.rfind("long: ", 0) == 0);
    CHECK(run_mkcv({"templates", "--options", "no-such"}).status == kExitInvalid);
}

TEST_CASE("mkcv template new copies a template under a new name, once") {
    test::TempDir dir;
    const std::string folder = (dir.path / "templates").string();
    const auto made = run_mkcv({"template", "new", "mine", "--template-dir", folder});
    CHECK(made.status == kExitOk);
    CHECK(std::filesystem::exists(dir.path / "templates" / "mine" / "template.toml"));
    CHECK(made.out.find("mkcv build -t mine --template-dir " + folder) != std::string::npos);
    CHECK(run_mkcv({"template", "new", "mine", "--template-dir", folder}).status == kExitInvalid);
    CHECK(run_mkcv({"template", "new", "../up", "--template-dir", folder}).status == kExitInvalid);
}
