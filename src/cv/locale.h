// The document's language (`[locale] language`, or `--lang`): a BCP 47 tag, checked for
// form, and which regional CJK font the TeX templates use. The words printed in that
// language are the locale's (locale_texts.h).
#pragma once

#include <string>
#include <string_view>

namespace mkcv {

// Whether `tag` is a well-formed BCP 47 (RFC 5646) language tag: a language of 2–3 letters
// (or 5–8), then optionally extended language subtags, a script (4 letters), a region
// (2 letters or 3 digits), variants, extensions and a private use part ("x-…"), each subtag
// 1–8 letters or digits, at most 64 characters in all. Case does not matter.
bool is_language_tag(std::string_view tag);

// The Noto CJK region for a language: "JP" (Japanese), "KR" (Korean), "TC" (Chinese in
// Traditional script, or of Taiwan), "HK" (Chinese of Hong Kong or Macau, Cantonese), and
// "SC" for Simplified Chinese and every other language.
std::string cjk_region(std::string_view tag);

// Whether `tag` is Chinese, Japanese or Korean (zh, yue, ja, ko, or a Han, kana or Hangul
// script subtag): a document in it loads xeCJK for its CJK text (text/cjk_text.h).
bool is_cjk_language(std::string_view tag);

// Whether text in the language of `tag` runs right to left, so that a document in it sets its
// paragraphs and entries that way: Arabic, Persian, Hebrew, Urdu, Pashto, Sindhi, Uyghur,
// Yiddish, Dhivehi, Sorani Kurdish, Syriac …; a script subtag decides where there is one
// (`az-Arab` is right to left, `ku-Latn` is not).
bool is_rtl_language(std::string_view tag);

}  // namespace mkcv
