#include "util/process.h"

#include <array>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <boost/process.hpp>

#include "util/file_io.h"

namespace bp = boost::process;
namespace fs = std::filesystem;

namespace mkcv {
namespace {

// The groups running now, for the signal handler. A fixed array of atomics: all a signal
// handler may touch.
std::array<std::atomic<pid_t>, 64> running_groups{};

// While EndingSignalsHeld objects live, an ending signal is noted here and raised when the
// last one ends. The signal is stored before `holders` is read, and the holder reads it
// after leaving: whichever comes second raises it, so it is never lost (at worst raised
// twice, and the first ends mkcv).
std::atomic<int> holders{0};
std::atomic<int> held_signal{0};

void end_with(int signal_number) {
    ::signal(signal_number, SIG_DFL);
    ::raise(signal_number);
}

extern "C" void stop_running_groups(int signal_number) {
    for (auto& group : running_groups)
        if (const pid_t g = group.load(); g > 1)
            ::kill(-g, SIGKILL);
    held_signal.store(signal_number);
    if (holders.load() > 0)
        return;
    end_with(signal_number);
}

// Installed for each signal that would end mkcv as it is, looked at again each time (two
// system calls beside a process start); a signal that is ignored (a background job's
// Ctrl-C) or already handled (mkcv watch stops between builds) is left.
void end_groups_on_signals() {
    for (const int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
        struct sigaction current {};
        if (::sigaction(signal_number, nullptr, &current) != 0 || current.sa_handler != SIG_DFL)
            continue;
        struct sigaction action {};
        action.sa_handler = stop_running_groups;
        sigemptyset(&action.sa_mask);
        ::sigaction(signal_number, &action, nullptr);
    }
}

}  // namespace

EndingSignalsHeld::EndingSignalsHeld() {
    end_groups_on_signals();
    holders.fetch_add(1);
}

EndingSignalsHeld::~EndingSignalsHeld() {
    if (holders.fetch_sub(1) == 1)
        if (const int signal_number = held_signal.exchange(0); signal_number != 0)
            end_with(signal_number);
}

// Notes a running group for the signal handler, as long as it lives. Not in the anonymous
// namespace: BackgroundProcess::State, declared in the header, holds one (GCC warns when a
// unity build puts this file in a group that is not its own).
class RunningGroup {
  public:
    explicit RunningGroup(pid_t group) {
        end_groups_on_signals();
        for (auto& entry : running_groups) {
            pid_t empty = 0;
            if (entry.compare_exchange_strong(empty, group)) {
                entry_ = &entry;
                break;
            }
        }
    }
    ~RunningGroup() {
        if (entry_)
            entry_->store(0);
    }
    RunningGroup(const RunningGroup&) = delete;
    RunningGroup& operator=(const RunningGroup&) = delete;

  private:
    std::atomic<pid_t>* entry_ = nullptr;
};

namespace {

// A Boost path, so Boost.Process takes it as the program, never as a command line to split.
boost::filesystem::path exe_of(const ProcessSpec& spec) {
    return boost::filesystem::path(spec.program.string());
}

bp::environment environment_of(const ProcessSpec& spec) {
    bp::environment env = boost::this_process::environment();
    // set(), not operator[]: Boost 1.74's environment lookup reads past the end of entries
    // shorter than the name looked up (AddressSanitizer reports it).
    for (const auto& [key, value] : spec.environment)
        env.set(key, value);
    for (const auto& key : spec.unset)
        env.erase(key);
    return env;
}

// Waits for `child` until the spec's time limit; the group (or the child) is killed when
// it runs out. Boost 1.74's wait_for can hang (and group waits reap the child behind its
// back), so this polls.
void wait_within(bp::child& child, bp::group* group, const ProcessSpec& spec,
                 ProcessOutcome& outcome) {
    std::error_code wait_error, ignored;
    if (spec.timeout) {
        const auto deadline = std::chrono::steady_clock::now() + *spec.timeout;
        while (child.running(wait_error) && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        if (!wait_error && child.running(wait_error)) {
            // A program's own children (TeX under latexmk) die with it: the whole group.
            if (group)
                group->terminate(ignored);
            else
                child.terminate(ignored);
            child.wait(ignored);
            outcome.status = ProcessOutcome::Status::TimedOut;
            return;
        }
    } else {
        child.wait(wait_error);
    }
    if (wait_error) {
        outcome.status = ProcessOutcome::Status::Lost;
        outcome.error = wait_error.message();
        return;
    }
    outcome.exit_code = child.exit_code();
}

// Output to a file, perhaps in a group of its own.
ProcessOutcome run_to_file(const ProcessSpec& spec) {
    ProcessOutcome outcome;
    const bp::environment env = environment_of(spec);
    const std::string work_dir = spec.work_dir.empty() ? "." : spec.work_dir.string();
    // Boost.Process opens the file without truncating it: old output would be read as new.
    std::error_code ignored, start_error;
    fs::remove(spec.output, ignored);
    bp::group group;
    bp::child child;
    if (spec.own_group)
        child = bp::child(exe_of(spec), bp::args(spec.args), bp::start_dir(work_dir),
                          bp::std_in<bp::null, (bp::std_out & bp::std_err)> spec.output.string(),
                          env, group, start_error);
    else
        child = bp::child(exe_of(spec), bp::args(spec.args), bp::start_dir(work_dir),
                          bp::std_in<bp::null, (bp::std_out & bp::std_err)> spec.output.string(),
                          env, start_error);
    if (start_error) {
        outcome.status = ProcessOutcome::Status::CouldNotStart;
        outcome.error = start_error.message();
        return outcome;
    }
    std::optional<RunningGroup> running;
    if (spec.own_group) {
        if (!spec.group_file.empty())
            if (Result<> noted = write_file_atomically(
                    spec.group_file, std::to_string(group.native_handle()), Durability::Unsynced);
                !noted) {
                outcome.warning = noted.error();
                outcome.warning->severity = Severity::Warning;
                outcome.warning->hint = "if mkcv is killed now, " +
                                        spec.program.filename().string() +
                                        " may go on running in " + work_dir;
            }
        running.emplace(group.native_handle());
    }
    wait_within(child, spec.own_group ? &group : nullptr, spec, outcome);
    return outcome;
}

// Standard output captured, standard error discarded; no group, no time limit (the reads
// block until the program closes its output).
ProcessOutcome run_captured(const ProcessSpec& spec) {
    ProcessOutcome outcome;
    const bp::environment env = environment_of(spec);
    const std::string work_dir = spec.work_dir.empty() ? "." : spec.work_dir.string();
    bp::ipstream out;
    std::error_code start_error;
    bp::child child(exe_of(spec), bp::args(spec.args), bp::start_dir(work_dir),
                    bp::std_in<bp::null, bp::std_out> out, bp::std_err > bp::null, env,
                    start_error);
    if (start_error) {
        outcome.status = ProcessOutcome::Status::CouldNotStart;
        outcome.error = start_error.message();
        return outcome;
    }
    std::string line;
    while (std::getline(out, line))
        outcome.output += line + '\n';
    ProcessSpec untimed = spec;
    untimed.timeout.reset();
    wait_within(child, nullptr, untimed, outcome);
    return outcome;
}

}  // namespace

fs::path find_program(const std::string& name) {
    if (name.empty() || name.find('/') != std::string::npos)
        return {};
    const char* path = std::getenv("PATH");
    const std::string dirs = path ? path : "";
    for (std::size_t begin = 0; begin <= dirs.size();) {
        std::size_t end = dirs.find(':', begin);
        if (end == std::string::npos)
            end = dirs.size();
        const fs::path candidate =
            fs::path(end == begin ? "." : dirs.substr(begin, end - begin)) / name;
        std::error_code ec;
        if (::access(candidate.c_str(), X_OK) == 0 && fs::is_regular_file(candidate, ec))
            return candidate;
        begin = end + 1;
    }
    return {};
}

ProcessOutcome run_process(const ProcessSpec& spec) {
    return spec.output.empty() ? run_captured(spec) : run_to_file(spec);
}

struct BackgroundProcess::State {
    bp::group group;
    bp::child child;
    int input = -1;  // the write end of the child's standard input
    std::optional<RunningGroup> running;
    ~State() {
        if (input >= 0)
            ::close(input);
        std::error_code ignored;
        if (child.valid() && child.running(ignored)) {
            group.terminate(ignored);
            child.wait(ignored);
        }
    }
};

BackgroundProcess::BackgroundProcess(std::unique_ptr<State> state) : state_(std::move(state)) {}

BackgroundProcess::~BackgroundProcess() = default;

std::unique_ptr<BackgroundProcess> BackgroundProcess::start(const ProcessSpec& spec,
                                                            std::string& error) {
    if (spec.output.empty()) {
        error = "no output file";
        return nullptr;
    }
    // Close-on-exec, so no other child of mkcv holds the write end open: the program sees
    // the end of its input as soon as mkcv closes it or dies.
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) {
        error = std::string("pipe: ") + std::strerror(errno);
        return nullptr;
    }
    auto state = std::make_unique<State>();
    state->input = fds[1];
    bp::pipe input(fds[0], fds[1]);
    const bp::environment env = environment_of(spec);
    const std::string work_dir = spec.work_dir.empty() ? "." : spec.work_dir.string();
    std::error_code ignored, start_error;
    fs::remove(spec.output, ignored);
    state->child = bp::child(exe_of(spec), bp::args(spec.args), bp::start_dir(work_dir),
                             bp::std_in<input, (bp::std_out & bp::std_err)> spec.output.string(),
                             env, state->group, start_error);
    // The pipe object gave up the read end to the child (Boost closed it here); the write
    // end stays with `state`.
    input.assign_sink(-1);
    if (start_error) {
        error = start_error.message();
        return nullptr;
    }
    state->running.emplace(state->group.native_handle());
    return std::unique_ptr<BackgroundProcess>(new BackgroundProcess(std::move(state)));
}

bool BackgroundProcess::running() {
    std::error_code ec;
    return state_->child.running(ec) && !ec;
}

ProcessOutcome BackgroundProcess::finish(const std::string& input,
                                         std::chrono::milliseconds timeout) {
    // A program that already ended would make the write raise SIGPIPE, which ends mkcv:
    // blocked here, and a pending one taken back.
    sigset_t pipe_signal, previous;
    sigemptyset(&pipe_signal);
    sigaddset(&pipe_signal, SIGPIPE);
    ::pthread_sigmask(SIG_BLOCK, &pipe_signal, &previous);
    bool broken = false;
    for (std::size_t at = 0; at < input.size();) {
        const ssize_t n = ::write(state_->input, input.data() + at, input.size() - at);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            broken = errno == EPIPE;
            break;
        }
        at += static_cast<std::size_t>(n);
    }
    if (broken) {
        const timespec now{0, 0};
        ::sigtimedwait(&pipe_signal, nullptr, &now);
    }
    ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
    ::close(state_->input);
    state_->input = -1;
    ProcessOutcome outcome;
    ProcessSpec spec;
    spec.timeout = timeout;
    wait_within(state_->child, &state_->group, spec, outcome);
    return outcome;
}

void stop_abandoned_group(const fs::path& group_file, const fs::path& work_dir) {
    std::string text;
    if (!read_file(group_file, text))
        return;
    const long group = std::strtol(text.c_str(), nullptr, 10);
    if (group <= 1)
        return;
    // Only a group whose leader still works in this folder: the number may have been reused.
    std::error_code ec;
    const fs::path cwd = fs::read_symlink("/proc/" + std::to_string(group) + "/cwd", ec);
    if (ec || cwd != fs::canonical(work_dir, ec))
        return;
    ::kill(-static_cast<pid_t>(group), SIGKILL);
    for (int i = 0; i < 200 && ::kill(-static_cast<pid_t>(group), 0) == 0; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace mkcv
