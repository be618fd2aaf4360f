// Precompiled preambles: a template's class and packages (everything before the line
// \csname endofdump\endcsname, which never depends on cv.toml) dumped once as a XeLaTeX
// format, so that each later TeX run starts from it instead of loading them again (about
// half of a pass). The format lives beside the build folders, out/.mkcv/<base>-<key>.fmt,
// with out/.mkcv/<base>.format naming its key and the TeX files it was made from; it is
// used only while the key (the preamble, mkcv's driver, the engine, the environment but the
// source date) and
// every one of those files are unchanged.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "util/result.h"

namespace mkcv {

struct TexJob;

struct PreambleFormat {
    std::string preamble;          // the .tex up to and including the marker line
    std::string key;               // 32 hex digits
    std::filesystem::path file;    // out/.mkcv/<base>-<key>.fmt
    std::filesystem::path record;  // out/.mkcv/<base>.format
};

// The format the job's .tex could start from: only for XeLaTeX, and only when the marker
// is a line of its own before \begin{document}.
std::optional<PreambleFormat> preamble_format(const std::string& tex, const TexJob& job,
                                              const std::filesystem::path& out_dir,
                                              const std::string& base);

// Its key alone, for the build record; "" when the .tex has no format.
std::string preamble_format_key(const std::string& tex, const TexJob& job);

// The format file exists, was made for this key, and no file it was made from changed.
bool format_is_current(const PreambleFormat& format);

// The same, of a record's text (a cached one: tex/format_cache.h).
bool format_record_is_current(const std::string& text, const std::string& key);
bool format_record_failed(const std::string& text, const std::string& key);

// Making this format failed before (the preamble loads something XeTeX cannot dump, such
// as a font of its own choosing): not worth another try until the key changes.
bool format_failed_before(const PreambleFormat& format);

// Makes the format in a scratch folder and moves it into place; fails with a note (code
// "tex-format": the build goes on without a format) saying what went wrong. In two steps, so the
// first can run beside the build's own TeX run: a probe run records the native fonts the preamble
// loads, then `xelatex -ini` with mylatexformat dumps the preamble.
Result<> probe_format_fonts(const PreambleFormat& format, const TexJob& job);
Result<> dump_format(const PreambleFormat& format, const TexJob& job);
Result<> make_format(const PreambleFormat& format, const TexJob& job);

// Removes what a probe left when the format is not made after all.
void abandon_format(const PreambleFormat& format);

// Removes the format and its record (after it was found to break a build).
void discard_format(const PreambleFormat& format);

}  // namespace mkcv
