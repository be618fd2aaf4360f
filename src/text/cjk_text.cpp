#include "text/cjk_text.h"

#include <algorithm>
#include <array>

#include "util/utf8.h"

namespace mkcv {
namespace {

struct CodeRange {
    char32_t first;
    char32_t last;
};

// xeCJK's ranges (its \c__xeCJK_CJK_chars_clist and HangulJamo class; the FullLeft and
// FullRight punctuation lies within them), adjacent ones merged; and the ideographic
// variation selectors, which belong to the ideograph before them.
constexpr std::array<CodeRange, 17> kCjk{{
    {0x02EA, 0x02EB},
    {0x1100, 0x11FF},
    {0x2E80, 0x2FDF},
    {0x2FF0, 0xA4CF},
    {0xA960, 0xA97F},
    {0xAC00, 0xD7FF},
    {0xF900, 0xFAFF},
    {0xFE10, 0xFE1F},
    {0xFE30, 0xFE4F},
    {0xFF00, 0xFFEF},
    {0x16FE0, 0x18D7F},
    {0x1AFF0, 0x1B2FF},
    {0x1F200, 0x1F2FF},
    {0x20000, 0x2A6DF},
    {0x2A700, 0x2EBEF},
    {0x2F800, 0x2FA1F},
    {0x30000, 0x3134F},
}};

// CJK characters that xeCJK does not set as plain CJK text (its class CJK, ideographs, kana
// and Hangul syllables with only its glue between them): its FullLeft and FullRight classes
// (CJK symbols and punctuation, small kana, the prolonged sound mark, iteration marks,
// fullwidth forms), which it spaces and breaks by rules of its own, and Hangul jamo, which
// it joins into syllables; and ideographic description characters, vertical and
// compatibility forms, and variation selectors.
constexpr std::array<CodeRange, 33> kSpecial{{
    {0x1100, 0x11FF},   {0x2FF0, 0x303F}, {0x3041, 0x3041}, {0x3043, 0x3043}, {0x3045, 0x3045},
    {0x3047, 0x3047},   {0x3049, 0x3049}, {0x3063, 0x3063}, {0x3083, 0x3083}, {0x3085, 0x3085},
    {0x3087, 0x3087},   {0x308E, 0x308E}, {0x3095, 0x30A1}, {0x30A3, 0x30A3}, {0x30A5, 0x30A5},
    {0x30A7, 0x30A7},   {0x30A9, 0x30A9}, {0x30C3, 0x30C3}, {0x30E3, 0x30E3}, {0x30E5, 0x30E5},
    {0x30E7, 0x30E7},   {0x30EE, 0x30EE}, {0x30F5, 0x30F6}, {0x30FB, 0x30FE}, {0x31F0, 0x31FF},
    {0xA960, 0xA97F},   {0xD7B0, 0xD7FF}, {0xFE10, 0xFE4F}, {0xFF00, 0xFF70}, {0xFF9E, 0xFFEF},
    {0xE0100, 0xE01EF},
}};

bool in(const auto& ranges, char32_t code) {
    return std::any_of(ranges.begin(), ranges.end(), [code](const CodeRange& range) {
        return code >= range.first && code <= range.last;
    });
}

}  // namespace

bool is_cjk(char32_t code) {
    return code >= 0x02EA && (in(kCjk, code) || (code >= 0xE0100 && code <= 0xE01EF));
}

void CjkCensus::add(std::string_view text) {
    std::size_t run = 0;
    for (std::size_t i = 0; i < text.size();) {
        if (static_cast<unsigned char>(text[i]) < 0x80) {
            run = 0;
            ++i;
            continue;
        }
        std::size_t length = 1;
        const char32_t code = decode_utf8(text, i, length);
        i += length;
        if (!is_cjk(code)) {
            run = 0;
            continue;
        }
        ++characters;
        longest_run = std::max(longest_run, ++run);
        special = special || in(kSpecial, code);
    }
}

bool wants_xecjk(const CjkCensus& census) {
    return census.special || census.longest_run > kMaxLightRun ||
           census.characters > kMaxLightCharacters;
}

}  // namespace mkcv
