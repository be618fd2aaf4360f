#include "bib/citekey.h"

#include <cctype>
#include <map>

#include "cv/authors.h"
#include "util/ascii.h"
#include "util/utf8.h"

namespace mkcv {
namespace {

// A small Latin letter with marks as ASCII letters; empty for any other character.
std::string_view latin_letters(char32_t c) {
    static const std::map<char32_t, std::string_view> kTable{
        {U'à', "a"}, {U'á', "a"},  {U'â', "a"}, {U'ã', "a"},  {U'ä', "a"}, {U'å', "a"},
        {U'ā', "a"}, {U'ă', "a"},  {U'ą', "a"}, {U'æ', "ae"}, {U'ç', "c"}, {U'ć', "c"},
        {U'č', "c"}, {U'ď', "d"},  {U'đ', "d"}, {U'ð', "d"},  {U'è', "e"}, {U'é', "e"},
        {U'ê', "e"}, {U'ë', "e"},  {U'ē', "e"}, {U'ė', "e"},  {U'ę', "e"}, {U'ě', "e"},
        {U'ğ', "g"}, {U'ì', "i"},  {U'í', "i"}, {U'î', "i"},  {U'ï', "i"}, {U'ī', "i"},
        {U'ı', "i"}, {U'į', "i"},  {U'ł', "l"}, {U'ľ', "l"},  {U'ñ', "n"}, {U'ń', "n"},
        {U'ň', "n"}, {U'ò', "o"},  {U'ó', "o"}, {U'ô', "o"},  {U'õ', "o"}, {U'ö', "o"},
        {U'ø', "o"}, {U'ő', "o"},  {U'ō', "o"}, {U'œ', "oe"}, {U'ř', "r"}, {U'ś', "s"},
        {U'š', "s"}, {U'ş', "s"},  {U'ș', "s"}, {U'ß', "ss"}, {U'ť', "t"}, {U'ț', "t"},
        {U'ţ', "t"}, {U'þ', "th"}, {U'ù', "u"}, {U'ú', "u"},  {U'û', "u"}, {U'ü', "u"},
        {U'ū', "u"}, {U'ů', "u"},  {U'ű', "u"}, {U'ý', "y"},  {U'ÿ', "y"}, {U'ź', "z"},
        {U'ż', "z"}, {U'ž', "z"}};
    const auto it = kTable.find(c);
    return it == kTable.end() ? std::string_view() : it->second;
}

// The words of `text` in lower-case ASCII letters and digits, marks taken off Latin letters;
// anything else separates words.
std::string ascii_words(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size();) {
        std::size_t length = 1;
        const char32_t c = decode_utf8(text, i, length);
        i += length;
        if (c < 0x80 && std::isalnum(static_cast<unsigned char>(c))) {
            out += ascii_lower(static_cast<char>(c));
            continue;
        }
        // The table holds lower-case letters: Ü is ü 0x20 on in Latin-1, and in Latin
        // Extended-A a capital comes just before its small letter (Ł, ł).
        std::string_view letters = latin_letters(c);
        if (letters.empty() && c >= 0xC0 && c <= 0xDE && c != 0xD7)
            letters = latin_letters(c + 0x20);
        if (letters.empty() && c >= 0x100 && c < 0x17F)
            letters = latin_letters(c + 1);
        if (!letters.empty())
            out += letters;
        else
            out += ' ';
    }
    return out;
}

// The first word of at least `min_length` characters that is not a skip word (in a
// title; a last name may be An or Can).
std::string first_word(std::string_view text, std::size_t min_length, bool skip_words) {
    static const std::set<std::string> kSkip{"the",     "and",    "for",   "with", "from", "into",
                                             "towards", "toward", "using", "via",  "on",   "how",
                                             "what",    "why",    "when",  "are",  "can",  "does",
                                             "not",     "an",     "a",     "of",   "in",   "to"};
    const std::string words = ascii_words(text);
    std::string word;
    for (std::size_t i = 0; i <= words.size(); ++i) {
        if (i < words.size() && words[i] != ' ') {
            word += words[i];
            continue;
        }
        if (word.size() >= min_length && !(skip_words && kSkip.count(word)))
            return word;
        word.clear();
    }
    return "";
}

}  // namespace

std::string citekey_base(std::string_view first_author, int year, std::string_view title) {
    const std::string name = parse_author(std::string(first_author)).name;
    // "Zhao, Yihao" (BibTeX's order) names the last name first; "Yihao Zhao" last.
    const auto comma = name.find(',');
    const auto space = name.find_last_of(' ');
    const std::string family = comma != std::string::npos   ? name.substr(0, comma)
                               : space == std::string::npos ? name
                                                            : name.substr(space + 1);
    std::string last = first_word(family, 1, false);
    if (last.empty())
        last = "anon";
    return last + (year > 0 ? std::to_string(year) : "") + first_word(title, 3, true);
}

std::string fresh_citekey(const std::string& base_or_empty, std::set<std::string>& used) {
    const std::string base = base_or_empty.empty() ? "anon" : base_or_empty;
    std::string key = base;
    for (char suffix = 'a'; used.count(key) && suffix <= 'z'; ++suffix)
        key = base + suffix;
    for (int n = 2; used.count(key); ++n)
        key = base + "-" + std::to_string(n);
    used.insert(key);
    return key;
}

}  // namespace mkcv
