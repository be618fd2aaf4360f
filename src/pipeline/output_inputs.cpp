#include "pipeline/output_inputs.h"

#include <algorithm>

#include "render/rendered_template.h"
#include "tex/format.h"
#include "tex/installation.h"
#include "tex/tex_job.h"
#include "util/version.h"

namespace fs = std::filesystem;

namespace mkcv {
namespace {

// "long/cv.tex.mustache": the folder says which template a file of that name belongs to.
std::string template_file_name(const fs::path& path) {
    return path.parent_path().filename().string() + "/" + path.filename().string();
}

}  // namespace

BuildInputs inputs_of(const RenderedTemplate& r, const std::string& base, const TexJob* job) {
    BuildInputs inputs;
    inputs.add("mkcv version", kVersion);
    if (job) {
        inputs.add("engine and options", engine_and_options(*job));
        // Asked for latexmk: a PDF XeLaTeX made directly is not the one asked for (and back).
        if (job->latexmk)
            inputs.add("TeX runner", "latexmk");
        for (const auto& [key, value] : job->environment)
            inputs.add("environment " + key, value);
    } else {
        inputs.add("output format", output_extension(r.tmpl.manifest.format));
    }
    inputs.add("template file " + template_file_name(r.tmpl.main.path), r.tmpl.main.text,
               {r.tmpl.main.path});
    for (const auto& [name, file] : r.tmpl.partials)
        inputs.add("template file " + template_file_name(file.path), file.text, {file.path});
    const std::string rendered_name =
        job ? job->tex_file : base + output_extension(r.tmpl.manifest.format);
    inputs.add(rendered_name + " (cv.toml rendered)", r.tex, r.made_from);
    if (!job)
        return inputs;
    // The .tex names the photo by a fixed name, so a changed picture changes only this.
    if (const Photo& photo = r.input.filtered.cv.person.photo; !photo.bytes.empty())
        inputs.add("photo", photo.bytes);
    for (const auto& [name, bytes] : r.attachments)
        inputs.add("attachment " + name, bytes);
    // What a precompiled preamble would be made from (tex/format.h); the rendered .tex
    // covers the preamble too, but this says when the last build had the same one.
    if (const std::string key = preamble_format_key(r.tex, *job); !key.empty())
        inputs.add(kPreambleFormatInput, key);
    inputs.add("TeX installation" + std::string(kThisMachine),
               tex_installation_identity(job->engine));
    inputs.add("fonts" + std::string(kThisMachine), font_identity());
    return inputs;
}

std::vector<fs::path> files_of(const BuildInputs& inputs) {
    std::vector<fs::path> files;
    for (const BuildInput& input : inputs.items())
        for (const fs::path& file : input.files)
            if (std::find(files.begin(), files.end(), file) == files.end())
                files.push_back(file);
    return files;
}

}  // namespace mkcv
