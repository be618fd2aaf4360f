// The first step of every command: cv.toml (and its .bib files) read, parsed, merged and
// validated, every problem reported into one Diagnostics list.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

struct LoadedCv {
    std::optional<Cv> cv;
    std::string text;  // the file's content, to show offending lines
    // Every file read (cv.toml and its .bib files) by diagnostic name, to show offending lines.
    SourceTexts sources;
    // [locale] language, or "en": language tables fall back to it, and its outputs keep
    // the names without a language (cv-long.pdf).
    std::string default_language = "en";
};

// Reads, parses and validates a cv.toml; `cv` is empty when there are errors. Its language
// tables give the text of `language` (cv/loader.h; empty: [locale] language), and
// cv.locale.language is `language` when given, so the context is built in it.
LoadedCv load_and_validate(const std::filesystem::path& path, Diagnostics& diagnostics,
                           std::string_view language = {});

}  // namespace mkcv
