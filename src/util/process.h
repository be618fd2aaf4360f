// Every child process mkcv starts goes through here (latexmk and TeX in tex/, git in
// pipeline/git.cpp): the one PATH search, the environment, standard input closed, output to a
// file or captured, a time limit, and process groups. A program started in a group of its
// own (TeX runs) does not get the terminal's Ctrl-C; when mkcv itself is interrupted or
// terminated, those groups are killed first, so nothing is left running in a build folder.
// Uses Boost.Process.
#pragma once

#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "util/diagnostics.h"

namespace mkcv {

// `name` as PATH finds it: the first executable regular file; an empty PATH entry is the
// current folder. Not resolved through symbolic links (TeX engines tell themselves apart by
// the name they are started as); empty when it is not there.
std::filesystem::path find_program(const std::string& name);

struct ProcessSpec {
    std::filesystem::path program;  // a path, as find_program gives it
    std::vector<std::string> args;
    std::filesystem::path work_dir;  // empty: mkcv's own
    // Set over the inherited environment, in this order; then `unset` are removed.
    std::vector<std::pair<std::string, std::string>> environment;
    std::vector<std::string> unset;
    // Standard output and error go to this file (replaced); empty: standard output is
    // captured into ProcessOutcome::output and standard error discarded.
    std::filesystem::path output;
    std::optional<std::chrono::milliseconds> timeout;  // then the process (group) is killed
    // In a process group of its own, which dies with it and with mkcv (see above).
    bool own_group = false;
    // With own_group: the group's id is noted in this file, for stop_abandoned_group.
    std::filesystem::path group_file;
};

struct ProcessOutcome {
    enum class Status { Exited, TimedOut, CouldNotStart, Lost } status = Status::Exited;
    int exit_code = -1;
    std::string error;   // for CouldNotStart and Lost
    std::string output;  // captured standard output, when ProcessSpec::output is empty
    // The group could not be noted in `group_file`: the run went on, but if mkcv is killed
    // during it, stop_abandoned_group cannot find it.
    std::optional<Diagnostic> warning;
};

ProcessOutcome run_process(const ProcessSpec& spec);

// While one lives, SIGINT, SIGTERM and SIGHUP do not end mkcv: they kill the running groups
// as ever, and end mkcv when the last holder ends. For files that must change together (a
// finished PDF, its .tex and its record): a user's Ctrl-C lands before or after, never
// between. (SIGKILL cannot wait; the order of the writes covers it.)
class EndingSignalsHeld {
  public:
    EndingSignalsHeld();
    ~EndingSignalsHeld();
    EndingSignalsHeld(const EndingSignalsHeld&) = delete;
    EndingSignalsHeld& operator=(const EndingSignalsHeld&) = delete;
};

// A program left running in the background, its standard input a pipe from mkcv (a TeX run
// kept waiting for its input), always in a process group of its own that dies with this
// object and with mkcv: killed on SIGINT/SIGTERM/SIGHUP as above, and a TeX run reading the
// pipe sees its end when mkcv is killed otherwise. `spec.output` must be a file; the time
// limit counts from `finish`.
class BackgroundProcess {
  public:
    // Null when it could not start (`error` says why).
    static std::unique_ptr<BackgroundProcess> start(const ProcessSpec& spec, std::string& error);
    ~BackgroundProcess();  // kills the group if it still runs
    BackgroundProcess(const BackgroundProcess&) = delete;
    BackgroundProcess& operator=(const BackgroundProcess&) = delete;

    bool running();
    // Writes `input` to its standard input, closes it and waits for the program to end
    // within `timeout` (then the group is killed: TimedOut).
    ProcessOutcome finish(const std::string& input, std::chrono::milliseconds timeout);

  private:
    struct State;
    explicit BackgroundProcess(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

// A mkcv killed during a run (SIGKILL, a crash) leaves its process group running; this
// kills the group noted in `group_file`, if its leader still works in `work_dir` (the
// number may have been reused), and waits up to two seconds for it to end.
void stop_abandoned_group(const std::filesystem::path& group_file,
                          const std::filesystem::path& work_dir);

}  // namespace mkcv
