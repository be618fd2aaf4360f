// The language of an imported CV, for cv.toml's `[locale] language`: the source's own field
// when it has one (JSON Resume `meta.language` or a top-level `language`, RenderCV `locale`
// or `locale.language`, YAMLResume `locale.language`), else the script its texts are written
// in. Latin script says nothing (English, French and Turkish share it), so it is only ever
// the other scripts, and only when they are a real share of the letters.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "import/source_tree.h"

namespace mkcv {

struct GuessedLanguage {
    std::string tag;      // "ja", "ru", "fa" …
    bool unsure = false;  // Cyrillic: Russian, but Ukrainian, Bulgarian … share it
};

// From the letters of `text`: Hiragana or Katakana → ja, Hangul → ko, Han alone → zh,
// Thai → th, Cyrillic → ru (unsure), Arabic script with a Persian letter (پ چ ژ گ ک ی) → fa,
// else ar, Hebrew → he. Nothing when Latin (or no letters) dominates: a script other than
// Latin must be at least a tenth of the letters.
std::optional<GuessedLanguage> language_of_script(std::string_view text);

// A language as the source names it ("en", "zh-hans", "Japanese", "pt_BR") → a BCP 47 tag in
// its usual case ("zh", "pt-BR"); nothing when it is neither a tag nor a language's name.
std::optional<std::string> language_tag_of(std::string_view name);

// The language field of the source, by format ("jsonresume", "rendercv", "yamlresume",
// "generic"): the node holding it (nullptr when none) and its path.
std::pair<const SourceNode*, std::string> source_language_node(const SourceNode& root,
                                                               std::string_view format);

}  // namespace mkcv
