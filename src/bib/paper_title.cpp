#include "bib/paper_title.h"

#include <algorithm>
#include <cctype>
#include <utility>

#include "util/ascii.h"

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

}  // namespace

std::string normal_title(std::string_view title) {
    std::string out;
    for (char c : title) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x80)
            out += c;
        else if (std::isalnum(u))
            out += ascii_lower(c);
    }
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
    for (const char c : title) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) || byte >= 0x80)
            word += ascii_lower(c);
        else
            flush();
    }
    flush();
    return out;
}

std::string main_title(std::string_view title) {
    std::size_t cut = std::string_view::npos;
    for (std::string_view mark : {": ", " - ", " – ", " — ", "? "})
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
