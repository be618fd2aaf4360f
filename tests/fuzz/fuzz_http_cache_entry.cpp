// libFuzzer target: arbitrary bytes as an entry of sync's HTTP cache (net/http_cache.h),
// which lives in the user's cache folder and may have been written by anything. A crash,
// sanitizer report or hang is a bug; a bad entry must only ever be "no entry". An entry that
// parses must come back the same through cache_entry_text.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "net/http_cache.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv::net;
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const auto entry = parse_cache_entry(bytes, 64 * 1024);
    if (!entry)
        return 0;
    const auto again = parse_cache_entry(cache_entry_text(*entry), 64 * 1024);
    if (!again || again->url != entry->url || again->etag != entry->etag ||
        again->last_modified != entry->last_modified || again->final_url != entry->final_url ||
        again->body != entry->body)
        std::abort();
    return 0;
}
