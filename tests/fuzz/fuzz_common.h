// What both fuzz targets share: the built-in templates, loaded once, and a sink that runs
// every diagnostic printer so their code is fuzzed too.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "render/template_set.h"
#include "util/diagnostics.h"

namespace mkcv::fuzz {

// The built-in templates (long and short), loaded from the source tree once.
inline const std::vector<Template>& builtin_templates() {
    static const std::vector<Template> templates = [] {
        std::vector<Template> out;
        const TemplateSearchPath search{{{builtin_template_root(), "built-in"}}};
        // homepage: an HTML template, with its JSON-LD region (renderer.h json_escaped).
        for (const char* name : {"long", "short", "homepage"}) {
            Diagnostics ignored;
            if (auto t = load_template(name, search, ignored))
                out.push_back(std::move(*t));
        }
        if (out.empty())
            __builtin_trap();  // a fuzzer without templates would test nothing
        return out;
    }();
    return templates;
}

// Prints the diagnostics in every format, as mkcv would, into a string nobody reads.
inline void print_all_formats(const Diagnostics& diagnostics, const SourceTexts& sources) {
    Diagnostics sorted = diagnostics;
    sorted.sort();
    for (auto format : {DiagnosticFormat::Text, DiagnosticFormat::Json, DiagnosticFormat::Github}) {
        std::ostringstream out;
        PrintOptions options;
        options.format = format;
        options.color = format == DiagnosticFormat::Text;
        print_diagnostics(out, sorted, sources, options);
    }
}

}  // namespace mkcv::fuzz
