// The watch's decisions (watch_changes) over a scripted ChangeSource: what rebuilds, when,
// and how often, with no inotify, no poll and no real clock.
#include "pipeline/watch.h"

#include <deque>
#include <functional>
#include <map>
#include <sstream>
#include <utility>

#include <catch2/catch.hpp>

using namespace mkcv;
namespace fs = std::filesystem;

namespace {

// One answer of ChangeSource::wait, in order: events naming `paths`, a quiet timeout, or a
// stop (SIGINT).
struct WaitStep {
    enum class Kind { Events, Quiet, Stop } kind;
    std::vector<fs::path> paths;
};

WaitStep wait_events(std::vector<fs::path> paths) {
    return {WaitStep::Kind::Events, std::move(paths)};
}
const WaitStep kQuiet{WaitStep::Kind::Quiet, {}};
const WaitStep kStop{WaitStep::Kind::Stop, {}};

class ScriptedChanges : public ChangeSource {
  public:
    std::deque<WaitStep> script;
    std::vector<fs::path> followed;                      // in the order follow was called
    std::vector<std::chrono::milliseconds> timeouts;     // of each wait
    std::map<fs::path, fs::file_time_type> modified_at;  // files written, and when
    fs::file_time_type clock = fs::file_time_type(std::chrono::hours(1000));

    void follow(const fs::path& file) override { followed.push_back(file); }
    bool wait(std::chrono::milliseconds timeout) override {
        timeouts.push_back(timeout);
        // A script that runs out stops the watch, so a wrong decision cannot hang the test.
        WaitStep step = script.empty() ? kStop : script.front();
        if (!script.empty())
            script.pop_front();
        clock += std::chrono::seconds(1);
        pending_ = step.paths;
        if (step.kind == WaitStep::Kind::Stop)
            stopped_ = true;
        return step.kind == WaitStep::Kind::Events;
    }
    std::vector<fs::path> drain() override { return std::exchange(pending_, {}); }
    bool stopped() const override { return stopped_; }
    std::optional<fs::file_time_type> modified(const fs::path& file) const override {
        const auto found = modified_at.find(file);
        if (found == modified_at.end())
            return fs::file_time_type(std::chrono::hours(1));  // long before any build
        return found->second;
    }
    fs::file_time_type now() const override { return clock; }

  private:
    std::vector<fs::path> pending_;
    bool stopped_ = false;
};

const fs::path kToml = "/cv/cv.toml";
const fs::path kBib = "/cv/papers.bib";

// Runs the watch over `changes`; each build returns the next of `lists` (the last one
// again once they run out) and may act through `during`.
struct WatchRun {
    ScriptedChanges changes;
    std::vector<std::vector<fs::path>> lists{{kToml, kBib}};
    std::function<void(int)> during = [](int) {};
    int builds = 0;
    std::ostringstream log;
    void run() {
        WatchOptions options;
        options.debounce = std::chrono::milliseconds(123);
        watch_changes(
            [&] {
                const std::size_t at = std::min<std::size_t>(builds, lists.size() - 1);
                during(++builds);
                return lists[at];
            },
            options, changes, log);
    }
    int said(const std::string& text) const {
        const std::string all = log.str();
        int count = 0;
        for (std::size_t at = all.find(text); at != std::string::npos; at = all.find(text, at + 1))
            ++count;
        return count;
    }
};

}  // namespace

TEST_CASE("watch: a change to a followed file rebuilds once its events have settled") {
    WatchRun w;
    w.changes.script = {wait_events({kToml}), wait_events({kToml, kToml}), wait_events({kToml}),
                        kQuiet, kStop};
    w.run();
    CHECK(w.builds == 2);
    CHECK(w.said("mkcv watch: cv.toml changed, building") == 1);
    CHECK(w.said("mkcv watch: watching 2 files for changes") == 2);
    CHECK(w.said("mkcv watch: stopped") == 1);
    // Without end for the first event, then the debounce's quiet time.
    REQUIRE(w.changes.timeouts.size() == 5);
    CHECK(w.changes.timeouts[0].count() < 0);
    CHECK(w.changes.timeouts[1] == std::chrono::milliseconds(123));
    CHECK(w.changes.timeouts[3] == std::chrono::milliseconds(123));
    CHECK(w.changes.timeouts[4].count() < 0);
    CHECK(w.changes.followed == std::vector<fs::path>{kToml, kBib});  // each once
}

TEST_CASE("watch: events for files no build named rebuild nothing") {
    WatchRun w;
    w.changes.script = {wait_events({"/cv/notes.txt", "/cv/.cv.toml.swp"}),
                        wait_events({"/other/cv.toml"}), kStop};
    w.run();
    CHECK(w.builds == 1);
    CHECK(w.said("changed, building") == 0);
}

TEST_CASE("watch: an edit made while a build ran rebuilds without waiting for an event") {
    WatchRun w;
    // The first build names a .bib it had not named before, and the user saves it meanwhile.
    w.lists = {{kToml}, {kToml, kBib}};
    w.during = [&](int build) {
        if (build == 1)
            w.changes.modified_at[kToml] = w.changes.now();
    };
    w.changes.script = {kQuiet, kStop};
    w.run();
    CHECK(w.builds == 2);
    CHECK(w.said("mkcv watch: cv.toml changed, building") == 1);
    CHECK(w.said("watching 1 files") == 1);
    CHECK(w.said("watching 2 files") == 1);
    // Only the debounce waited before the second build.
    CHECK(w.changes.timeouts.front() == std::chrono::milliseconds(123));
}

TEST_CASE(
    "watch: a file an earlier build named is still followed after a build that failed early") {
    WatchRun w;
    w.lists = {{kToml, kBib}, {}};  // the second build stopped before reading the .bib
    w.changes.script = {wait_events({kToml}), kQuiet, wait_events({kBib}), kQuiet, kStop};
    w.run();
    CHECK(w.builds == 3);
    CHECK(w.said("papers.bib changed, building") == 1);
    CHECK(w.said("watching 2 files") == 3);
}

TEST_CASE("watch: a stop while changes settle ends the watch without a build") {
    WatchRun w;
    w.changes.script = {wait_events({kToml}), kStop};
    w.run();
    CHECK(w.builds == 1);
    CHECK(w.said("changed, building") == 0);
    CHECK(w.said("mkcv watch: stopped") == 1);
}
