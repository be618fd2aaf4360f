#include "tex/missing_glyphs.h"

#include <cstdio>
#include <set>
#include <string_view>
#include <utility>

#include "cv/value_origins.h"
#include "util/utf8.h"

namespace mkcv {
namespace {

constexpr std::string_view kPrefix = "Missing character: There is no ";
constexpr std::string_view kInFont = " in font ";

// The hexadecimal number of "U+2460)" at the start of `text`, or 0.
char32_t code_after_u_plus(std::string_view text) {
    if (text.substr(0, 2) != "U+")
        return 0;
    char32_t code = 0;
    std::size_t i = 2;
    for (; i < text.size() && i < 9; ++i) {
        const char c = text[i];
        int digit = -1;
        if (c >= '0' && c <= '9')
            digit = c - '0';
        else if (c >= 'A' && c <= 'F')
            digit = c - 'A' + 10;
        else if (c >= 'a' && c <= 'f')
            digit = c - 'a' + 10;
        if (digit < 0)
            break;
        code = code * 16 + static_cast<char32_t>(digit);
    }
    return i > 2 && code <= 0x10FFFF ? code : 0;
}

// One log line, when it is a missing character.
bool parse_line(std::string_view line, MissingGlyph& glyph) {
    if (line.substr(0, kPrefix.size()) != kPrefix)
        return false;
    line.remove_prefix(kPrefix.size());
    const std::size_t in_font = line.rfind(kInFont);
    if (in_font == std::string_view::npos || line.empty() || line.back() != '!')
        return false;
    std::string_view what = line.substr(0, in_font);
    std::string_view font = line.substr(in_font + kInFont.size());
    font.remove_suffix(1);  // the "!"
    // "Noto Serif Regular/OT:script=latn;..." or "[NotoSansMath-Regular.ttf]/OT:...": the
    // features say nothing to people.
    if (const std::size_t features = font.find("/OT"); features != std::string_view::npos)
        font = font.substr(0, features);
    if (const std::size_t features = font.find("/AAT"); features != std::string_view::npos)
        font = font.substr(0, features);
    if (const std::size_t open = what.rfind(" ("); open != std::string_view::npos) {
        glyph.code = code_after_u_plus(what.substr(open + 2));
        if (glyph.code)
            what = what.substr(0, open);
    }
    if (!glyph.code && !what.empty()) {
        std::size_t length = 1;
        const char32_t decoded = decode_utf8(what, 0, length);
        if (length == what.size() && decoded >= 0x80 && decoded != 0xFFFD)
            glyph.code = decoded;
    }
    glyph.character = valid_utf8(what);
    glyph.font = valid_utf8(font);
    return true;
}

bool before(const ValueOrigin& a, const ValueOrigin& b) {
    return std::pair(a.pos.line, a.pos.column) < std::pair(b.pos.line, b.pos.column);
}

// Emoji and pictographs: no font XeTeX can use has most of them (colour emoji fonts are
// bitmaps XeTeX cannot print).
bool is_emoji(char32_t code) {
    return (code >= 0x1F000 && code <= 0x1FAFF) || code == 0xFE0F || code == 0x200D;
}

}  // namespace

std::vector<MissingGlyph> missing_glyphs_from_log(const std::string& log) {
    std::vector<MissingGlyph> glyphs;
    std::set<std::pair<std::string, std::string>> seen;
    std::size_t at = 0;
    while ((at = log.find(kPrefix, at)) != std::string::npos) {
        const bool line_start = at == 0 || log[at - 1] == '\n';
        std::size_t end = log.find('\n', at);
        if (end == std::string::npos)
            end = log.size();
        std::string_view line(log.data() + at, end - at);
        if (!line.empty() && line.back() == '\r')
            line.remove_suffix(1);
        at = end;
        MissingGlyph glyph;
        if (!line_start || !parse_line(line, glyph))
            continue;
        const std::string what = glyph.code ? code_point_name(glyph.code) : glyph.character;
        if (!seen.insert({what, glyph.font}).second)
            continue;
        glyphs.push_back(std::move(glyph));
        if (glyphs.size() == kMaxMissingGlyphs)
            break;
    }
    return glyphs;
}

std::string code_point_name(char32_t code) {
    char buffer[16];
    std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned>(code));
    return buffer;
}

Diagnostics missing_glyph_diagnostics(const std::vector<MissingGlyph>& glyphs,
                                      const RenderedTemplate& rendered,
                                      const std::filesystem::path& tex_path, Severity severity) {
    Diagnostics diagnostics;
    if (glyphs.empty())
        return diagnostics;
    const std::vector<ValueOrigin> origins =
        value_origins(rendered.input.filtered.cv, rendered.input.filtered.award_papers);
    for (const MissingGlyph& glyph : glyphs) {
        const std::string needle = glyph.code ? encode_utf8(glyph.code) : glyph.character;
        const ValueOrigin* holder = nullptr;
        for (const ValueOrigin& value : origins)
            if (!needle.empty() && value.text.find(needle) != std::string::npos &&
                (!holder || before(value, *holder)))
                holder = &value;
        Diagnostic d;
        d.severity = severity;
        d.code = "missing-glyph";
        const std::string name = glyph.code ? code_point_name(glyph.code) + " " : "";
        d.message = name + "\"" + shorten(needle, 8) + "\" is not in the font \"" +
                    shorten(glyph.font) + "\" nor in a fallback font: the PDF shows an empty box";
        if (holder) {
            d.file = holder->file;
            d.pos = holder->pos;
        } else {
            d.file = tex_path.string();
            d.message += " (the template prints it, not a cv.toml value)";
        }
        d.hint = is_emoji(glyph.code)
                     ? "XeTeX cannot print colour emoji fonts; remove the emoji, or write the "
                       "symbol as text"
                     : "remove the character, or install a font that has it (fc-list "
                       "':charset=" +
                           (glyph.code ? code_point_name(glyph.code).substr(2) : std::string("…")) +
                           "' lists them) and add it to the template's fallback fonts with "
                           "\\mkcvscriptfont and \\mkcvfallbackfonts (docs/fonts.md)";
        diagnostics.add(std::move(d));
    }
    return diagnostics;
}

}  // namespace mkcv
