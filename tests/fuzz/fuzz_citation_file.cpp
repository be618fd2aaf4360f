// libFuzzer target: arbitrary bytes as publications.citations.toml (bib/citation_file.h),
// which sits beside cv.toml in a folder anyone may have written. A crash, sanitizer report or
// hang is a bug; whatever counts it gives must be written by citation_file_text and read back
// the same.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "bib/citation_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    Diagnostics diagnostics;
    const CitationCounts counts = citation_counts_of_text(text, "fuzz.toml", diagnostics);
    const Result<std::string> written = citation_file_text(counts);
    if (!written)
        std::abort();
    Diagnostics again_diagnostics;
    const CitationCounts again = citation_counts_of_text(*written, "again.toml", again_diagnostics);
    if (again.size() != counts.size() || again_diagnostics.has_errors())
        std::abort();
    for (const auto& [key, c] : counts) {
        const auto it = again.find(key);
        if (it == again.end() || it->second.count != c.count || it->second.source != c.source ||
            it->second.date != c.date)
            std::abort();
    }
    return 0;
}
