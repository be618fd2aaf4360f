// `[[applications]]` (docs/applications.md): what the loader cannot check alone, and the
// files an application names. A key and a statement's kind name files and folders, so they
// are allow-listed; a letter or statement is a Markdown file inside cv.toml's folder, never
// reached through a symbolic link, bounded, read once by the load step.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "cv/model.h"
#include "util/diagnostics.h"

namespace mkcv {

// Lowercase ASCII letters, digits, - and _, starting with a letter or digit, at most 64
// bytes: a name no file system reads as anything but itself.
bool is_application_key(std::string_view key);

// A letter or a statement file, at most this long.
inline constexpr std::size_t kMaxLetterBytes = 256 * 1024;

// Keys valid and each once, a language that is a BCP 47 tag, exactly one of `letter` and
// `letter_file`, statement kinds valid and each once per application.
void check_applications(const Cv& cv, Diagnostics& diagnostics);

// The paragraphs of a letter or statement `text`, written in `file` from line `first_line`
// on: apart by blank lines, each paragraph's lines joined by a space, with <<organisation>>,
// <<position>> and <<recipient>> replaced by the application's values (any other <<…>> is an
// error at its line and column), and its inline markup parsed when `markup`.
std::vector<BodyParagraph> body_paragraphs(const std::string& text, const std::string& file,
                                           int first_line, const Application& application,
                                           bool markup, Diagnostics& diagnostics);

// Reads every application's letter, statements and signature (relative to `cv_path`'s
// folder) into it; each file read goes into `sources`, for diagnostics to quote.
void load_application_files(Cv& cv, const std::filesystem::path& cv_path, Diagnostics& diagnostics,
                            SourceTexts& sources);

// The title of a statement of `kind` when it gives none: "Research statement".
std::string default_statement_title(const std::string& kind);

}  // namespace mkcv
