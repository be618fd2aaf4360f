#include "text/latex_escape.h"

#include <algorithm>
#include <array>
#include <vector>

#include "text/bidi.h"
#include "text/cjk_text.h"
#include "text/percent_encode.h"
#include "util/utf8.h"

namespace mkcv {
namespace {

struct ScriptRange {
    char32_t first;
    char32_t last;
    const char* script;  // font family key, see \mkcvscriptfont in mkcv-base.tex.mustache
};

// Scripts the main fonts (Noto Serif/Sans: Latin, Greek, Cyrillic; Noto CJK through xeCJK)
// do not cover. Text in them is wrapped in \mkcvscript{key}{...} so it is set in a font
// that has the glyphs: whole runs, because these scripts shape letters together. Which way a
// run goes is the bidi algorithm's business (escape_latex), not the script's.
constexpr std::array<ScriptRange, 24> kScripts{{
    {0x0530, 0x058F, "armenian"},  {0x0590, 0x05FF, "hebrew"},   {0x0600, 0x06FF, "arabic"},
    {0x0750, 0x077F, "arabic"},    {0x08A0, 0x08FF, "arabic"},   {0x0900, 0x097F, "devanagari"},
    {0x0980, 0x09FF, "bengali"},   {0x0A00, 0x0A7F, "gurmukhi"}, {0x0A80, 0x0AFF, "gujarati"},
    {0x0B80, 0x0BFF, "tamil"},     {0x0C00, 0x0C7F, "telugu"},   {0x0C80, 0x0CFF, "kannada"},
    {0x0D00, 0x0D7F, "malayalam"}, {0x0D80, 0x0DFF, "sinhala"},  {0x0E00, 0x0E7F, "thai"},
    {0x0E80, 0x0EFF, "lao"},       {0x0F00, 0x0FFF, "tibetan"},  {0x1000, 0x109F, "myanmar"},
    {0x10A0, 0x10FF, "georgian"},  {0x1200, 0x139F, "ethiopic"}, {0x1780, 0x17FF, "khmer"},
    {0xFB1D, 0xFB4F, "hebrew"},    {0xFB50, 0xFDFF, "arabic"},   {0xFE70, 0xFEFF, "arabic"},
}};

struct CodePointRange {
    char32_t first;
    char32_t last;
};

// Characters that are never checked one by one: combining marks (they belong to the
// character before them), General Punctuation (dashes, quotes, spaces and joiners, which
// every text font has), everything xeCJK sets in the CJK font, private use, and specials.
constexpr std::array<CodePointRange, 21> kNoFallbackCheck{{
    {0x0300, 0x036F},    {0x1100, 0x11FF},   {0x1AB0, 0x1AFF},   {0x1DC0, 0x1DFF},
    {0x2000, 0x206F},    {0x20D0, 0x20FF},   {0x2E80, 0x2FFF},   {0x3000, 0xA4CF},
    {0xA960, 0xA97F},    {0xAC00, 0xDFFF},   {0xE000, 0xF8FF},   {0xF900, 0xFAFF},
    {0xFE10, 0xFE1F},    {0xFE20, 0xFE2F},   {0xFE30, 0xFE4F},   {0xFF00, 0xFFFF},
    {0x16FE0, 0x18D7F},  {0x1AFF0, 0x1B2FF}, {0x1F200, 0x1F2FF}, {0x20000, 0x3FFFF},
    {0xE0000, 0x10FFFF},
}};

// Whether `code` is printed inside \mkcvsym{...}, which keeps a run in the current font when
// that font has all of it and else sets each character the font lacks in the first fallback
// font that has it (mkcv-base): symbols
// (™ № ℃ ① → ∑ ★), Greek, Cyrillic, IPA, and pictographs. Latin up to Latin Extended-B
// is in every text font and stays as it is.
bool needs_fallback_check(char32_t code) {
    if (code < 0x0250)
        return false;
    for (const auto& range : kNoFallbackCheck)
        if (code >= range.first && code <= range.last)
            return false;
    return true;
}

const ScriptRange* script_of(char32_t code) {
    for (const auto& range : kScripts)
        if (code >= range.first && code <= range.last)
            return &range;
    return nullptr;
}

// Marks that belong to whatever run they follow.
bool joins_run(char32_t code) {
    return (code >= 0x0300 && code <= 0x036F) || code == 0x200C || code == 0x200D;
}

// What belongs to the symbol before it and must be set in the same font: variation
// selectors (U+FE0F asks for an emoji's colour form), skin-tone modifiers, the enclosing
// keycap, tag characters (subdivision flags) and combining marks; and a zero-width joiner,
// with the character it joins (👨‍👩‍👧 is one picture). A font that lacks one of them
// would print a missing-character box for a character that draws nothing.
bool extends_cluster(char32_t code) {
    return (code >= 0xFE00 && code <= 0xFE0F) || (code >= 0x1F3FB && code <= 0x1F3FF) ||
           code == 0x20E3 || (code >= 0xE0020 && code <= 0xE007F) ||
           (code >= 0x0300 && code <= 0x036F) || code == 0x200D;
}

void escape_ascii_run(std::string_view text, std::string& out, bool with_breaks = true);
void escape_run(std::string_view text, std::string& out);

// Writes the run that begins with the character at `begin` (`length` bytes) and goes on
// while `belongs` says so of the next character, as \command{run}; returns where it ends.
// The run is written as it is: only characters `belongs` takes (none of them ASCII) are in it.
template <typename Belongs>
std::size_t wrap_run(std::string_view text, std::size_t begin, std::size_t length,
                     const char* command, std::string& out, Belongs belongs) {
    std::size_t end = begin + length;
    while (end < text.size()) {
        std::size_t next_length = 1;
        if (!belongs(decode_utf8(text, end, next_length)))
            break;
        end += next_length;
    }
    out += '\\';
    out += command;
    out += '{';
    out.append(text.substr(begin, end - begin));
    out += '}';
    return end;
}

// Writes the run of symbols that begins at `begin` as \mkcvsym{...}; returns where it ends.
// A character with what extends it (extends_cluster) is one item, braced, so mkcv-base
// picks one font that has all of it: \mkcvsym{x{♥️}y}.
std::size_t wrap_symbol_run(std::string_view text, std::size_t begin, std::size_t length,
                            std::string& out) {
    const auto belongs = [](char32_t next) {
        return (next >= 0x80 && !script_of(next) && needs_fallback_check(next)) ||
               joins_run(next) || extends_cluster(next);
    };
    out += "\\mkcvsym{";
    std::size_t item = begin;  // where the item being read began
    std::size_t end = begin + length;
    bool joined = false;  // the last character was a zero-width joiner: the next is the item's
    const auto close_item = [&](std::size_t item_end) {
        const std::string_view piece = text.substr(item, item_end - item);
        std::size_t first_length = 1;
        decode_utf8(piece, 0, first_length);
        if (first_length < piece.size()) {
            out += '{';
            out.append(piece);
            out += '}';
        } else {
            out.append(piece);
        }
        item = item_end;
    };
    while (end < text.size()) {
        std::size_t next_length = 1;
        const char32_t next = decode_utf8(text, end, next_length);
        // After a joiner, any letter but ASCII (which may be TeX syntax), CJK and the
        // scripts, which have their own commands.
        if (joined ? next < 0x80 || is_cjk(next) || script_of(next) : !belongs(next))
            break;
        if (!joined && !extends_cluster(next))
            close_item(end);
        joined = next == 0x200D;
        end += next_length;
    }
    close_item(end);
    out += '}';
    return end;
}

// TeX--XeT's commands (e-TeX, \TeXXeTstate=1 in mkcv-base) for text of an embedding level.
const char* begin_level(int level) {
    return level % 2 ? "\\beginR{}" : "\\beginL{}";
}
const char* end_level(int level) {
    return level % 2 ? "\\endR{}" : "\\endL{}";
}

// Typographic quotes (issue 29). What the user typed stays the value: this is how TeX sets
// it, as a typesetter would. A straight apostrophe between two letters ("Bachelor's",
// "O'Brien") is the apostrophe ’; a pair of straight double quotes around words is the
// locale's quotes, \mkcvlq{} and \mkcvrq{} (mkcv-base defines them from locale.quote_open
// and quote_close). Nothing else: an apostrophe or quote at a word's edge, an odd number of
// quotes, and any word that looks like a URL, an address or code (it holds / @ : = _ \ or
// a backquote) keep the straight character, which is what they mean there.
bool letter_at(std::string_view text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80)
        return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    std::size_t length = 1;
    return decode_utf8(text, i, length) >= 0xC0;
}
// The byte where the character before `i` begins.
std::size_t previous_char(std::string_view text, std::size_t i) {
    do
        --i;
    while (i > 0 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80);
    return i;
}
bool is_space(char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}
// Whether the word (the run between spaces) around byte `i` is not prose.
bool in_code_like_word(std::string_view text, std::size_t i) {
    std::size_t begin = i;
    while (begin > 0 && !is_space(text[begin - 1]))
        --begin;
    std::size_t end = i;
    while (end < text.size() && !is_space(text[end]))
        ++end;
    return text.substr(begin, end - begin).find_first_of("/@:=_\\`") != std::string_view::npos;
}
bool apostrophe_at(std::string_view text, std::size_t i) {
    return text[i] == '\'' && i > 0 && i + 1 < text.size() &&
           letter_at(text, previous_char(text, i)) && letter_at(text, i + 1) &&
           !in_code_like_word(text, i);
}
// The byte offsets of the straight double quotes that pair up as quotation marks: all of
// them, opening and closing in turn, or none.
std::vector<std::size_t> paired_quotes(std::string_view text) {
    std::vector<std::size_t> quotes;
    for (std::size_t i = text.find('"'); i != std::string_view::npos; i = text.find('"', i + 1)) {
        if (in_code_like_word(text, i) || quotes.size() >= 1000)
            return {};
        quotes.push_back(i);
    }
    if (quotes.size() % 2)
        return {};
    for (std::size_t k = 0; k < quotes.size(); ++k) {
        const std::size_t i = quotes[k];
        const char before = i > 0 ? text[i - 1] : ' ';
        const char after = i + 1 < text.size() ? text[i + 1] : ' ';
        const bool opens =
            (is_space(before) || std::string_view("([{-/").find(before) != std::string_view::npos ||
             static_cast<unsigned char>(before) >= 0x80) &&
            !is_space(after) && after != '"';
        const bool closes = !is_space(before) && before != '"' &&
                            !((after | 0x20) >= 'a' && (after | 0x20) <= 'z') &&
                            !(after >= '0' && after <= '9');
        if (k % 2 == 0 ? !opens : !closes)
            return {};
    }
    return quotes;
}

// escape_run, with the typographic apostrophes and quotes of prose.
void escape_prose(std::string_view text, std::string& out) {
    // (A loop, not find_first_of, which calls memchr once per character.)
    if (std::none_of(text.begin(), text.end(), [](char c) { return c == '\'' || c == '"'; }))
        return escape_run(text, out);
    const std::vector<std::size_t> quotes = paired_quotes(text);
    std::string piece;  // the text up to the next quote, apostrophes made typographic
    auto next_quote = quotes.begin();
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (next_quote != quotes.end() && *next_quote == i) {
            escape_run(piece, out);
            piece.clear();
            out += (next_quote - quotes.begin()) % 2 ? "\\mkcvrq{}" : "\\mkcvlq{}";
            ++next_quote;
        } else if (apostrophe_at(text, i)) {
            piece += "\u2019";
        } else {
            piece += text[i];
        }
    }
    escape_run(piece, out);
}

}  // namespace

std::string escape_latex(std::string_view text, TextDirection document) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    // Left-to-right text in a left-to-right document, by far the most common: as it is. So
    // is one ASCII word in a right-to-left one: TeX--XeT reverses the order of what a line
    // holds, never the letters of a word XeTeX set as one; and values that templates use as
    // TeX data (meta.cjk_region, "SC") are such words. (Not CJK: xeCJK sets each character
    // apart.)
    const auto ascii_word = [](std::string_view s) {
        for (const char c : s)
            if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7F)
                return false;
        return true;
    };
    if (text.empty() || (document == TextDirection::Ltr && !has_rtl(text)) || ascii_word(text)) {
        // (Typographic quotes only here: in right-to-left text they would need mirroring.)
        if (document == TextDirection::Ltr)
            escape_prose(text, out);
        else
            escape_run(text, out);
        // Unless the word is long enough to get \mkcvbreak{} between its parts (a URL, an
        // e-mail address): TeX--XeT would set the parts in reverse order.
        if (document == TextDirection::Rtl && (out.find("\\mkcvbreak{}") != std::string::npos ||
                                               out.find("\\mkcvbrk{}") != std::string::npos))
            out = begin_level(0) + out + end_level(0);
        return out;
    }
    // Each value is an isolate (UAX #9's FSI … PDI, HTML's <bdi dir=auto>): its direction is
    // its first strong letter's, else the document's, whatever surrounds it in the template.
    // Its runs nest as their embedding levels do, each in \beginL or \beginR, so TeX sets
    // them in that order at no cost. In a right-to-left document every value says its
    // direction: a paragraph there runs right to left, but a box (\mbox, a table cell) does
    // not.
    const BidiLayout layout = bidi_layout(text, document);
    const bool wrapped = document == TextDirection::Rtl || layout.base_level == 1;
    int level = layout.base_level;
    if (wrapped)
        out += begin_level(level);
    for (const BidiRun& run : layout.runs) {
        while (level > run.level)
            out += end_level(level--);
        while (level < run.level)
            out += begin_level(++level);
        // TeX draws a right-to-left run's characters in reverse order, but each glyph as the
        // Latin and symbol fonts have it: a bracket must be drawn as its mirror image. (The
        // scripts' own fonts are shaped right to left by HarfBuzz; no bracket is in them.)
        const std::string_view piece = text.substr(run.begin, run.end - run.begin);
        if (run.level % 2)
            escape_run(mirrored(piece), out);
        else
            escape_run(piece, out);
    }
    while (level > layout.base_level)
        out += end_level(level--);
    if (wrapped)
        out += end_level(level);
    return out;
}

namespace {

// Text of one direction: ASCII escaped, scripts the main font lacks in their fonts.
void escape_run(std::string_view text, std::string& out) {
    std::size_t plain_begin = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {  // ASCII: no script run starts here
            ++i;
            continue;
        }
        std::size_t length = 1;
        const char32_t code = decode_utf8(text, i, length);
        if (is_cjk(code)) {
            // Chinese, Japanese and Korean: the run of CJK characters, up to a space or any
            // other character, as \mkcvcjk{...}, which prints it as it is when the document
            // loads xeCJK and else sets it in the CJK font (mkcv-base, text/cjk_text.h).
            escape_ascii_run(text.substr(plain_begin, i - plain_begin), out);
            i = plain_begin = wrap_run(text, i, length, "mkcvcjk", out,
                                       [](char32_t next) { return is_cjk(next); });
            continue;
        }
        const ScriptRange* script = code >= 0x80 ? script_of(code) : nullptr;
        if (!script && needs_fallback_check(code)) {
            // The run: such characters and the marks that join them, up to a space or any
            // other character; TeX keeps it as it is when the current font has all of it.
            escape_ascii_run(text.substr(plain_begin, i - plain_begin), out);
            i = plain_begin = wrap_symbol_run(text, i, length, out);
            continue;
        }
        if (!script) {
            i += length;
            continue;
        }
        escape_ascii_run(text.substr(plain_begin, i - plain_begin), out);
        // The run: this script's characters, joining marks, and spaces between its words.
        std::size_t end = i + length;
        while (end < text.size()) {
            std::size_t next_length = 1;
            std::size_t next = end;
            while (next < text.size() && text[next] == ' ')
                ++next;
            if (next >= text.size())
                break;
            const char32_t next_code = decode_utf8(text, next, next_length);
            const ScriptRange* next_script = next_code >= 0x80 ? script_of(next_code) : nullptr;
            const bool same =
                next_script && std::string_view(next_script->script) == script->script;
            if (!same && !(next == end && joins_run(next_code)))
                break;
            end = next + next_length;
        }
        out += "\\mkcvscript{";
        out += script->script;
        out += "}{";
        out.append(text.substr(i, end - i));
        out += '}';
        i = plain_begin = end;
    }
    escape_ascii_run(text.substr(plain_begin), out);
}

// Escapes text that needs no font switch (ASCII specials; other Unicode is kept).
// The bytes escape_ascii_run treats specially; the others are copied in runs.
constexpr std::array<bool, 256> kLatexSpecialByte = [] {
    std::array<bool, 256> special{};
    for (unsigned char c : std::string_view("\\{}$&%#_^~[]-`'<>,?!"))
        special[c] = true;
    for (unsigned c = 0; c < 0x20; ++c)
        special[c] = true;
    special[0x7F] = true;
    return special;
}();

// Long strings with no space (a URL, a DOI, an e-mail address, a 60-letter word) would run
// into the margin: in a run of kLongRun or more Latin characters, \mkcvbreak{} (mkcv-base: a
// costly break that adds no hyphen, taken only when the run does not fit on a line) goes
// where the Chicago Manual of Style breaks a URL: before . , - _ / ? # @ ; ~ and after : = &
// and "//", never next to another of them or before the run's last character; and after
// every letter of a part of more than kLongPart letters between them. A line then never
// ends with a hyphen (pdftotext would join it to the next as a hyphenated word) or a full
// stop. Shorter runs, and CJK and other scripts, are left to TeX and xeCJK.
constexpr std::size_t kLongRun = 30;
constexpr std::size_t kLongPart = 20;
// Longer runs break every kLongPart characters (break_points). Every cv.toml value is
// shorter (at most 10,000 bytes, cv/validate.h), so only a .bib value (up to 64 KiB) can
// hold one: with a break after every letter it would be 13 times as long, more than the
// 200,000 bytes of a line TeX can read.
constexpr std::size_t kMaxRun = 10000;

bool breaks_before(char32_t code) {
    return code < 0x80 &&
           std::string_view("/.,-_?#@;~").find(static_cast<char>(code)) != std::string_view::npos;
}
bool breaks_after(char32_t code) {
    return code < 0x80 &&
           std::string_view(":=&").find(static_cast<char>(code)) != std::string_view::npos;
}
bool is_break_char(char32_t code) {
    return breaks_before(code) || breaks_after(code);
}

// Latin letters, digits and punctuation: what a long unbroken string is made of.
bool in_run(char32_t code) {
    return code > 0x20 && code < 0x0250 && code != 0x7F;
}

// In a run of more than kCheapBreakRun characters, the break points are \mkcvbrk{}, which
// costs TeX little: a run that long fills many lines whatever it costs, and 5000 (the
// penalty of \mkcvbreak) for each of them would add up past what TeX's line breaking
// counts (2^30 demerits, about 43 lines), and it would set the lines overfull.
constexpr std::size_t kCheapBreakRun = 1000;

struct BreakPoint {
    std::size_t at;  // the byte offset of `text` before which it goes
    bool cheap;      // \mkcvbrk{}, else \mkcvbreak{}
    bool operator<(const BreakPoint& other) const { return at < other.at; }
};

// Whether `text` holds a run of kLongRun or more characters: only such a run gets break
// points. Most values (names, titles, venues) are words shorter than that, and this spares
// them break_points' vectors, which were a third of the LaTeX escaping's instructions.
bool has_long_run(std::string_view text) {
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 1;
        const auto byte = static_cast<unsigned char>(text[i]);
        const char32_t code =
            byte < 0x80 ? static_cast<char32_t>(byte) : decode_utf8(text, i, length);
        run = in_run(code) ? run + 1 : 0;
        if (run >= kLongRun)
            return true;
        i += length;
    }
    return false;
}

// Where \mkcvbreak{} (or \mkcvbrk{}) goes in `text`, in order.
std::vector<BreakPoint> break_points(std::string_view text) {
    if (!has_long_run(text))
        return {};
    struct Char {
        std::size_t begin;  // byte offsets
        std::size_t end;
        char32_t code;
    };
    std::vector<BreakPoint> breaks;
    std::vector<Char> run;
    auto close_run = [&] {
        const std::size_t n = run.size();
        const bool cheap = n > kCheapBreakRun;
        if (n > kMaxRun) {
            // No CV has an unbroken run this long, but a .bib value may (a BibTeX macro
            // doubled twenty times, a pasted blob): TeX cannot set it in one piece, and a
            // break after every letter would make it 13 times as long. A break every
            // kLongPart characters adds 60% at most, and TeX sets it (its lines may be
            // overfull); a line still never ends with a hyphen or a full stop, nor before
            // the last character.
            for (std::size_t k = kLongPart; k + 1 < n; k += kLongPart) {
                while (k + 1 < n && (run[k - 1].code == '-' || run[k - 1].code == '.'))
                    ++k;
                if (k + 1 < n)
                    breaks.push_back({run[k].begin, cheap});
            }
            run.clear();
            return;
        }
        for (std::size_t k = 0; n >= kLongRun && k + 1 < n; ++k) {
            const char32_t here = run[k].code;
            const char32_t next = run[k + 1].code;
            if (is_break_char(here)) {
                const bool after =
                    breaks_after(here) || (here == '/' && k > 0 && run[k - 1].code == '/');
                if (after && !is_break_char(next))
                    breaks.push_back({run[k].end, cheap});
                continue;
            }
            if (breaks_before(next) && k + 2 < n && !is_break_char(run[k + 2].code))
                breaks.push_back({run[k + 1].begin, cheap});
            if (k > 0 && !is_break_char(run[k - 1].code))
                continue;
            // The first letter of a part: a long part breaks after each of its letters.
            std::size_t length = 0;
            while (k + length < n && !is_break_char(run[k + length].code))
                ++length;
            if (length > kLongPart)
                for (std::size_t j = k; j + 1 < k + length; ++j)
                    breaks.push_back({run[j].end, cheap});
        }
        run.clear();
    };
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 1;
        const char32_t code = static_cast<unsigned char>(text[i]) < 0x80
                                  ? static_cast<char32_t>(text[i])
                                  : decode_utf8(text, i, length);
        if (!in_run(code))
            close_run();
        else
            run.push_back({i, i + length, code});
        i += length;
    }
    close_run();
    std::sort(breaks.begin(), breaks.end());
    return breaks;
}

void escape_ascii_run(std::string_view text, std::string& out, bool with_breaks) {
    const std::vector<BreakPoint> breaks =
        with_breaks ? break_points(text) : std::vector<BreakPoint>{};
    auto next_break = breaks.begin();
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (next_break != breaks.end() && next_break->at == i) {
            out += next_break->cheap ? "\\mkcvbrk{}" : "\\mkcvbreak{}";
            ++next_break;
        }
        const std::size_t stop = next_break != breaks.end() ? next_break->at : text.size();
        std::size_t plain = i;
        while (plain < stop && !kLatexSpecialByte[static_cast<unsigned char>(text[plain])])
            ++plain;
        out.append(text.substr(i, plain - i));
        if (plain == text.size())
            break;
        if (plain == stop) {  // the break goes before this character: the loop's next turn
            i = plain - 1;
            continue;
        }
        i = plain;
        const char c = text[i];
        switch (c) {
            case '\\':
                out += "\\textbackslash{}";
                break;
            case '{':
                out += "\\{";
                break;
            case '}':
                out += "\\}";
                break;
            case '$':
                out += "\\$";
                break;
            case '&':
                out += "\\&";
                break;
            case '%':
                out += "\\%";
                break;
            case '#':
                out += "\\#";
                break;
            case '_':
                out += "\\_";
                break;
            case '^':
                out += "\\textasciicircum{}";
                break;
            case '~':
                out += "\\textasciitilde{}";
                break;
            // After a command such as \item or \\, a bracket would start an optional argument.
            case '[':
                out += "{[}";
                break;
            case ']':
                out += "{]}";
                break;
            // Fonts are loaded without TeX ligatures, but a template may not be: keep "--",
            // "``", "''", "<<", "?`" and "!`" from turning into other characters.
            case '-':
            case '`':
            case '\'':
            case '<':
            case '>':
            case ',':
                out += c;
                if (i + 1 < text.size() && text[i + 1] == c)
                    out += "{}";
                break;
            case '?':
            case '!':
                out += c;
                if (i + 1 < text.size() && text[i + 1] == '`')
                    out += "{}";
                break;
            case '\n':
            case '\r':
            case '\t':
                out += ' ';
                break;
            default:
                // Other ASCII control characters are invalid input for TeX.
                if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F)
                    break;
                out += c;
        }
    }
}

}  // namespace

std::string escape_latex_pdf_string(std::string_view text) {
    std::string out;
    out.reserve(text.size() + text.size() / 8);
    escape_ascii_run(text, out, false);
    return out;
}

std::string escape_href(std::string_view url) {
    std::string out;
    out.reserve(url.size() + 8);
    for (const char c : url) {
        const auto byte = static_cast<unsigned char>(c);
        if (c == '%') {
            out += "\\%";
        } else if (c == '#') {
            out += "\\#";
        } else if (byte > 0x20 && byte < 0x7F && c != '"' && c != '<' && c != '>' && c != '\\' &&
                   c != '^' && c != '`' && c != '{' && c != '|' && c != '}') {
            out += c;
        } else {
            out += '\\';  // hyperref reads \% as a percent sign
            append_percent_escape(out, byte);
        }
    }
    return out;
}

std::string display_url(std::string_view url) {
    for (std::string_view scheme : {"https://", "http://", "mailto:"}) {
        if (url.substr(0, scheme.size()) == scheme) {
            url.remove_prefix(scheme.size());
            break;
        }
    }
    if (url.size() > 1 && url.back() == '/')
        url.remove_suffix(1);
    return std::string(url);
}

}  // namespace mkcv
