// Dates as other CV tools let people write them, read into cv.toml's dates (cv/dates.h):
// "2016-10-01", "2016-10", "2016" and "present" as cv.toml has them, and the free text
// found in real files: "Oct 2016", "October 2016", "Sept. 2016", "Oct 1, 2016",
// "1 October 2016", "10/2016", "2016/10", "now", "current". Anything else is no date, and the
// importer keeps the text where it stays visible.
#pragma once

#include <optional>
#include <string_view>

#include "cv/dates.h"

namespace mkcv {

// The date `text` means, or nothing when it is not one of the forms above (or names a day
// that does not exist).
std::optional<PartialDate> parse_loose_date(std::string_view text);

}  // namespace mkcv
