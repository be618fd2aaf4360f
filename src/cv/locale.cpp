#include "cv/locale.h"

#include <vector>

namespace mkcv {
namespace {

bool all_of(std::string_view s, bool (*pred)(char)) {
    for (const char c : s)
        if (!pred(c))
            return false;
    return !s.empty();
}
bool alpha(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool digit(char c) {
    return c >= '0' && c <= '9';
}
bool alnum(char c) {
    return alpha(c) || digit(c);
}

std::vector<std::string_view> subtags(std::string_view tag) {
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t dash = tag.find('-', start);
        parts.push_back(tag.substr(start, dash == std::string_view::npos ? dash : dash - start));
        if (dash == std::string_view::npos)
            return parts;
        start = dash + 1;
    }
}

std::string lower(std::string_view s) {
    std::string out(s);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    return out;
}

}  // namespace

bool is_language_tag(std::string_view tag) {
    if (tag.empty() || tag.size() > 64)
        return false;
    const std::vector<std::string_view> parts = subtags(tag);
    for (const auto part : parts)
        if (part.size() > 8 || !all_of(part, alnum))
            return false;
    std::size_t i = 0;
    if (lower(parts[0]) == "x")  // a private use tag only
        return parts.size() > 1;
    const std::size_t n = parts[0].size();
    if (!all_of(parts[0], alpha) || n < 2 || n == 4)
        return false;
    ++i;
    for (int ext = 0;
         ext < 3 && n <= 3 && i < parts.size() && parts[i].size() == 3 && all_of(parts[i], alpha);
         ++ext)
        ++i;  // extended language subtags
    if (i < parts.size() && parts[i].size() == 4 && all_of(parts[i], alpha))
        ++i;  // script
    if (i < parts.size() && ((parts[i].size() == 2 && all_of(parts[i], alpha)) ||
                             (parts[i].size() == 3 && all_of(parts[i], digit))))
        ++i;  // region
    while (i < parts.size() &&
           ((parts[i].size() >= 5) || (parts[i].size() == 4 && digit(parts[i][0]))))
        ++i;  // variants
    while (i < parts.size() && parts[i].size() == 1 && lower(parts[i]) != "x") {
        ++i;  // an extension: a singleton and at least one subtag of 2–8
        const std::size_t first = i;
        while (i < parts.size() && parts[i].size() >= 2)
            ++i;
        if (i == first)
            return false;
    }
    if (i < parts.size() && lower(parts[i]) == "x") {
        ++i;
        if (i == parts.size())
            return false;
        i = parts.size();  // private use: any subtags of 1–8
    }
    return i == parts.size();
}

std::string cjk_region(std::string_view tag) {
    const std::vector<std::string_view> parts = subtags(tag);
    const std::string language = lower(parts[0]);
    if (language == "ja")
        return "JP";
    if (language == "ko")
        return "KR";
    if (language == "yue")
        return "HK";
    if (language != "zh")
        return "SC";
    std::string script, region;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string part = lower(parts[i]);
        if (part.size() == 4 && script.empty() && region.empty())
            script = part;
        else if (part.size() == 2 && region.empty())
            region = part;
        else if (part.size() == 1)
            break;
    }
    if (region == "hk" || region == "mo")
        return script == "hans" ? "SC" : "HK";
    if (script == "hant" || region == "tw")
        return script == "hans" ? "SC" : "TC";
    return "SC";
}

bool is_cjk_language(std::string_view tag) {
    if (tag.empty())
        return false;
    const std::vector<std::string_view> parts = subtags(tag);
    const std::string language = lower(parts[0]);
    if (language == "zh" || language == "yue" || language == "ja" || language == "ko")
        return true;
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string part = lower(parts[i]);
        if (part.size() == 1)
            break;  // an extension or private use: no script after it
        if (part.size() == 4)
            for (const char* cjk : {"hani", "hans", "hant", "jpan", "hira", "kana", "kore", "hang"})
                if (part == cjk)
                    return true;
    }
    return false;
}

bool is_rtl_language(std::string_view tag) {
    if (tag.empty())
        return false;
    const std::vector<std::string_view> parts = subtags(tag);
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const std::string part = lower(parts[i]);
        if (part.size() == 1)
            break;  // an extension or private use: no script after it
        if (part.size() == 4 && all_of(part, alpha)) {
            for (const char* rtl :
                 {"arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg", "mand", "samr"})
                if (part == rtl)
                    return true;
            return false;  // a script that runs left to right
        }
    }
    const std::string language = lower(parts[0]);
    for (const char* rtl :
         {"ar",  "fa",  "he", "iw",  "ur",  "ps",  "sd",  "ug",  "yi",  "ji",  "dv",  "ckb",
          "syr", "arc", "ks", "prs", "pnb", "azb", "lrc", "mzn", "glk", "bal", "bqi", "nqo"})
        if (language == rtl)
            return true;
    return false;
}

}  // namespace mkcv
