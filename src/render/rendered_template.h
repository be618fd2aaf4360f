// What the render stage hands to the build stage: a template's .tex, with what it was rendered
// from (the page budget renders again with fewer entries) and the settings its build needs.
#pragma once

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "render/template_input.h"
#include "render/template_set.h"
#include "util/source_location.h"

namespace mkcv {

struct RenderedTemplate {
    Template tmpl;
    std::string tex;
    TemplateInput input;   // what it was rendered from, to render again for the page budget
    double render_ms = 0;  // time taken to render, for progress output
    long long source_date_epoch = 0;  // the moment the PDF is dated by (pipeline/source_date.h)
    int timeout_seconds = 120;        // [build] timeout
    // The language of a build in another one than the CV's default (`--lang en,zh`), which
    // its outputs' names carry (output_base); empty for the default language.
    std::string language;
    // The files the rendered text was made from besides the template's own: cv.toml, its
    // .bib files, template.toml, the locale files, the pictures (pipeline/build_plan.h).
    std::vector<std::filesystem::path> made_from;
    // Files the .tex includes besides the photo, by names mkcv gives (never a user's text),
    // copied into the TeX build folder: a letter's signature, the PDFs of an application's
    // packet (pipeline/applications.h). Their bytes are inputs of the output.
    std::vector<std::pair<std::string, std::string>> attachments;  // name, bytes
    // Where the page budget's error points when set: the text to shorten (a letter's last
    // paragraph, in its own file); else cv.toml, where max_pages can change.
    std::string budget_file;
    SourcePos budget_pos;
};

// <stem>-<name>[.<language>]: the output's file name without its extension, also the name
// of its build folder and record in <out>/.mkcv/, so languages never share them.
inline std::string output_base(const RenderedTemplate& r, const std::string& stem) {
    return output_base(stem, r.tmpl.manifest.name, r.language);
}

// How progress lines and reports name the output: "long", or "long.zh" in another language.
inline std::string output_label(const RenderedTemplate& r) {
    return r.tmpl.manifest.name + (r.language.empty() ? "" : "." + r.language);
}

}  // namespace mkcv
