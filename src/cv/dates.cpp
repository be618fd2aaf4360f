#include "cv/dates.h"

#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>

#include "util/ascii.h"

namespace mkcv {
namespace {

bool all_digits(const std::string& s) {
    if (s.empty())
        return false;
    for (char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

// The abbreviations of the Chicago Manual of Style, which academic CVs follow.
constexpr std::array<const char*, 12> kMonthNames{"Jan.", "Feb.", "Mar.",  "Apr.", "May",  "June",
                                                  "July", "Aug.", "Sept.", "Oct.", "Nov.", "Dec."};
constexpr std::array<const char*, 12> kLongMonthNames{
    "January", "February", "March",     "April",   "May",      "June",
    "July",    "August",   "September", "October", "November", "December"};

}  // namespace

std::string check_calendar(int year, int month, int day) {
    if (year < 1 || year > 9999)
        return "year " + std::to_string(year) + " is out of range";
    if (month == 0)
        return day == 0 ? "" : "a day needs a month";
    if (month < 1 || month > 12)
        return "month " + std::to_string(month) + " does not exist";
    if (day == 0)
        return "";
    const std::chrono::year_month_day date{std::chrono::year{year},
                                           std::chrono::month{static_cast<unsigned>(month)},
                                           std::chrono::day{static_cast<unsigned>(day)}};
    if (day < 1 || !date.ok())
        return std::string(kMonthNames[month - 1]) + " " + std::to_string(year) + " has no day " +
               std::to_string(day);
    return "";
}

DateParseResult parse_date(const std::string& text) {
    if (ascii_lower(text) == "present")
        return {PartialDate{0, 0, 0, true}, ""};
    const std::string format_error =
        "\"" + text +
        "\" is not a date: write \"YYYY\", \"YYYY-MM\", \"YYYY-MM-DD\" or \"present\"";
    std::array<std::string, 3> parts;
    std::size_t count = 0, begin = 0;
    while (count < 3) {
        const auto dash = text.find('-', begin);
        parts[count++] = text.substr(begin, dash == std::string::npos ? dash : dash - begin);
        if (dash == std::string::npos)
            break;
        begin = dash + 1;
        if (count == 3)
            return {std::nullopt, format_error};
    }
    if (parts[0].size() != 4 || !all_digits(parts[0]))
        return {std::nullopt, format_error};
    for (std::size_t i = 1; i < count; ++i)
        if (parts[i].size() != 2 || !all_digits(parts[i]))
            return {std::nullopt, format_error};
    PartialDate date;
    date.year = std::stoi(parts[0]);
    if (count > 1)
        date.month = std::stoi(parts[1]);
    if (count > 2)
        date.day = std::stoi(parts[2]);
    // 0 means "not given" inside PartialDate; written out, it is an impossible value.
    if (count > 1 && date.month == 0)
        return {std::nullopt, "month 0 does not exist"};
    if (count > 2 && date.day == 0)
        return {std::nullopt, "day 0 does not exist"};
    if (auto error = check_calendar(date.year, date.month, date.day); !error.empty())
        return {std::nullopt, error};
    return {date, ""};
}

int compare_dates(const PartialDate& a, const PartialDate& b) {
    if (a.present || b.present)
        return (a.present ? 1 : 0) - (b.present ? 1 : 0);
    if (a.year != b.year)
        return a.year < b.year ? -1 : 1;
    if (a.month != b.month)
        return a.month < b.month ? -1 : 1;
    if (a.day != b.day)
        return a.day < b.day ? -1 : 1;
    return 0;
}

std::string format_date(const PartialDate& date, DateStyle style) {
    if (date.present)
        return "Present";
    auto two = [](int n) { return (n < 10 ? "0" : "") + std::to_string(n); };
    if (style == DateStyle::Iso)
        return iso_date(date);
    if (style == DateStyle::Numeric)
        return (date.day != 0 ? two(date.day) + "/" : "") +
               (date.month != 0 ? two(date.month) + "/" : "") + std::to_string(date.year);
    std::string out;
    if (date.day != 0)
        out += std::to_string(date.day) + " ";
    if (date.month != 0)
        out += std::string(style == DateStyle::Long ? kLongMonthNames[date.month - 1]
                                                    : kMonthNames[date.month - 1]) +
               " ";
    return out + std::to_string(date.year);
}

std::string format_range(const std::optional<PartialDate>& start,
                         const std::optional<PartialDate>& end, DateStyle style) {
    if (start && end && *start == *end)
        return format_date(*start, style);
    if (start && end)
        return format_date(*start, style) + " – " + format_date(*end, style);
    if (start)
        return format_date(*start, style) + " – Present";
    if (end)
        return format_date(*end, style);
    return "";
}

std::string iso_date(const PartialDate& date) {
    if (date.present)
        return "present";
    auto two = [](int n) { return (n < 10 ? "0" : "") + std::to_string(n); };
    // ISO 8601 writes four digits: year 999 is "0999".
    std::string out = std::to_string(date.year);
    out.insert(0, out.size() < 4 ? 4 - out.size() : 0, '0');
    if (date.month != 0)
        out += "-" + two(date.month);
    if (date.day != 0)
        out += "-" + two(date.day);
    return out;
}

std::optional<long long> parse_epoch_seconds(const std::string& text) {
    if (text.empty())
        return std::nullopt;
    char* end = nullptr;
    errno = 0;
    const long long seconds = std::strtoll(text.c_str(), &end, 10);
    if (!end || *end != '\0' || errno == ERANGE || seconds < 0 || seconds > kLastEpochSecond)
        return std::nullopt;
    return seconds;
}

}  // namespace mkcv
