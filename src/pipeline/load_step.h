// The first step of every command: cv.toml (and its .bib files) read, parsed, merged and
// validated, every problem reported into one Diagnostics list.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

// The CV in one language of a command's --lang.
struct LoadedLanguage {
    // "" for the CV's default language (its outputs and pages keep the names without one),
    // else the tag as --lang wrote it.
    std::string language;
    Cv cv;
    std::vector<std::filesystem::path> cv_files;  // cv.toml and its .bib files, as read
};

struct LoadedLanguages {
    std::vector<LoadedLanguage> cvs;  // in the order asked; empty when any language failed
    // The first language's cv.toml and .bib files: known even when the CV is invalid, so a
    // watch rebuilds when the file that broke it is fixed.
    std::vector<std::filesystem::path> cv_files;
    std::string default_language = "en";
    SourceTexts sources;  // every file read, to show offending lines
};

// cv.toml loaded and validated in each of `languages` ({""}: the default alone), each
// problem added to `diagnostics` once however many languages found it. Every language is
// loaded, so that one run names the problems of all of them.
LoadedLanguages load_languages(const std::filesystem::path& path,
                               const std::vector<std::string>& languages,
                               DiagnosticsOnce& diagnostics);

}  // namespace mkcv
