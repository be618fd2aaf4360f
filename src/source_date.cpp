#include "source_date.h"

#include <cstdlib>
#include <ctime>

#include "git.h"

namespace mkcv {

long long epoch_of(const PartialDate& date) {
    std::tm tm{};
    tm.tm_year = date.year - 1900;
    tm.tm_mon = (date.month ? date.month : 1) - 1;
    tm.tm_mday = date.day ? date.day : 1;
    return static_cast<long long>(timegm(&tm));
}

PartialDate date_of_epoch(long long seconds) {
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    return PartialDate{tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, false};
}

std::optional<long long> outside_source_date(const std::filesystem::path& cv_path) {
    if (const char* epoch = std::getenv("SOURCE_DATE_EPOCH"); epoch && *epoch) {
        char* end = nullptr;
        const long long seconds = std::strtoll(epoch, &end, 10);
        if (end && *end == '\0' && seconds >= 0)
            return seconds;
    }
    return last_commit_time(cv_path);
}

long long build_epoch(const Cv& cv, std::optional<long long> outside) {
    if (cv.build.date && !cv.build.date->present)
        return epoch_of(*cv.build.date);
    return outside.value_or(0);
}

}  // namespace mkcv
