#include "pipeline/source_date.h"

#include <chrono>
#include <cstdlib>

#include "pipeline/git.h"
#include "util/file_io.h"
#include "util/state_folder.h"

namespace mkcv {

long long epoch_of(const PartialDate& date) {
    using namespace std::chrono;
    const year_month_day day_of{year{date.year},
                                month{static_cast<unsigned>(date.month ? date.month : 1)},
                                day{static_cast<unsigned>(date.day ? date.day : 1)}};
    return duration_cast<seconds>(sys_days{day_of}.time_since_epoch()).count();
}

PartialDate date_of_epoch(long long epoch_seconds) {
    using namespace std::chrono;
    const year_month_day day_of{floor<days>(sys_seconds{seconds{epoch_seconds}})};
    return PartialDate{static_cast<int>(day_of.year()),
                       static_cast<int>(static_cast<unsigned>(day_of.month())),
                       static_cast<int>(static_cast<unsigned>(day_of.day())), false};
}

namespace {

// git's answer, kept in `cache_file` under what it depends on (git.h history_identity), so
// a build where nothing changed does not start git: that was most of a no-op build's time.
std::optional<long long> cached_commit_time(const std::filesystem::path& cv_path,
                                            const std::filesystem::path& cache_file) {
    // The cache is in the state folder (out/.mkcv): a link there, or in the cache's place, is
    // not followed (util/state_folder.h); the build then refuses the folder, under its lock.
    std::error_code ec;
    const auto folder = std::filesystem::symlink_status(cache_file.parent_path(), ec);
    const bool cache_usable = !cache_file.empty() &&
                              (!std::filesystem::exists(folder) || is_directory(folder)) &&
                              !own_file_problem(cache_file);
    const auto identity = cache_usable ? history_identity(cv_path) : std::nullopt;
    if (!identity)
        return last_commit_time(cv_path);
    const std::string key = *identity + "\t" + std::filesystem::absolute(cv_path, ec).string();
    std::string cached;
    if (read_own_file(cache_file, cached) && cached.rfind(key + "\t", 0) == 0 && !cached.empty() &&
        cached.back() == '\n') {
        const std::string value = cached.substr(key.size() + 1, cached.size() - key.size() - 2);
        return value == "-" ? std::nullopt : parse_epoch_seconds(value);
    }
    const auto seconds = last_commit_time(cv_path);
    // A cache that cannot be written (read-only folder) only costs time.
    std::filesystem::create_directories(cache_file.parent_path(), ec);
    write_file_atomically(cache_file,
                          key + "\t" + (seconds ? std::to_string(*seconds) : "-") + "\n",
                          Durability::Unsynced)
        .ignore();
    return seconds;
}

}  // namespace

std::optional<long long> outside_source_date(const std::filesystem::path& cv_path,
                                             const std::filesystem::path& cache_file) {
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch)
        if (const auto seconds = parse_epoch_seconds(epoch))
            return seconds;
    return cached_commit_time(cv_path, cache_file);
}

long long build_epoch(const Cv& cv, std::optional<long long> outside) {
    if (cv.build.date && !cv.build.date->present)
        return epoch_of(*cv.build.date);
    return outside.value_or(0);
}

}  // namespace mkcv
