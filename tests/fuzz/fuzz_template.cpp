// libFuzzer target: arbitrary bytes as a template's main file, rendered with the data of the
// repository's cv.toml and the built-in partials, in one of the output formats (LaTeX, HTML,
// Markdown, JSON: each escapes values its own way). Template syntax errors must become
// diagnostics with a position, never a crash or a hang.
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>

#include "context/context_builder.h"
#include "cv/loader.h"
#include "fuzz_common.h"
#include "render/renderer.h"

namespace {

const mkcv::ContextTree& seed_context() {
    static const mkcv::ContextTree context = [] {
        std::ifstream in(MKCV_FUZZ_SEED_CV);
        std::stringstream text;
        text << in.rdbuf();
        mkcv::LoadResult loaded = mkcv::load_cv(text.str(), "cv.toml");
        if (!loaded.cv || loaded.diagnostics.has_errors())
            __builtin_trap();
        return mkcv::build_context(*loaded.cv, {});
    }();
    return context;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    mkcv::Template tmpl = fuzz::builtin_templates().front();
    tmpl.main.text.assign(reinterpret_cast<const char*>(data), size);
    // The last byte picks the format without being taken from the template, so the seeds
    // (templates as written) keep their meaning.
    constexpr TextFormat kFormats[] = {TextFormat::Latex, TextFormat::Html, TextFormat::Markdown,
                                       TextFormat::Json};
    if (size > 0)
        tmpl.manifest.format = kFormats[data[size - 1] % 4];
    Diagnostics diagnostics;
    render_template(tmpl, seed_context(), diagnostics);
    fuzz::print_all_formats(diagnostics, {{tmpl.main.path.string(), tmpl.main.text}});
    return 0;
}
