// Dates as CVs use them: a year, a month or a day, or "present". TOML has no
// year-month value, so these come from strings ("2019-03") or TOML dates.
#pragma once

#include <optional>
#include <string>

namespace mkcv {

struct PartialDate {
    int year = 0;
    int month = 0;  // 0: not given
    int day = 0;    // 0: not given
    bool present = false;

    friend bool operator==(const PartialDate&, const PartialDate&) = default;
};

// Why a date string was refused; empty when it parsed.
struct DateParseResult {
    std::optional<PartialDate> date;
    std::string error;  // e.g. "month 13 does not exist"
};

// Accepts "YYYY", "YYYY-MM", "YYYY-MM-DD" and "present" (any case).
DateParseResult parse_date(const std::string& text);

// Checks a calendar date given as numbers (used for TOML date values too).
std::string check_calendar(int year, int month, int day);

// Orders dates; "present" is after every real date, and a coarser date compares by
// its first day ("2021" < "2021-03").
int compare_dates(const PartialDate& a, const PartialDate& b);

// How dates print (the `date_format` template option): Short "Aug. 2025", Long
// "August 2025", Numeric "08/2025" (a day: "03/08/2025"), Iso "2025-08". A year alone is
// "2019" in each.
enum class DateStyle { Short, Long, Numeric, Iso };

// "Aug. 2025", "2019", "3 Aug. 2025", "Present".
std::string format_date(const PartialDate& date, DateStyle style = DateStyle::Short);

// "Aug. 2025 – Feb. 2026", "Aug. 2025 – Present", "2019", "" when neither is given.
std::string format_range(const std::optional<PartialDate>& start,
                         const std::optional<PartialDate>& end, DateStyle style = DateStyle::Short);

// ISO form for machine-readable output: "2025-08", "present".
std::string iso_date(const PartialDate& date);

// The last second of the year 9999, the last year a date may have.
inline constexpr long long kLastEpochSecond = 253402300799;

// Seconds since 1970 written as a whole non-negative number (SOURCE_DATE_EPOCH, git's %ct)
// up to kLastEpochSecond; empty for anything else.
std::optional<long long> parse_epoch_seconds(const std::string& text);

}  // namespace mkcv
