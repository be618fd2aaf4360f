// Chinese, Japanese and Korean text in LaTeX: which characters are CJK, and whether a
// document needs xeCJK or can set its few CJK characters with a light command instead.
// xeCJK costs every build of a document that loads it about 80 ms of TeX time
// (docs/benchmarks.md); a name in an English CV needs none of its rules.
#pragma once

#include <cstddef>
#include <string_view>

namespace mkcv {

// Whether xeCJK sets `code` in the CJK font: its classes CJK, FullLeft, FullRight and
// HangulJamo (xeCJK.sty), which mkcv-base keeps as they are but for dashes, curly quotes,
// the ellipsis, the middle dot and variation selectors, none of them in these ranges.
// escape_latex wraps runs of them in \mkcvcjk{...}.
bool is_cjk(char32_t code);

// What a document's text holds of CJK characters, value by value.
struct CjkCensus {
    std::size_t characters = 0;   // CJK characters in all
    std::size_t longest_run = 0;  // the most CJK characters in a row (a space ends a run)
    // Any CJK character that xeCJK sets by rules of its own: punctuation and symbols, small
    // kana, the prolonged sound mark, iteration marks, fullwidth forms, Hangul jamo.
    bool special = false;

    void add(std::string_view text);
};

// Whether a document whose text holds `census` loads xeCJK (meta.xecjk), when its language
// is none of Chinese, Japanese or Korean (those always do). The light path (mkcv-base's
// \mkcvcjk) sets ideographs, kana and Hangul syllables in the same font with the same glue
// between them as xeCJK does for its class CJK, so a line looks the same either way (the
// PDFs compare pixel for pixel); xeCJK's other classes it cannot imitate cheaply, and lines
// of CJK prose want xeCJK's line breaking as a whole. So xeCJK comes with any `special`
// character, a run longer than kMaxLightRun (a name is 2–4 characters, a university or a
// city with its district up to about 12; a narrow column's line holds about 16), or more
// than kMaxLightCharacters in all (a few names and places; more is CJK text in its own
// right).
inline constexpr std::size_t kMaxLightRun = 16;
inline constexpr std::size_t kMaxLightCharacters = 64;
bool wants_xecjk(const CjkCensus& census);

}  // namespace mkcv
