// The machine's cache of precompiled preambles (tex/format.h), shared by every output folder
// of the user: the first build in a new folder starts TeX from a format another folder made.
// It lives in $MKCV_FORMAT_CACHE (an absolute path; "off" turns it off), else
// $XDG_CACHE_HOME/mkcv/formats, else $HOME/.cache/mkcv/formats, as <key>.fmt beside
// <key>.record. A format's key is its preamble's digest with mkcv's TeX drivers and the
// engine (tex/format.h), so a key names one content; the record, written after the format,
// holds its size and digest and the output's own record (every TeX file it was made from,
// the XeTeX binary, with size and time). A build copies a cached format into its out/.mkcv
// only when the record is whole, the format's bytes match it and no TeX file changed; the
// copy, not the cache, is what TeX reads. Nothing in the folder is followed (O_NOFOLLOW,
// lstat); mkcv's folders in it must be folders of this user or of root (a container's image)
// that no one else may write. Writers hold the folder's lock; the oldest formats (by last
// use) go once the folder is over its bound.
#pragma once

#include <cstdint>
#include <filesystem>

#include "tex/format.h"

namespace mkcv {

// The bound on the cached formats' total size (a format is about 9 MB).
inline constexpr std::uintmax_t kFormatCacheBytes = 512ull * 1024 * 1024;

// The folder from the environment (above); empty when the cache is off or there is no home.
std::filesystem::path format_cache_folder();

// Puts the cache's format for `format` in place (format.file, then format.record) when the
// cache holds one that is whole, verified and current; or its "failed" record, so that the
// output does not try again. True when the output's format is now current.
bool take_cached_format(const PreambleFormat& format, const std::filesystem::path& cache);

// Offers the output's current format to the cache (copied in, the record last, under the
// cache's lock), then removes the least recently used formats beyond `max_bytes`. Does
// nothing when the cache has it, cannot be written (another user's, read-only) or is off.
void offer_format(const PreambleFormat& format, const std::filesystem::path& cache,
                  std::uintmax_t max_bytes = kFormatCacheBytes);

}  // namespace mkcv
