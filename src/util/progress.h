// What a build says while it runs, one row per template. On a terminal each running
// template has a live line (stage and elapsed time) and finished ones scroll above; in a
// log (CI) every finished stage is one plain line, so logs stay readable and greppable.
#pragma once

#include <chrono>
#include <condition_variable>
#include <iosfwd>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace mkcv {

enum class ProgressStyle { Lines, Live };

// Live when `fd` is a terminal that understands cursor movement, else Lines.
ProgressStyle progress_style_for(int fd);

class Progress {
  public:
    Progress(std::ostream& out, ProgressStyle style, std::vector<std::string> names);
    ~Progress();
    Progress(const Progress&) = delete;
    Progress& operator=(const Progress&) = delete;

    // Row `row` entered a stage ("xelatex"); Live shows it with the time since.
    void stage(std::size_t row, const std::string& stage);
    // Row `row` is finished: `report` (whole lines) is printed for good, its live line goes.
    // Every line is printed through visible() (diagnostics.h): control characters shown as
    // escapes, the line ends kept. Text that may hold a line end of its own (a title) is
    // passed through visible() before it is put in the report.
    void finish(std::size_t row, const std::string& report);

  private:
    struct Row {
        std::string name;
        std::string stage;  // empty: not running
        std::chrono::steady_clock::time_point since;
    };
    void redraw_locked();
    void clear_locked();
    void tick();

    std::ostream& out_;
    const ProgressStyle style_;
    std::vector<Row> rows_;
    std::size_t drawn_ = 0;  // live lines on screen below the cursor's line
    bool stopping_ = false;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::thread ticker_;
};

}  // namespace mkcv
