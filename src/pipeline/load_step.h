// The first step of every command: cv.toml (and its .bib files) read, parsed, merged and
// validated, every problem reported into one Diagnostics list.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

struct LoadedCv {
    std::optional<Cv> cv;
    std::string text;  // the file's content, to show offending lines
    // Every file read (cv.toml and its .bib files) by diagnostic name, to show offending lines.
    SourceTexts sources;
};

// Reads, parses and validates a cv.toml; `cv` is empty when there are errors.
LoadedCv load_and_validate(const std::filesystem::path& path, Diagnostics& diagnostics);

}  // namespace mkcv
