#include "pipeline/text_output.h"

#include "pipeline/output_inputs.h"
#include "util/file_io.h"

namespace fs = std::filesystem;

namespace mkcv {

fs::path output_path(const RenderedTemplate& r, const std::string& stem,
                     const BuildOptions& options) {
    return options.out_dir / (output_base(r, stem) + output_extension(r.tmpl.manifest.format));
}

CompileOutcome write_text_output(const RenderedTemplate& r, const std::string& stem,
                                 const BuildOptions& options) {
    CompileOutcome outcome;
    const std::string name = output_label(r);
    const std::string base = output_base(r, stem);
    const fs::path path = output_path(r, stem, options);
    const fs::path record = state_path(options.out_dir, base);
    const BuildInputs inputs = inputs_of(r, base, nullptr);
    if (!options.force && why_stale(inputs, read_build_record(record), path).empty()) {
        if (!options.quiet)
            outcome.report = name + ": up to date (" + path.string() + ")\n";
        outcome.ok = true;
        outcome.up_to_date = true;
        outcome.files = {path};
        return outcome;
    }
    // The record goes in <out>/.mkcv/, as a PDF's does; the file first, then its record, so
    // a build killed between the two leaves a file `check` calls stale.
    std::error_code ec;  // a folder that cannot be made fails the write below, which says why
    fs::create_directories(record.parent_path(), ec);
    Result<> written = write_file_atomically(path, r.tex);
    if (written)
        written = record_build(record, inputs, path);
    if (!written) {
        outcome.report = name + ": error: " + visible(written.error().message) + "\n";
        if (!written.error().hint.empty())
            outcome.report += name + ": hint: " + visible(written.error().hint) + "\n";
        outcome.diagnostics.add(written.error());
        return outcome;
    }
    if (!options.quiet)
        outcome.report = name + ": written → " + path.string() + "\n";
    outcome.ok = true;
    outcome.files = {path};
    return outcome;
}

}  // namespace mkcv
