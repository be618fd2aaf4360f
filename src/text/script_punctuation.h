// Punctuation that follows the script of the text it ends: in a Chinese or Japanese CV, an
// English title or venue is followed by ", " and ".", Chinese text by "，" and "。". One
// rule for every output format; the renderer applies it as it prints a locale's separator.
#pragma once

#include <string_view>

namespace mkcv {

// What the text printed so far ends in, by its last letter, digit or CJK mark.
enum class TextEnd {
    None,  // nothing that has a script yet
    Cjk,   // Han, kana, bopomofo, or CJK and fullwidth punctuation
    Other  // Latin, Greek, Cyrillic, Hangul (whose writers use Latin punctuation) …
};

// What `text` ends in; `before` when it holds nothing with a script (spaces, quotes,
// brackets, dashes, digits), which keep the text before them in charge: "计算机学报，2023"
// ends in Chinese, "(MoNeTec), 2024" in Latin.
TextEnd text_end(std::string_view text, TextEnd before);

// Whether `text` ends a sentence: a Latin or CJK full stop, "?", "!" or "…", looked for
// through closing quotes and brackets ("Worth It?”", "et al.").
bool ends_sentence(std::string_view text);

// Whether `punctuation` (a locale's separator or full stop) is CJK punctuation: any
// fullwidth, ideographic or other CJK character in it.
bool is_cjk_punctuation(std::string_view punctuation);

// The punctuation to print after text that ends in `end`: the locale's own form, except that
// a CJK form after text in another script gives way to the Latin form.
std::string_view punctuation_after(TextEnd end, std::string_view locale_form,
                                   std::string_view latin_form);

}  // namespace mkcv
