// libFuzzer target: arbitrary bytes as cv.toml through load → validate → context → render,
// as `mkcv render` runs them. Any crash, sanitizer report or hang is a bug; wrong input must
// only ever produce diagnostics.
#include <cstddef>
#include <cstdint>
#include <string>

#include "context/context_builder.h"
#include "cv/loader.h"
#include "cv/validate.h"
#include "fuzz_common.h"
#include "render/renderer.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string text(reinterpret_cast<const char*>(data), size);
    const auto& templates = fuzz::builtin_templates();

    LoadResult loaded = load_cv(text, "cv.toml");
    Diagnostics diagnostics = loaded.diagnostics;
    if (loaded.cv)
        validate_cv(*loaded.cv, diagnostics);
    fuzz::print_all_formats(diagnostics, {{"cv.toml", text}});
    // Render even a CV with errors: the model must be safe to use whatever the loader saw.
    if (loaded.cv) {
        for (const auto& tmpl : templates) {
            ContextOptions options;
            options.template_name = tmpl.manifest.name;
            options.format = tmpl.manifest.format;
            Diagnostics render_diagnostics;
            render_template(tmpl, build_context(*loaded.cv, options), render_diagnostics);
        }
    }
    return 0;
}
