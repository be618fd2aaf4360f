// The Unicode Bidirectional Algorithm (UAX #9) for one value, by GNU FriBidi: which parts of
// a string run right to left, so that each output can order mixed Persian, Arabic or Hebrew
// and Latin text the way a reader expects. FriBidi is included only in bidi.cpp.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mkcv {

enum class TextDirection : std::uint8_t { Ltr, Rtl };

// Bytes [begin, end) of the text, all at one embedding level: even runs left to right, odd
// right to left, a deeper level nested in the one around it.
struct BidiRun {
    std::size_t begin = 0;
    std::size_t end = 0;
    int level = 0;
};

struct BidiLayout {
    // The value's own direction (UAX #9 P2–P3: its first strong letter), or the document's
    // when it has none (digits, punctuation): 0 left to right, 1 right to left.
    int base_level = 0;
    std::vector<BidiRun> runs;  // in reading (logical) order; empty for empty text
};

// Whether `utf8` holds anything that can run right to left: a Hebrew, Arabic, Syriac,
// Thaana, N'Ko … letter, an Arabic digit, or an explicit bidi control. Text without one is
// all left to right in a left-to-right document.
bool has_rtl(std::string_view utf8);

// The embedding levels of `utf8` as one paragraph whose direction is that of its first
// strong letter, or `fallback` when it has none. `utf8` must be valid UTF-8.
BidiLayout bidi_layout(std::string_view utf8, TextDirection fallback);

// `utf8` with each character that has a mirror image (brackets, « », ≤ …; Unicode's
// Bidi_Mirroring_Glyph) replaced by it: text of an odd level drawn by a font that shapes it
// left to right, where "(" must look like ")". Valid UTF-8 in, valid UTF-8 out.
std::string mirrored(std::string_view utf8);

}  // namespace mkcv
