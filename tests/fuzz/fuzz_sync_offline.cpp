// libFuzzer target: arbitrary bytes as an `mkcv sync --offline` file: its format detected
// (any of the eight), parsed, merged, written as the synced list and read back.
#include <cstddef>
#include <cstdint>
#include <string>

#include "fuzz_sync_common.h"
#include "sync/offline_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    using namespace mkcv::sync;
    const std::string text(reinterpret_cast<const char*>(data), size);
    Diagnostics diagnostics;
    Result<OfflineWorks> read = read_offline_works(text, "f", fuzz::kSyncOwner, diagnostics);
    if (read)
        fuzz::merge_and_round_trip(Result<WorksPage>(read->page));
    return 0;
}
