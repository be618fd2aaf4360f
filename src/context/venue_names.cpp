#include "context/venue_names.h"

#include <cctype>
#include <utility>
#include <vector>

namespace mkcv {
namespace {

constexpr std::size_t kMaxShortName = 16;

bool is_upper(char c) {
    return c >= 'A' && c <= 'Z';
}
bool is_alnum(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0;
}

// Lower-case ASCII words separated by one space, padded with a space on both sides, so a
// name is found as whole words: "Proc. of the ACM SIGCOMM 2023" → " proc of the acm sigcomm 2023 ".
std::string words_of(std::string_view text) {
    std::string out = " ";
    for (const char c : text) {
        if (is_alnum(c))
            out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        else if (out.back() != ' ')
            out += ' ';
    }
    if (out.back() != ' ')
        out += ' ';
    return out;
}

// "ASPLOS", "EuroSys", "S&P", "USENIX ATC": an acronym as conferences write theirs, with at
// least two capitals and no lower-case word.
bool looks_like_acronym(std::string_view s) {
    if (s.empty() || s.size() > kMaxShortName || !is_upper(s.front()))
        return false;
    int capitals = 0;
    for (const char c : s) {
        if (is_upper(c))
            ++capitals;
        else if (!is_alnum(c) && c != '&' && c != '-' && c != '+' && c != ' ')
            return false;
    }
    return capitals >= 2;
}

// The year written after an acronym in parentheses: "'23", "’23", "2023", "23".
bool is_year_suffix(std::string_view s) {
    if (s.rfind("’", 0) == 0)
        s.remove_prefix(std::string_view("’").size());
    else if (!s.empty() && s.front() == '\'')
        s.remove_prefix(1);
    if (s.size() != 2 && s.size() != 4)
        return false;
    for (const char c : s)
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

// "(ASPLOS)", "(NSDI '23)" anywhere in the venue: the first that is an acronym.
std::string acronym_in_parentheses(std::string_view venue) {
    for (std::size_t open = venue.find('('); open != std::string_view::npos;
         open = venue.find('(', open + 1)) {
        const std::size_t close = venue.find(')', open);
        if (close == std::string_view::npos)
            break;
        std::string_view inside = venue.substr(open + 1, close - open - 1);
        if (const std::size_t space = inside.rfind(' ');
            space != std::string_view::npos && is_year_suffix(inside.substr(space + 1)))
            inside = inside.substr(0, space);
        if (looks_like_acronym(inside))
            return std::string(inside);
    }
    return {};
}

struct KnownVenue {
    std::string short_name;
    std::string words;  // words_of(the full name)
};

const std::vector<KnownVenue>& known_venues() {
    static const std::vector<KnownVenue> venues = [] {
        std::vector<KnownVenue> out;
        std::string_view text = known_venues_text();
        while (!text.empty()) {
            const std::size_t end = text.find('\n');
            std::string_view line = text.substr(0, end);
            text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
            const std::size_t tab = line.find('\t');
            if (line.empty() || line.front() == '#' || tab == std::string_view::npos)
                continue;
            out.push_back({std::string(line.substr(0, tab)), words_of(line.substr(tab + 1))});
        }
        return out;
    }();
    return venues;
}

}  // namespace

VenueStyle venue_style_named(std::string_view name) {
    if (name == "short")
        return VenueStyle::Short;
    if (name == "short_full_year")
        return VenueStyle::ShortFullYear;
    return VenueStyle::Full;
}

std::string venue_short_name(std::string_view venue, std::string_view given) {
    if (!given.empty())
        return std::string(given);
    if (looks_like_acronym(venue) && venue.find(' ') == std::string_view::npos)
        return std::string(venue);  // "SIGCOMM" is its own short name
    if (std::string acronym = acronym_in_parentheses(venue); !acronym.empty())
        return acronym;
    const std::string words = words_of(venue);
    for (const KnownVenue& known : known_venues())
        if (words.find(known.words) != std::string::npos)
            return known.short_name;
    return {};
}

std::string venue_brief(std::string_view short_name, int year, VenueStyle style) {
    if (style == VenueStyle::Full || short_name.empty())
        return {};
    std::string out(short_name);
    if (year <= 0)
        return out;
    const std::string digits = std::to_string(year);
    if (style == VenueStyle::ShortFullYear || digits.size() != 4)
        return out + " " + digits;
    return out + " ’" + digits.substr(2);  // the apostrophe of elided digits, not a quote
}

}  // namespace mkcv
