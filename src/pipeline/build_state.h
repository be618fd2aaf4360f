// Incremental builds: what a PDF was made from, recorded beside its build folder, so an
// unchanged output is not compiled again and `mkcv check` can say what is stale and why.
// An output's inputs are named digests (the rendered .tex, each template file, the engine's
// command line, mkcv's version, the source date ...), listed by output_inputs.h alone.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "util/result.h"

namespace mkcv {

struct BuildInput {
    std::string name;    // for people: "template file cv.tex.mustache", "cv-long.tex" ...
    std::string digest;  // digest_of(content), or the content itself when short
    // The files the content was read from, for watch and serve; not recorded.
    std::vector<std::filesystem::path> files;
};

// Everything that determines one output, in the order reasons are reported.
class BuildInputs {
  public:
    // Records `content` under `name`, read from `files`; a later add with the same name
    // replaces it.
    void add(const std::string& name, std::string_view content,
             std::vector<std::filesystem::path> files = {});
    // Records a file's content; a missing file is an input too ("missing").
    void add_file(const std::string& name, const std::filesystem::path& path);
    const std::vector<BuildInput>& items() const { return items_; }

  private:
    std::vector<BuildInput> items_;
};

// What was recorded after the last successful build of an output.
struct BuildRecord {
    std::vector<BuildInput> inputs;
    std::string pdf_digest;
    // The .tex placed beside the PDF, the very one it was compiled from (a page budget's
    // last attempt, not the full rendering); empty in records that did not note it.
    std::string tex_digest;
};

// out/.mkcv/<stem>-<name>.state: beside the build folder, outside it, so cleaning the
// folder after a killed build keeps the record.
std::filesystem::path state_path(const std::filesystem::path& out_dir, const std::string& base);

std::optional<BuildRecord> read_build_record(const std::filesystem::path& path);

// Written atomically; fails with an "io" diagnostic.
Result<> write_build_record(const std::filesystem::path& path, const BuildRecord& record);

// Why `pdf` must be built again, for people ("cv.toml or a template changed" ...); empty
// when the PDF exists, is the one recorded, and every input is as recorded.
// `this_machine`: whether inputs named with kThisMachine count (output_inputs.h).
std::string why_stale(const BuildInputs& now, const std::optional<BuildRecord>& recorded,
                      const std::filesystem::path& pdf, bool this_machine = true);

// Ends the names of inputs that describe the machine rather than the CV (TeX Live, fonts):
// a build counts them, `mkcv check` does not, as it may run on another machine.
inline constexpr std::string_view kThisMachine = " (this machine)";

// The input naming a template's precompiled preamble (tex/format.h), when it has one.
inline constexpr const char* kPreambleFormatInput = "precompiled preamble";

// Whether input `name` is in both and unchanged since the recorded build.
bool input_unchanged(const BuildInputs& now, const std::optional<BuildRecord>& recorded,
                     const std::string& name);

// Records `inputs`, the PDF now at `pdf` and the .tex it was compiled from as one finished
// build. Written last, after both are in place: a build killed before it is done again.
Result<> record_build(const std::filesystem::path& record_path, const BuildInputs& inputs,
                      const std::filesystem::path& pdf, std::string_view tex = {});

// Creates the build folder, first emptying it when `clean` or when the last build in it
// never finished (it was killed mid-TeX: half-written auxiliary files must not mislead
// latexmk). Everything in it that is not a build file of its output (is_build_file) is
// removed, so nothing planted there reaches TeX. Marks the folder busy until
// finish_work_dir. Fails with an "io" diagnostic.
Result<> prepare_work_dir(const std::filesystem::path& work_dir, bool clean = false);
void finish_work_dir(const std::filesystem::path& work_dir);

// Whether a file named `name` in the build folder of output `base` is one mkcv, latexmk or
// TeX makes for it (<base>.tex, .aux, .log, ..., tex.out), kept for incremental builds.
bool is_build_file(const std::string& name, const std::string& base);

}  // namespace mkcv
