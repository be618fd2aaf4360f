// libFuzzer target: arbitrary bytes as a arxiv response for `mkcv sync` (sync/arxiv_atom.h),
// then merged, written as the synced list and read back. A crash, sanitizer report or hang
// is a bug; a bad response must only ever be a failure with a message.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_sync_common.h"
#include "sync/arxiv_atom.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    using namespace mkcv::sync;
    const std::string text(reinterpret_cast<const char*>(data), size);
    fuzz::merge_and_round_trip(parse_arxiv_atom(text, "f"));
    return 0;
}
