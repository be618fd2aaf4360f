#include "cv/cv_folder.h"

#include <catch2/catch.hpp>
#include <filesystem>

#include "test_support.h"
#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

TEST_CASE("a path cv.toml names is used only inside its folder, links resolved", "[security]") {
    test::TempDir dir("mkcv-cv-folder");
    fs::create_directories(dir.path / "cv" / "sub");
    REQUIRE(write_file_atomically(dir.path / "cv" / "sub" / "a.bib", "x"));
    REQUIRE(write_file_atomically(dir.path / "outside.bib", "x"));
    fs::create_symlink(dir.path / "outside.bib", dir.path / "cv" / "out.bib");
    fs::create_symlink("sub/a.bib", dir.path / "cv" / "in.bib");
    const fs::path cv = dir.path / "cv" / "cv.toml";
    PathProblem problem;
    std::string error;
    const fs::path found = inside_cv_folder(cv, "sub/a.bib", problem, error);
    CHECK(problem == PathProblem::None);
    CHECK(found == fs::canonical(dir.path / "cv" / "sub" / "a.bib"));
    CHECK(inside_cv_folder(cv, "in.bib", problem, error) == found);  // a link inside: its target
    CHECK(problem == PathProblem::None);
    inside_cv_folder(cv, (dir.path / "outside.bib").string(), problem, error);
    CHECK(problem == PathProblem::Absolute);
    inside_cv_folder(cv, "../outside.bib", problem, error);
    CHECK(problem == PathProblem::Outside);
    inside_cv_folder(cv, "sub/../../outside.bib", problem, error);
    CHECK(problem == PathProblem::Outside);
    inside_cv_folder(cv, "out.bib", problem, error);
    CHECK(problem == PathProblem::Outside);
    inside_cv_folder(cv, "none.bib", problem, error);
    CHECK(problem == PathProblem::Unreadable);
    CHECK(!error.empty());
}
