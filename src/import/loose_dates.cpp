#include "import/loose_dates.h"

#include <array>
#include <string>
#include <vector>

#include "util/ascii.h"

namespace mkcv {
namespace {

// 1–12 for a month's name or its abbreviation ("sept", "sep."), else 0.
int month_of(std::string word) {
    while (!word.empty() && word.back() == '.')
        word.pop_back();
    static const std::array<std::string_view, 12> names = {
        "january", "february", "march",     "april",   "may",      "june",
        "july",    "august",   "september", "october", "november", "december"};
    if (word.size() < 3)
        return 0;
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i].substr(0, word.size()) == word)
            return static_cast<int>(i) + 1;
    return word == "sept" ? 9 : 0;
}

// "2016" or "1" as a number, else -1.
int number_of(const std::string& word) {
    if (word.empty() || word.size() > 4)
        return -1;
    int n = 0;
    for (const char c : word) {
        if (c < '0' || c > '9')
            return -1;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::optional<PartialDate> checked(int year, int month, int day) {
    if (year < 1000 || year > 9999)
        return std::nullopt;
    if (!check_calendar(year, month == 0 ? 1 : month, day == 0 ? 1 : day).empty())
        return std::nullopt;
    return PartialDate{year, month, day, false};
}

}  // namespace

std::optional<PartialDate> parse_loose_date(std::string_view input) {
    std::string text = ascii_lower(input);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.pop_back();
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.erase(text.begin());
    if (text.empty())
        return std::nullopt;
    if (const DateParseResult strict = parse_date(text); strict.date)
        return strict.date;
    if (text == "now" || text == "current" || text == "ongoing" || text == "today")
        return PartialDate{0, 0, 0, true};

    // Words: letters and digits; ",", "/" and spaces separate them.
    std::vector<std::string> words;
    std::string word;
    bool slashes = false;
    for (const char c : text) {
        if (c == ' ' || c == ',' || c == '/' || c == '\t') {
            slashes = slashes || c == '/';
            if (!word.empty())
                words.push_back(word);
            word.clear();
        } else {
            word += c;
        }
    }
    if (!word.empty())
        words.push_back(word);

    if (slashes && words.size() == 2) {  // "10/2016", "2016/10"
        const int a = number_of(words[0]);
        const int b = number_of(words[1]);
        if (words[1].size() == 4 && a >= 1 && a <= 12)
            return checked(b, a, 0);
        if (words[0].size() == 4 && b >= 1 && b <= 12)
            return checked(a, b, 0);
        return std::nullopt;
    }
    if (slashes)
        return std::nullopt;
    if (words.size() == 2) {  // "Oct 2016"
        const int month = month_of(words[0]);
        const int year = number_of(words[1]);
        if (month && words[1].size() == 4)
            return checked(year, month, 0);
    }
    if (words.size() == 3) {
        // "Oct 1 2016" (the comma was a separator) or "1 Oct 2016"
        if (const int month = month_of(words[0]); month && words[2].size() == 4)
            if (const int day = number_of(words[1]); day >= 1)
                return checked(number_of(words[2]), month, day);
        if (const int month = month_of(words[1]); month && words[2].size() == 4)
            if (const int day = number_of(words[0]); day >= 1)
                return checked(number_of(words[2]), month, day);
    }
    return std::nullopt;
}

}  // namespace mkcv
