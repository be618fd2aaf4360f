// libFuzzer target: arbitrary bytes as a orcid response for `mkcv sync` (sync/orcid_json.h),
// then merged, written as the synced list and read back. A crash, sanitizer report or hang
// is a bug; a bad response must only ever be a failure with a message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_sync_common.h"
#include "sync/orcid_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    using namespace mkcv::sync;
    const std::string text(reinterpret_cast<const char*>(data), size);
    fuzz::merge_and_round_trip(parse_orcid_works(text, "f"));
    return 0;
}
