#include "import/language.h"

#include <array>

#include "cv/locale.h"
#include "util/ascii.h"
#include "util/utf8.h"

namespace mkcv {

namespace {

// Letters Ukrainian writes and Russian does not (і ї є ґ), and the reverse (ы э ъ ё).
bool ukrainian_letter(char32_t c) {
    return c == 0x0456 || c == 0x0406 || c == 0x0457 || c == 0x0407 || c == 0x0454 || c == 0x0404 ||
           c == 0x0491 || c == 0x0490;
}
bool russian_letter(char32_t c) {
    return c == 0x044B || c == 0x042B || c == 0x044D || c == 0x042D || c == 0x044A || c == 0x042A ||
           c == 0x0451 || c == 0x0401;
}

// Vietnamese letters: ơ ư, the vowels of Latin Extended Additional with a dot below, a hook
// above or two marks (ạ ả ấ … ỹ), and, decomposed, the combining horn, hook and dot below.
bool vietnamese_letter(char32_t c) {
    return (c >= 0x1EA0 && c <= 0x1EF9) || c == 0x01A0 || c == 0x01A1 || c == 0x01AF ||
           c == 0x01B0 || c == 0x031B || c == 0x0309 || c == 0x0323;
}

}  // namespace

std::optional<GuessedLanguage> language_of_script(std::string_view text) {
    std::size_t latin = 0, han = 0, kana = 0, hangul = 0, thai = 0, cyrillic = 0, arabic = 0,
                persian = 0, hebrew = 0, devanagari = 0, ukrainian = 0, russian = 0, belarusian = 0,
                vietnamese = 0;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 1;
        const char32_t c = decode_utf8(text, i, length);
        i += length == 0 ? 1 : length;
        if (vietnamese_letter(c))
            ++vietnamese;
        if ((c >= U'A' && c <= U'Z') || (c >= U'a' && c <= U'z') || (c >= 0xC0 && c <= 0x24F) ||
            (c >= 0x1E00 && c <= 0x1EFF))
            ++latin;
        else if ((c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF) ||
                 (c >= 0xFF66 && c <= 0xFF9D))
            ++kana;
        else if ((c >= 0xAC00 && c <= 0xD7A3) || (c >= 0x1100 && c <= 0x11FF) ||
                 (c >= 0x3130 && c <= 0x318F))
            ++hangul;
        else if ((c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
                 (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FA1F))
            ++han;
        else if (c >= 0x0E00 && c <= 0x0E7F)
            ++thai;
        else if ((c >= 0x0400 && c <= 0x052F) || (c >= 0x1C80 && c <= 0x1C8F)) {
            ++cyrillic;
            ukrainian += ukrainian_letter(c) ? 1 : 0;
            russian += russian_letter(c) ? 1 : 0;
            belarusian += c == 0x045E || c == 0x040E ? 1 : 0;  // ў
        } else if ((c >= 0x0600 && c <= 0x06FF) || (c >= 0x0750 && c <= 0x077F) ||
                   (c >= 0xFB50 && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF)) {
            ++arabic;
            // پ چ ژ گ ک ی: Persian letters Arabic does not use.
            if (c == 0x067E || c == 0x0686 || c == 0x0698 || c == 0x06AF || c == 0x06A9 ||
                c == 0x06CC)
                ++persian;
        } else if ((c >= 0x0590 && c <= 0x05FF) || (c >= 0xFB1D && c <= 0xFB4F))
            ++hebrew;
        else if ((c >= 0x0900 && c <= 0x097F) || (c >= 0xA8E0 && c <= 0xA8FF))
            ++devanagari;
    }
    const std::size_t cjk = han + kana + hangul;
    const std::array<std::pair<std::size_t, int>, 6> groups = {
        {{cjk, 0}, {thai, 1}, {cyrillic, 2}, {arabic, 3}, {hebrew, 4}, {devanagari, 5}}};
    std::pair<std::size_t, int> best{0, -1};
    for (const auto& group : groups)
        if (group.first > best.first)
            best = group;
    const std::size_t letters = latin + cjk + thai + cyrillic + arabic + hebrew + devanagari;
    if (best.second < 0 || best.first * 10 < letters) {
        if (vietnamese >= 3 && vietnamese * 100 >= latin * 3)
            return GuessedLanguage{"vi"};
        return std::nullopt;
    }
    switch (best.second) {
        case 0:
            if (kana > 0 && kana >= hangul)
                return GuessedLanguage{"ja"};
            if (hangul > 0)
                return GuessedLanguage{"ko"};
            return GuessedLanguage{"zh"};
        case 1:
            return GuessedLanguage{"th"};
        case 2:
            if (ukrainian > russian && belarusian == 0)
                return GuessedLanguage{"uk"};
            return GuessedLanguage{"ru", true, "Cyrillic",
                                   "Ukrainian is \"uk\", Bulgarian \"bg\", Serbian \"sr\", "
                                   "Kazakh \"kk\""};
        case 3:
            return GuessedLanguage{persian > 0 ? "fa" : "ar"};
        case 4:
            return GuessedLanguage{"he"};
        default:
            return GuessedLanguage{"hi", true, "Devanagari",
                                   "Marathi is \"mr\", Nepali \"ne\", Sanskrit \"sa\""};
    }
}

std::optional<std::string> language_tag_of(std::string_view name) {
    std::string lowered = ascii_lower(std::string(name));
    for (char& c : lowered)
        if (c == '_')
            c = '-';
    while (!lowered.empty() && lowered.back() == ' ')
        lowered.pop_back();
    while (!lowered.empty() && lowered.front() == ' ')
        lowered.erase(0, 1);
    // Names of languages, as RenderCV and people write them.
    static const std::array<std::pair<std::string_view, std::string_view>, 26> names = {{
        {"english", "en"},    {"german", "de"},   {"french", "fr"},  {"spanish", "es"},
        {"portuguese", "pt"}, {"italian", "it"},  {"turkish", "tr"}, {"russian", "ru"},
        {"japanese", "ja"},   {"korean", "ko"},   {"chinese", "zh"}, {"arabic", "ar"},
        {"persian", "fa"},    {"farsi", "fa"},    {"thai", "th"},    {"hebrew", "he"},
        {"ukrainian", "uk"},  {"polish", "pl"},   {"dutch", "nl"},   {"vietnamese", "vi"},
        {"hindi", "hi"},      {"danish", "da"},   {"swedish", "sv"}, {"norwegian", "no"},
        {"indonesian", "id"}, {"mandarin", "zh"},
    }};
    for (const auto& [language, tag] : names)
        if (lowered == language)
            return std::string(tag);
    // A language of 2 or 3 letters: BCP 47 allows 5 to 8, but "python" or "english" are
    // words, not the tags of languages.
    const std::size_t primary =
        lowered.find('-') == std::string::npos ? lowered.size() : lowered.find('-');
    if (!is_language_tag(lowered) || lowered.size() > 35 || primary < 2 || primary > 3)
        return std::nullopt;
    // Usual case: language lower, a script Title, a region upper ("pt-BR", "sr-Latn-RS").
    std::string out;
    std::size_t start = 0;
    bool first = true;
    while (start <= lowered.size()) {
        std::size_t end = lowered.find('-', start);
        if (end == std::string::npos)
            end = lowered.size();
        std::string part = lowered.substr(start, end - start);
        const auto upper = [](char& c) {
            if (c >= 'a' && c <= 'z')
                c = static_cast<char>(c - 'a' + 'A');
        };
        if (!first && part.size() == 4)
            upper(part[0]);
        else if (!first && part.size() == 2)
            for (char& c : part)
                upper(c);
        out += (first ? "" : "-") + part;
        first = false;
        start = end + 1;
    }
    return out;
}

std::pair<const SourceNode*, std::string> source_language_node(const SourceNode& root,
                                                               std::string_view format) {
    const auto is_text = [](const SourceNode* node) {
        return node && node->kind == SourceNode::Kind::String;
    };
    // `locale: ja` or `locale: {language: ja}`.
    const auto locale = [&]() -> std::pair<const SourceNode*, std::string> {
        const SourceNode* node = root.get("locale");
        if (is_text(node))
            return {node, "locale"};
        if (node && is_text(node->get("language")))
            return {node->get("language"), "locale.language"};
        return {nullptr, ""};
    };
    if (format == "yamlresume" || format == "rendercv")
        if (auto found = locale(); found.first)
            return found;
    if (const SourceNode* meta = root.get("meta"); meta && is_text(meta->get("language")))
        return {meta->get("language"), "meta.language"};
    if (is_text(root.get("language")))
        return {root.get("language"), "language"};
    if (format == "generic")
        return locale();
    return {nullptr, ""};
}

}  // namespace mkcv
