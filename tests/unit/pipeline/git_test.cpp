// history_identity reads a repository's files as git would, and starts no process: a HEAD
// commit, a branch (loose or packed), a worktree's shared folder, a shallow clone; nothing
// where the reading is not certain. (last_commit_time and files_not_committed run git:
// pipeline/source_date_test.cpp and integration/git_date_cache_test.sh.)
#include "pipeline/git.h"

#include <cstdlib>
#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "util/file_io.h"

#include "test_support.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

const std::string kCommitA(40, 'a');
const std::string kCommitB(40, 'b');

void write_git_file(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    REQUIRE(write_file_atomically(path, text));
}

// Other test cases in the same process set GIT_DIR (golden_test, source_date_test), which
// rightly makes history_identity give up: this one reads the files alone.

}  // namespace

TEST_CASE("history_identity reads HEAD's commit from the repository's files") {
    const test::EnvScope no_git_dir("GIT_DIR", std::nullopt);
    test::TempDir dir;
    const fs::path cv = dir.path / "cv" / "sub" / "cv.toml";  // found upwards, as git does
    const fs::path git = dir.path / "cv" / ".git";
    CHECK_FALSE(history_identity(cv));  // no repository

    write_git_file(git / "HEAD", "ref: refs/heads/main\n");
    CHECK_FALSE(history_identity(cv));  // an unborn branch: no commit yet

    write_git_file(git / "packed-refs",
                   "# pack-refs with: peeled\n" + kCommitB + " refs/heads/main\n");
    CHECK(history_identity(cv) == kCommitB);
    write_git_file(git / "refs" / "heads" / "main", kCommitA + "\n");  // a loose ref wins
    CHECK(history_identity(cv) == kCommitA);

    write_git_file(git / "HEAD", kCommitB + "\n");  // a detached HEAD
    CHECK(history_identity(cv) == kCommitB);

    SECTION("a shallow clone's boundary is part of it") {
        write_git_file(git / "shallow", kCommitA + "\n");
        const auto shallow = history_identity(cv);
        REQUIRE(shallow);
        CHECK(shallow->rfind(kCommitB + " shallow:", 0) == 0);
    }
    SECTION("replaced objects rewrite history without moving HEAD: left to git") {
        fs::create_directories(git / "refs" / "replace");
        CHECK_FALSE(history_identity(cv));
    }
    SECTION("a HEAD that is not a commit id is not guessed at") {
        write_git_file(git / "HEAD", "not a commit\n");
        CHECK_FALSE(history_identity(cv));
    }
}

TEST_CASE("history_identity follows a worktree's .git file to its shared refs") {
    const test::EnvScope no_git_dir("GIT_DIR", std::nullopt);
    test::TempDir dir;
    const fs::path main_git = dir.path / "main" / ".git";
    write_git_file(main_git / "refs" / "heads" / "cv", kCommitA + "\n");
    const fs::path worktree_git = main_git / "worktrees" / "cv";
    write_git_file(worktree_git / "HEAD", "ref: refs/heads/cv\n");
    write_git_file(worktree_git / "commondir", "../..\n");
    write_git_file(dir.path / "wt" / ".git", "gitdir: " + worktree_git.string() + "\n");
    CHECK(history_identity(dir.path / "wt" / "cv.toml") == kCommitA);
}
