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
    std::string tag;               // "ja", "ru", "fa" …
    bool unsure = false;           // other languages share the script: Cyrillic, Devanagari
    std::string_view script = {};  // of an unsure guess: "Cyrillic"
    std::string_view others = {};  // of an unsure guess: the tags of the others, for a hint
};

// From the letters of `text`: Hiragana or Katakana → ja, Hangul → ko, Han alone → zh,
// Thai → th, Cyrillic → uk when Ukrainian's own letters (і ї є ґ) outnumber Russian's
// (ы э ъ ё) and there is no Belarusian ў, else ru (unsure), Arabic script with a Persian
// letter (پ چ ژ گ ک ی) → fa, else ar, Hebrew → he, Devanagari → hi (unsure: Marathi and
// Nepali share it). A script other than Latin must be at least a tenth of the letters.
// Latin says nothing (English, French and Turkish share it) but in Vietnamese, whose
// letters with a horn or a second mark (ơ ư ạ ả ấ ệ …, precomposed or combining) no other
// language writes so often: at least 3 of them, and 3 in a hundred Latin letters, so a
// Vietnamese name in an English CV is not enough.
std::optional<GuessedLanguage> language_of_script(std::string_view text);

// A language as the source names it ("en", "zh-hans", "Japanese", "pt_BR") → a BCP 47 tag in
// its usual case ("zh", "pt-BR"); nothing when it is neither a tag nor a language's name.
std::optional<std::string> language_tag_of(std::string_view name);

// The language field of the source, by format ("jsonresume", "rendercv", "yamlresume",
// "generic"): the node holding it (nullptr when none) and its path.
std::pair<const SourceNode*, std::string> source_language_node(const SourceNode& root,
                                                               std::string_view format);

}  // namespace mkcv
