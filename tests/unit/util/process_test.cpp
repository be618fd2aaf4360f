#include <catch2/catch.hpp>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include <csignal>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "test_support.h"
#include "util/file_io.h"
#include "util/process.h"

using namespace mkcv;
namespace fs = std::filesystem;

namespace {}  // namespace

TEST_CASE("find_program takes the first executable file on PATH", "[process]") {
    test::TempDir dir;
    fs::create_directories(dir.path / "a");
    fs::create_directories(dir.path / "b");
    REQUIRE(write_file_atomically(dir.path / "a" / "tool", "not executable"));
    REQUIRE(write_file_atomically(dir.path / "b" / "tool", "#!/bin/sh\n"));
    ::chmod((dir.path / "b" / "tool").c_str(), 0755);
    fs::create_directories(dir.path / "c" / "tool");  // a folder is not a program
    {
        test::EnvScope path("PATH", (dir.path / "c").string() + ":" + (dir.path / "a").string() +
                                        ":" + (dir.path / "b").string());
        CHECK(find_program("tool") == dir.path / "b" / "tool");
        CHECK(find_program("missing").empty());
        CHECK(find_program("").empty());
        CHECK(find_program("b/tool").empty());  // a name, never a path
    }
    // Not resolved through links: TeX engines know themselves by the name they are run as.
    fs::create_symlink(dir.path / "b" / "tool", dir.path / "a" / "alias");
    test::EnvScope path("PATH", (dir.path / "a").string());
    CHECK(find_program("alias") == dir.path / "a" / "alias");
}

TEST_CASE("run_process captures standard output, with the environment given", "[process]") {
    ProcessSpec spec;
    spec.program = find_program("sh");
    REQUIRE_FALSE(spec.program.empty());
    spec.args = {"-c", "echo \"$MKCV_A $MKCV_B${HOME:-unset}\"; echo oops >&2; exit 3"};
    spec.environment = {{"MKCV_A", "one"}, {"MKCV_B", "two"}, {"MKCV_A", "three"}};
    spec.unset = {"HOME"};
    const ProcessOutcome outcome = run_process(spec);
    CHECK(outcome.status == ProcessOutcome::Status::Exited);
    CHECK(outcome.exit_code == 3);
    CHECK(outcome.output == "three twounset\n");  // the later setting wins; stderr dropped
}

TEST_CASE("run_process writes output to a file and notes the group", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = find_program("sh");
    spec.args = {"-c", "pwd; echo err >&2; read line || echo no-input"};
    spec.work_dir = dir.path;
    spec.output = dir.path / "out.txt";
    REQUIRE(write_file_atomically(spec.output, "old output, longer than the new one\n"));
    spec.timeout = std::chrono::seconds(10);
    spec.own_group = true;
    spec.group_file = dir.path / "group";
    const ProcessOutcome outcome = run_process(spec);
    CHECK(outcome.status == ProcessOutcome::Status::Exited);
    CHECK(outcome.exit_code == 0);
    CHECK_FALSE(outcome.warning);
    std::string text;
    REQUIRE(read_file(spec.output, text));
    CHECK(text == fs::canonical(dir.path).string() + "\nerr\nno-input\n");
    REQUIRE(read_file(spec.group_file, text));
    CHECK(std::stol(text) > 1);
}

TEST_CASE("run_process stops a program and its group at the time limit", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = find_program("sh");
    // The child of the shell must die too: it writes a file if it outlives the limit.
    spec.args = {"-c", "(sleep 1; echo late > late.txt) & sleep 30"};
    spec.work_dir = dir.path;
    spec.output = dir.path / "out.txt";
    spec.timeout = std::chrono::milliseconds(200);
    spec.own_group = true;
    const auto start = std::chrono::steady_clock::now();
    const ProcessOutcome outcome = run_process(spec);
    CHECK(outcome.status == ProcessOutcome::Status::TimedOut);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    ::sleep(2);
    CHECK_FALSE(fs::exists(dir.path / "late.txt"));
}

TEST_CASE("run_process says when a program cannot start", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = dir.path / "no-such-program";
    spec.output = dir.path / "out.txt";
    CHECK(run_process(spec).status == ProcessOutcome::Status::CouldNotStart);
    spec.output.clear();
    CHECK(run_process(spec).status == ProcessOutcome::Status::CouldNotStart);
}

TEST_CASE("a group file that cannot be written is a warning, and the run goes on", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = find_program("sh");
    spec.args = {"-c", "exit 0"};
    spec.output = dir.path / "out.txt";
    spec.own_group = true;
    spec.group_file = dir.path / "no" / "such" / "folder" / "group";
    const ProcessOutcome outcome = run_process(spec);
    CHECK(outcome.status == ProcessOutcome::Status::Exited);
    REQUIRE(outcome.warning);
    CHECK(outcome.warning->severity == Severity::Warning);
    CHECK(outcome.warning->code == "io");
}

TEST_CASE("a background process waits for its input, which finish gives it", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = find_program("sh");
    // Ready before the input comes, as a warm TeX run is; then one line, then the end.
    spec.args = {"-c",
                 "echo ready > ready.txt; read line; echo \"got $line\"; "
                 "read more || echo end-of-input"};
    spec.work_dir = dir.path;
    spec.output = dir.path / "out.txt";
    std::string error;
    auto process = BackgroundProcess::start(spec, error);
    REQUIRE(process);
    for (int i = 0; i < 500 && !fs::exists(dir.path / "ready.txt"); ++i)
        ::usleep(10000);
    CHECK(process->running());
    const ProcessOutcome outcome = process->finish("hello\n", std::chrono::seconds(10));
    CHECK(outcome.status == ProcessOutcome::Status::Exited);
    CHECK(outcome.exit_code == 0);
    CHECK_FALSE(process->running());
    std::string text;
    REQUIRE(read_file(spec.output, text));
    CHECK(text == "got hello\nend-of-input\n");
}

TEST_CASE("a background process that already ended is finished without SIGPIPE", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = find_program("sh");
    spec.args = {"-c", "exit 4"};
    spec.output = dir.path / "out.txt";
    std::string error;
    auto process = BackgroundProcess::start(spec, error);
    REQUIRE(process);
    for (int i = 0; i < 500 && process->running(); ++i)
        ::usleep(10000);
    // Writing to its closed input would end this test program if SIGPIPE got through.
    const ProcessOutcome outcome =
        process->finish(std::string(1 << 20, 'x'), std::chrono::seconds(10));
    CHECK(outcome.status == ProcessOutcome::Status::Exited);
    CHECK(outcome.exit_code == 4);
}

TEST_CASE("a background process and its group die with it, or at the time limit", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = find_program("sh");
    // A child of the shell writes a file if it outlives the group.
    spec.args = {"-c", "(sleep 1; echo late > late.txt) & sleep 30"};
    spec.work_dir = dir.path;
    spec.output = dir.path / "out.txt";
    std::string error;
    {
        auto process = BackgroundProcess::start(spec, error);
        REQUIRE(process);
        ::usleep(100000);
        CHECK(process->running());
    }
    auto process = BackgroundProcess::start(spec, error);
    REQUIRE(process);
    const auto start = std::chrono::steady_clock::now();
    CHECK(process->finish("", std::chrono::milliseconds(200)).status ==
          ProcessOutcome::Status::TimedOut);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(5));
    ::sleep(2);
    CHECK_FALSE(fs::exists(dir.path / "late.txt"));
}

TEST_CASE("a background process says when it cannot start", "[process]") {
    test::TempDir dir;
    ProcessSpec spec;
    spec.program = dir.path / "no-such-program";
    spec.output = dir.path / "out.txt";
    std::string error;
    CHECK_FALSE(BackgroundProcess::start(spec, error));
    CHECK_FALSE(error.empty());
}

TEST_CASE("a SIGTERM while ending signals are held ends mkcv only after the hold", "[process]") {
    // In a child: the hold's work must finish (the byte written) before SIGTERM ends it.
    int ends[2];
    REQUIRE(::pipe(ends) == 0);
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        ::close(ends[0]);
        ::signal(SIGTERM, SIG_DFL);  // as mkcv starts; Catch2 has its own handler
        {
            const EndingSignalsHeld held;
            ::kill(::getpid(), SIGTERM);
            const char done = 'x';
            (void)!::write(ends[1], &done, 1);
        }
        ::_exit(0);  // not reached: the held SIGTERM ends the child here
    }
    ::close(ends[1]);
    char got = 0;
    const ssize_t read_bytes = ::read(ends[0], &got, 1);
    ::close(ends[0]);
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    CHECK(read_bytes == 1);
    CHECK(got == 'x');
    REQUIRE(WIFSIGNALED(status));
    CHECK(WTERMSIG(status) == SIGTERM);
}

TEST_CASE("a test's environment variable is put back as it was when its scope ends", "[process]") {
    ::unsetenv("MKCV_TEST_SCOPE");
    {
        test::EnvScope scope("MKCV_TEST_SCOPE", "a");
        CHECK(std::string(std::getenv("MKCV_TEST_SCOPE")) == "a");
        scope.set(std::nullopt);
        CHECK_FALSE(std::getenv("MKCV_TEST_SCOPE"));
    }
    CHECK_FALSE(std::getenv("MKCV_TEST_SCOPE"));
    ::setenv("MKCV_TEST_SCOPE", "before", 1);
    {
        const test::EnvScope scope("MKCV_TEST_SCOPE", std::nullopt);
        CHECK_FALSE(std::getenv("MKCV_TEST_SCOPE"));
    }
    CHECK(std::string(std::getenv("MKCV_TEST_SCOPE")) == "before");
    ::unsetenv("MKCV_TEST_SCOPE");
}
