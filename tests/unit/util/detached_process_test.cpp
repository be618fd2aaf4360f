#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

#include "test_support.h"
#include "util/detached_process.h"
#include "util/file_io.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

// The file a detached program writes, once it is whole (it writes "done" last).
std::string wait_for_file(const fs::path& path) {
    for (int i = 0; i < 200; ++i) {
        std::string text;
        if (read_file(path, text) && text.find("done") != std::string::npos)
            return text;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return "";
}

}  // namespace

TEST_CASE("a detached program runs on its own, with none of mkcv's files open") {
    test::TempDir dir;
    // A descriptor without close-on-exec, as a lock's could be: the program must not get it.
    // High, so that no descriptor the program opens itself is taken for it.
    const int opened = ::open((dir.path / "lock").c_str(), O_RDWR | O_CREAT, 0644);
    REQUIRE(opened >= 0);
    const int inherited = ::fcntl(opened, F_DUPFD, 100);
    ::close(opened);
    REQUIRE(inherited >= 100);
    const fs::path out = dir.path / "out.txt";
    std::string error;
    const bool started = start_detached(
        "/bin/sh",
        {"-c",
         "{ ls /proc/self/fd; echo sid $(cut -d' ' -f6 /proc/self/stat); echo nice $(cut -d' ' "
         "-f19 /proc/self/stat); echo pwd $(pwd); echo done; } > \"$0\" 2>&1",
         out.string()},
        error);
    ::close(inherited);
    REQUIRE(started);
    CHECK(error.empty());
    const std::string text = wait_for_file(out);
    REQUIRE_FALSE(text.empty());
    // Standard input, output and error, and the descriptor ls reads the folder with.
    CHECK(text.find("\n" + std::to_string(inherited) + "\n") == std::string::npos);
    CHECK(text.find("sid " + std::to_string(::getsid(0)) + "\n") == std::string::npos);
    CHECK(text.find("nice 10\n") != std::string::npos);
    CHECK(text.find("pwd /\n") != std::string::npos);
}

TEST_CASE("a program that cannot start is said to") {
    std::string error;
    CHECK_FALSE(start_detached("/nonexistent/program", {}, error));
    CHECK(error.find("No such file") != std::string::npos);
}

TEST_CASE("mkcv knows its own program") {
    const fs::path self = own_executable();
    CHECK(self.is_absolute());
    CHECK(fs::exists(self));
}
