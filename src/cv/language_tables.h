// One cv.toml, several languages: any text of cv.toml may be a table of language → text,
// `title = { en = "Research Intern", zh = "研究实习生" }`, and a list of texts may take one per
// item or be such a table of lists. Before the loader checks shapes, each table is replaced
// in the TOML tree by the text of the build's language, the node itself moved, so the value
// keeps the exact position of the text chosen and every later diagnostic (a type, a URL, a
// missing glyph) points there. Done on the tree, not the model, so the loader, the schema
// checks and every later stage see plain strings, as before.
//
// Matching: the build's language exactly, then its prefixes (zh-Hant-TW, zh-Hant, zh), then
// the default language ([locale] language, or "en") the same way, which is a fallback and a
// warning at the table. Every table must have a text in the default language, so the
// default build is always whole. Tags compare without regard to case.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "cv/schema.h"
#include "cv/toml_input.h"
#include "util/diagnostics.h"

namespace mkcv {

// The language tables needs: the language being built and the one texts fall back to.
struct LanguageChoice {
    std::string language;          // the build's; empty: the default language
    std::string default_language;  // [locale] language, or "en"
};

// The diagnostic code of a fallback, for summarize_fallbacks.
inline constexpr std::string_view kLanguageFallbackCode = "language-fallback";

// Of `tags`, the one `wanted` matches: equal, or equal to one of its prefixes, longest first
// (case-insensitive); -1 when none does.
int match_language(const std::vector<std::string>& tags, std::string_view wanted);

// Whether two tags name the same language (they are equal without regard to case).
bool same_language(std::string_view a, std::string_view b);

// Replaces each language table under `root` (where `schema` allows text: see
// FieldSpec::translatable) by the text of `choice`. A table is a language table when one
// of its keys is a language of two or three letters (en, zh-Hant); any other table (empty,
// or `{ first = "Ada" }`) is left for the loader to call a type error. A bad language table
// (a key that is not a BCP 47 tag, a tag twice, a value that is not text, no text in the
// default language) is an error at its position, left in place and added to `reported`,
// which the loader's shape checks skip.
void resolve_language_tables(toml::table& root, const TableSpec& schema,
                             const LanguageChoice& choice, const std::string& file,
                             Diagnostics& diagnostics, std::vector<const toml::node*>& reported);

// For people: when one language has more than `listed` fallbacks, its fallback warnings
// become one summary warning at the first of them (`--verbose` keeps them all).
Diagnostics summarize_fallbacks(const Diagnostics& diagnostics, std::size_t listed);

}  // namespace mkcv
