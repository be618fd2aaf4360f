#include "util/progress.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <unistd.h>

namespace mkcv {

ProgressStyle progress_style_for(int fd) {
    const char* term = std::getenv("TERM");
    if (!isatty(fd) || !term || std::strcmp(term, "dumb") == 0)
        return ProgressStyle::Lines;
    return ProgressStyle::Live;
}

Progress::Progress(std::ostream& out, ProgressStyle style, std::vector<std::string> names)
    : out_(out), style_(style) {
    for (auto& name : names)
        rows_.push_back({std::move(name), "", {}});
    if (style_ == ProgressStyle::Live)
        ticker_ = std::thread([this] { tick(); });
}

Progress::~Progress() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        if (style_ == ProgressStyle::Live)
            clear_locked();
    }
    wake_.notify_all();
    if (ticker_.joinable())
        ticker_.join();
    out_.flush();
}

void Progress::stage(std::size_t row, const std::string& stage) {
    std::lock_guard lock(mutex_);
    rows_[row].stage = stage;
    rows_[row].since = std::chrono::steady_clock::now();
    if (style_ == ProgressStyle::Live)
        redraw_locked();
}

void Progress::finish(std::size_t row, const std::string& report) {
    std::lock_guard lock(mutex_);
    rows_[row].stage.clear();
    if (style_ == ProgressStyle::Live)
        clear_locked();
    out_ << report;
    if (style_ == ProgressStyle::Live)
        redraw_locked();
    out_.flush();
}

void Progress::clear_locked() {
    if (drawn_ == 0)
        return;
    // Up to the first live line, then erase from there to the end of the screen.
    out_ << "\x1b[" << drawn_ << "F\x1b[J";
    drawn_ = 0;
}

void Progress::redraw_locked() {
    clear_locked();
    const auto now = std::chrono::steady_clock::now();
    for (const auto& row : rows_) {
        if (row.stage.empty())
            continue;
        const double seconds = std::chrono::duration<double>(now - row.since).count();
        std::ostringstream line;  // not on out_: its number format must stay as it was
        line << row.name << ": " << row.stage << ' ' << std::fixed << std::setprecision(1)
             << seconds << " s\n";
        out_ << line.str();
        ++drawn_;
    }
    out_.flush();
}

void Progress::tick() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        wake_.wait_for(lock, std::chrono::milliseconds(100));
        if (!stopping_ && drawn_ > 0)
            redraw_locked();
    }
}

}  // namespace mkcv
