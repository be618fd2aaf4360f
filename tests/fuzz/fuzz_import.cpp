// libFuzzer target: arbitrary bytes as a file for `mkcv import`, read as JSON or YAML,
// detected and mapped by each format's mapper, written as TOML and loaded back. Any crash,
// sanitizer report or hang is a bug; wrong input must only ever produce diagnostics.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "fuzz_common.h"
#include "import/importer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string text(reinterpret_cast<const char*>(data), size);
    for (const std::optional<ImportFormat> from :
         {std::optional<ImportFormat>(), std::optional(ImportFormat::JsonResume),
          std::optional(ImportFormat::RenderCv), std::optional(ImportFormat::YamlResume),
          std::optional(ImportFormat::Generic)}) {
        const ImportOutcome outcome = import_cv("in.yaml", text, from, "cv.toml");
        fuzz::print_all_formats(outcome.diagnostics, outcome.sources);
        (void)format_import_summary(outcome);
    }
    return 0;
}
