// libFuzzer target: arbitrary bytes as a template of a main file and up to four partials
// (p0 … p3) that may include each other, rendered with a small context. A partial that
// includes itself, directly or through others, must become a diagnostic, never a crash,
// unbounded recursion or a hang.
//
// Input format: the main file, then each partial, separated by NUL bytes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "context/context_builder.h"
#include "cv/loader.h"
#include "fuzz_common.h"
#include "render/renderer.h"

namespace {

constexpr std::size_t kMaxPartials = 4;

// A CV small enough that rendering is cheap, with a list, a nested list and a boolean, so
// sections and loops around partial tags do something.
constexpr std::string_view kSmallCv = R"(
[person]
name = "Ann Lee"
email = "ann@example.org"
research_interests = "Systems"

[[publications]]
title = "One Paper"
authors = ["Ann Lee", "Bo Wu"]
venue = "Venue"
year = 2020
kind = "conference"
selected = true

[[experience]]
role = "Engineer"
organization = "Org"
start = "2020-01"
highlights = ["a", "b"]
)";

const mkcv::ContextTree& small_context() {
    static const mkcv::ContextTree context = [] {
        mkcv::LoadResult loaded = mkcv::load_cv(std::string(kSmallCv), "cv.toml");
        if (!loaded.cv || loaded.diagnostics.has_errors())
            __builtin_trap();
        return mkcv::build_context(*loaded.cv, {});
    }();
    return context;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mkcv;
    const std::string_view input(reinterpret_cast<const char*>(data), size);

    Template tmpl;
    tmpl.manifest.name = "fuzz";
    tmpl.dir = "fuzz";
    tmpl.origin = "fuzz";
    tmpl.main.path = "fuzz/cv.tex.mustache";
    SourceTexts sources;
    std::size_t start = 0;
    for (std::size_t part = 0; part <= kMaxPartials; ++part) {
        std::size_t end = input.find('\0', start);
        if (end == std::string_view::npos || part == kMaxPartials)
            end = input.size();
        const std::string text(input.substr(start, end - start));
        if (part == 0) {
            tmpl.main.text = text;
            sources[tmpl.main.path.string()] = text;
        } else {
            const std::string name = "p" + std::to_string(part - 1);
            const std::string path = "fuzz/" + name + ".tex.mustache";
            tmpl.partials[name] = TemplateFile{path, text};
            sources[path] = text;
        }
        if (end >= input.size())
            break;
        start = end + 1;
    }
    Diagnostics diagnostics;
    render_template(tmpl, small_context(), diagnostics);
    fuzz::print_all_formats(diagnostics, sources);
    return 0;
}
