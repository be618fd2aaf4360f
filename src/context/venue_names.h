// A venue as people cite it where space is short: "ASPLOS ’23" for "Proceedings of the 28th
// ACM International Conference on Architectural Support for Programming Languages and
// Operating Systems (ASPLOS), 2023". The short name is the one given (cv.toml's or the .bib's
// `venue_short`), else an acronym in parentheses in the venue, else the short name of a known
// conference whose full name the venue contains (known_venues.txt, compiled in).
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// How a template prints venues (its `venues` option): in full with the year after, or by
// their short name with the year as "’23" or "2023".
enum class VenueStyle { Full, Short, ShortFullYear };
VenueStyle venue_style_named(std::string_view name);  // "full", "short", "short_full_year"

// The short name of `venue`: `given` when not empty, else derived; empty when none is found.
std::string venue_short_name(std::string_view venue, std::string_view given);

// "ASPLOS ’23" (Short) or "ASPLOS 2023" (ShortFullYear); the short name alone without a
// year; empty for Full or without a short name.
std::string venue_brief(std::string_view short_name, int year, VenueStyle style);

// The text of known_venues.txt (generated from it at build time).
std::string_view known_venues_text();

}  // namespace mkcv
