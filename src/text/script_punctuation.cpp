#include "text/script_punctuation.h"

#include "text/cjk_text.h"
#include "util/utf8.h"

namespace mkcv {

namespace {

bool is_hangul(char32_t code) {
    return (code >= 0x1100 && code <= 0x11FF) || (code >= 0x3130 && code <= 0x318F) ||
           (code >= 0xA960 && code <= 0xA97F) || (code >= 0xAC00 && code <= 0xD7FF);
}

// Marks with no script of their own: ASCII punctuation and spaces, Latin-1's, the general
// punctuation block (dashes, curly quotes, the ellipsis), combining marks and variation
// selectors. Closing an English title's quote or a venue's parenthesis leaves it English.
bool is_neutral(char32_t code) {
    if (code < 0x80)
        return !((code >= 'A' && code <= 'Z') || (code >= 'a' && code <= 'z'));
    return (code >= 0x80 && code <= 0xBF) || code == 0xD7 || code == 0xF7 ||
           (code >= 0x0300 && code <= 0x036F) || (code >= 0x2000 && code <= 0x206F) ||
           (code >= 0xFE00 && code <= 0xFE0F) || (code >= 0xE0100 && code <= 0xE01EF);
}

TextEnd end_of(char32_t code) {
    if (is_cjk(code) && !is_hangul(code))
        return TextEnd::Cjk;
    return TextEnd::Other;
}

// The start of the UTF-8 character that ends at byte `end` (exclusive).
std::size_t character_start(std::string_view text, std::size_t end) {
    std::size_t i = end - 1;
    // At most three continuation bytes before a lead byte.
    for (int k = 0; k < 3 && i > 0 && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80; ++k)
        --i;
    return i;
}

}  // namespace

TextEnd text_end(std::string_view text, TextEnd before) {
    std::size_t end = text.size();
    while (end > 0) {
        const std::size_t start = character_start(text, end);
        std::size_t length = 1;
        const char32_t code = decode_utf8(text, start, length);
        // An invalid sequence decodes as its one byte: skip that byte alone.
        if (start + length != end ||
            (length == 1 && static_cast<unsigned char>(text[start]) >= 0x80)) {
            --end;
            continue;
        }
        if (!is_neutral(code))
            return end_of(code);
        end = start;
    }
    return before;
}

bool ends_sentence(std::string_view text) {
    while (!text.empty() && (text.back() == ' ' || text.back() == ')' || text.back() == ']' ||
                             text.back() == '"' || text.back() == '\''))
        text.remove_suffix(1);
    for (const std::string_view close : {"”", "’", "）", "」", "』"})
        while (text.size() >= close.size() && text.substr(text.size() - close.size()) == close)
            text.remove_suffix(close.size());
    for (const std::string_view end : {".", "?", "!", "…", "。", "？", "！"})
        if (text.size() >= end.size() && text.substr(text.size() - end.size()) == end)
            return true;
    return false;
}

bool is_cjk_punctuation(std::string_view punctuation) {
    for (std::size_t i = 0; i < punctuation.size();) {
        std::size_t length = 1;
        const char32_t code = decode_utf8(punctuation, i, length);
        i += length;
        if (code >= 0x80 && end_of(code) == TextEnd::Cjk)
            return true;
    }
    return false;
}

std::string_view punctuation_after(TextEnd end, std::string_view locale_form,
                                   std::string_view latin_form) {
    if (end == TextEnd::Other && is_cjk_punctuation(locale_form))
        return latin_form;
    return locale_form;
}

}  // namespace mkcv
