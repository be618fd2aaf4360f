#include "util/progress.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iomanip>
#include <ostream>
#include <sstream>

#include <unistd.h>

#include "util/diagnostics.h"

namespace mkcv {
namespace {

// A report as it may be printed: each line through visible(), so no character of a title,
// a file name or a message can reach the terminal as a control (an escape sequence, a
// carriage return that overwrites the line, a bidi override). The line ends stay: they are
// the report's own; so do tabs, which indent the source lines of notes. A line end inside
// the user's text is made visible where that text is put in a line (the page budget's
// "dropped" lines, the messages of errors).
std::string visible_lines(const std::string& report) {
    std::string out;
    std::size_t begin = 0;
    while (begin < report.size()) {
        const std::size_t end = std::min(report.find_first_of("\n\t", begin), report.size());
        out += visible(std::string_view(report).substr(begin, end - begin));
        if (end < report.size())
            out += report[end];
        begin = end + 1;
    }
    return out;
}

}  // namespace

ProgressStyle progress_style_for(int fd) {
    const char* term = std::getenv("TERM");
    if (!isatty(fd) || !term || std::strcmp(term, "dumb") == 0)
        return ProgressStyle::Lines;
    return ProgressStyle::Live;
}

Progress::Progress(std::ostream& out, ProgressStyle style, std::vector<std::string> names)
    : out_(out), style_(style) {
    for (auto& name : names)
        rows_.push_back({visible(name), "", {}});
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
    rows_[row].stage = visible(stage);
    rows_[row].since = std::chrono::steady_clock::now();
    if (style_ == ProgressStyle::Live)
        redraw_locked();
}

void Progress::finish(std::size_t row, const std::string& report) {
    std::lock_guard lock(mutex_);
    rows_[row].stage.clear();
    if (style_ == ProgressStyle::Live)
        clear_locked();
    out_ << visible_lines(report);
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
