// The one moment a build is dated by, so two builds of the same inputs give the same PDF:
// [build] date in cv.toml, else SOURCE_DATE_EPOCH, else the last git commit of cv.toml.
// Never the wall clock.
#pragma once

#include <filesystem>
#include <optional>

#include "cv/model.h"

namespace mkcv {

// Midnight UTC of the date, in seconds since 1970; a missing month or day counts as the 1st.
long long epoch_of(const PartialDate& date);
PartialDate date_of_epoch(long long seconds);

// SOURCE_DATE_EPOCH when set to a valid number, else the last commit time of `cv_path` in
// git, else empty. With a `cache_file`, git's answer is kept there and reused while the
// repository's history is the same (git.h history_identity), so git is not started.
std::optional<long long> outside_source_date(const std::filesystem::path& cv_path,
                                             const std::filesystem::path& cache_file = {});

// The moment given to TeX (SOURCE_DATE_EPOCH, FORCE_SOURCE_DATE=1) for the PDF's dates:
// [build] date, else outside_source_date(), else 0 (no date known: 1970, not the clock).
long long build_epoch(const Cv& cv, std::optional<long long> outside);

}  // namespace mkcv
