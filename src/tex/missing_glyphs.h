// Characters TeX could not print. XeTeX sets a character its font lacks as an empty box (or
// not at all) and goes on with exit status 0; the only trace is a "Missing character" line
// in its log (LaTeX sets \tracinglostchars=2). mkcv reads those lines after every build and
// turns each into a diagnostic at the cv.toml value that holds the character, so a missing
// glyph is never silent: a warning, or an error under `mkcv build --strict`.
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include "render/rendered_template.h"
#include "util/diagnostics.h"

namespace mkcv {

struct MissingGlyph {
    char32_t code = 0;      // 0 when the log names the character in a form mkcv cannot read
    std::string character;  // as the log prints it (UTF-8)
    std::string font;       // the font's name, without its OpenType features
};

// At most this many different missing glyphs are read from one log: a CV in a script no font
// covers would otherwise make one diagnostic per character.
inline constexpr std::size_t kMaxMissingGlyphs = 50;

// Each different (character, font) of the log's "Missing character: There is no ① (U+2460)
// in font Noto Serif Regular/OT:script=latn;...!" lines, in the order of first appearance.
std::vector<MissingGlyph> missing_glyphs_from_log(const std::string& log);

// "U+2460" for 0x2460.
std::string code_point_name(char32_t code);

// One diagnostic (code "missing-glyph", of `severity`) per glyph: at the first cv.toml value
// of `rendered`'s CV that holds the character, else at `tex_path` (the template printed it).
Diagnostics missing_glyph_diagnostics(const std::vector<MissingGlyph>& glyphs,
                                      const RenderedTemplate& rendered,
                                      const std::filesystem::path& tex_path, Severity severity);

}  // namespace mkcv
