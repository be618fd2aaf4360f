#include "bib/paper_title.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "util/ascii.h"
#include "util/utf8.h"

namespace mkcv {
namespace {

bool has_ending(const std::string& word, std::string_view end) {
    return word.size() > end.size() + 2 &&
           word.compare(word.size() - end.size(), end.size(), end) == 0;
}

// British spelling → American, by the endings that differ most often in titles:
// optimisation, analyse, behaviour, centre, modelling, catalogue.
std::string american_spelling(std::string word) {
    static const std::pair<std::string_view, std::string_view> kEndings[] = {
        {"isation", "ization"}, {"isations", "izations"}, {"ise", "ize"},  {"ised", "ized"},
        {"ises", "izes"},       {"ising", "izing"},       {"yse", "yze"},  {"ysed", "yzed"},
        {"yses", "yzes"},       {"ysing", "yzing"},       {"our", "or"},   {"ours", "ors"},
        {"tre", "ter"},         {"tres", "ters"},         {"lled", "led"}, {"lling", "ling"},
        {"logue", "log"},       {"logues", "logs"}};
    for (const auto& [british, us] : kEndings)
        if (has_ending(word, british)) {
            word.replace(word.size() - british.size(), british.size(), us);
            break;
        }
    return word;
}

// Punctuation and spaces beyond ASCII that one source writes where another writes ASCII or
// nothing: ’ for ', – for -, a no-break space, “quotes”, CJK and fullwidth punctuation
// (：、。「」). A title counts them as it counts ASCII punctuation, so both spellings are
// one title; letters and digits of every script stay as they are.
bool is_title_punctuation(char32_t c) {
    switch (c) {
        case 0x00A0:
        case 0x00A1:
        case 0x00A7:
        case 0x00AB:
        case 0x00AD:
        case 0x00B6:
        case 0x00B7:
        case 0x00BB:
        case 0x00BF:
        case 0x30FB:
        case 0xFEFF:
            return true;
        default:
            break;
    }
    return (c >= 0x2000 && c <= 0x206F) ||  // General Punctuation: spaces, dashes, quotes …
           (c >= 0x2E00 && c <= 0x2E7F) ||  // Supplemental Punctuation
           (c >= 0x3000 && c <= 0x3003) ||  // ideographic space, 、 。 〃
           (c >= 0x3008 && c <= 0x3011) ||  // 〈〉《》「」『』【】
           (c >= 0x3014 && c <= 0x301F) ||  // 〔〕 … 〜 〝〞〟
           (c >= 0xFE10 && c <= 0xFE1F) ||  // vertical forms
           (c >= 0xFE30 && c <= 0xFE6F) ||  // CJK compatibility and small forms
           (c >= 0xFF01 && c <= 0xFF0F) || (c >= 0xFF1A && c <= 0xFF20) ||  // fullwidth
           (c >= 0xFF3B && c <= 0xFF40) || (c >= 0xFF5B && c <= 0xFF65);
}

// Calls `letter(text)` for each letter or digit of a title (an ASCII one lower-cased, any
// other script's as written) and `gap()` for each punctuation mark or space.
template <typename Letter, typename Gap>
void title_characters(std::string_view title, Letter letter, Gap gap) {
    for (std::size_t i = 0; i < title.size();) {
        const auto byte = static_cast<unsigned char>(title[i]);
        std::size_t length = 1;
        if (byte < 0x80) {
            const char lower = ascii_lower(title[i]);
            if (std::isalnum(byte))
                letter(std::string_view(&lower, 1));
            else
                gap();
        } else if (is_title_punctuation(decode_utf8(title, i, length))) {
            gap();
        } else {
            letter(title.substr(i, length));
        }
        i += length;
    }
}

}  // namespace

std::string normal_title(std::string_view title) {
    std::string out;
    title_characters(
        title, [&out](std::string_view letter) { out += letter; }, [] {});
    return out;
}

std::string loose_title(std::string_view title) {
    std::string out, word;
    auto flush = [&] {
        if (word.empty())
            return;
        out += (out.empty() ? "" : " ") + american_spelling(word);
        word.clear();
    };
    title_characters(
        title, [&word](std::string_view letter) { word += letter; }, flush);
    flush();
    return out;
}

std::string main_title(std::string_view title) {
    std::size_t cut = std::string_view::npos;
    for (std::string_view mark : {": ", "：", " - ", " – ", " — ", "? "})
        cut = std::min(cut, title.find(mark));
    if (cut == std::string_view::npos)
        return "";
    const std::string main = loose_title(title.substr(0, cut + (title[cut] == '?' ? 1 : 0)));
    std::size_t words = main.empty() ? 0 : 1;
    for (const char c : main)
        words += c == ' ';
    return words >= 3 ? main : "";
}

}  // namespace mkcv
