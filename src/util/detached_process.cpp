#include "util/detached_process.h"

#include <cerrno>
#include <cstring>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// In the forked children only what is safe after fork() in a process with threads:
// system calls, no allocation.
[[noreturn]] void exec_detached(const char* program, char* const* argv, int null_fd,
                                int report_fd) {
    if (::setsid() < 0)
        ::_exit(127);
    const pid_t grandchild = ::fork();
    if (grandchild != 0)
        ::_exit(grandchild < 0 ? 127 : 0);
    ::dup2(null_fd, 0);
    ::dup2(null_fd, 1);
    ::dup2(null_fd, 2);
    // Every other descriptor closes at exec (the report pipe already does): the output
    // folder's lock in particular stays with the build.
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0)
        for (int fd = 3; fd < 4096; ++fd)
            if (fd != report_fd)
                ::fcntl(fd, F_SETFD, FD_CLOEXEC);
    ::setpriority(PRIO_PROCESS, 0, 10);
    if (::chdir("/") != 0)
        ::_exit(127);
    ::execve(program, argv, environ);
    const int error = errno;
    [[maybe_unused]] const ssize_t said = ::write(report_fd, &error, sizeof error);
    ::_exit(127);
}

}  // namespace

bool start_detached(const fs::path& program, const std::vector<std::string>& args,
                    std::string& error) {
    std::vector<std::string> strings{program.string()};
    strings.insert(strings.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& s : strings)
        argv.push_back(s.data());
    argv.push_back(nullptr);

    const int null_fd = ::open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null_fd < 0) {
        error = std::string("cannot open /dev/null: ") + std::strerror(errno);
        return false;
    }
    // The grandchild writes errno here when exec fails; exec closes it otherwise.
    int report[2];
    if (::pipe2(report, O_CLOEXEC) != 0) {
        error = std::string("cannot make a pipe: ") + std::strerror(errno);
        ::close(null_fd);
        return false;
    }
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(report[0]);
        exec_detached(strings[0].c_str(), argv.data(), null_fd, report[1]);
    }
    ::close(report[1]);
    ::close(null_fd);
    if (child < 0) {
        error = std::string("cannot fork: ") + std::strerror(errno);
        ::close(report[0]);
        return false;
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    int exec_error = 0;
    ssize_t got = 0;
    do
        got = ::read(report[0], &exec_error, sizeof exec_error);
    while (got < 0 && errno == EINTR);
    ::close(report[0]);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        error = "cannot start " + program.string() + " in the background";
        return false;
    }
    if (got == static_cast<ssize_t>(sizeof exec_error)) {
        error = "cannot start " + program.string() + ": " + std::strerror(exec_error);
        return false;
    }
    return true;
}

fs::path own_executable() {
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : self;
}

}  // namespace mkcv
