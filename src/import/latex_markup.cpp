#include "import/latex_markup.h"

#include <algorithm>
#include <cstddef>
#include <map>

#include "cv/validate.h"

namespace mkcv {
namespace {

constexpr std::size_t kMaxLatexDepth = 32;
constexpr std::size_t kMaxLatexBytes = 1 << 20;

bool is_letter(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

void append_utf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// LaTeX's accents (\'e, \c{c}, \v{s} …) on an ASCII letter: the letter's precomposed form
// where Unicode has one, else the letter and the combining mark (still what TeX prints).
struct AccentRow {
    char accent;            // the character after the backslash: ' ` ^ " ~ = . c v u H k r d b
    const char* letters;    // the letters with a precomposed form …
    const char32_t* forms;  // … and those forms, in the same order
    const char* combining;  // the combining mark, UTF-8
};

// Generated with Python's unicodedata: for each accent, the ASCII letters that have a
// precomposed form (NFC of letter + combining mark) and those forms, in the same order.
constexpr AccentRow kAccents[] = {
    {'\'', "ACEGIKLMNOPRSUWYZacegiklmnoprsuwyz",
     U"\u00C1\u0106\u00C9\u01F4\u00CD\u1E30\u0139\u1E3E\u0143\u00D3\u1E54\u0154\u015A\u00DA\u1E82"
     U"\u00DD\u0179\u00E1\u0107\u00E9\u01F5\u00ED\u1E31\u013A\u1E3F\u0144\u00F3\u1E55\u0155\u015B"
     U"\u00FA\u1E83\u00FD\u017A",
     "\u0301"},
    {'`', "AEINOUWYaeinouwy",
     U"\u00C0\u00C8\u00CC\u01F8\u00D2\u00D9\u1E80\u1EF2\u00E0\u00E8\u00EC\u01F9\u00F2\u00F9\u1E81"
     U"\u1EF3",
     "\u0300"},
    {'^', "ACEGHIJOSUWYZaceghijosuwyz",
     U"\u00C2\u0108\u00CA\u011C\u0124\u00CE\u0134\u00D4\u015C\u00DB\u0174\u0176\u1E90\u00E2\u0109"
     U"\u00EA\u011D\u0125\u00EE\u0135\u00F4\u015D\u00FB\u0175\u0177\u1E91",
     "\u0302"},
    {'\"', "AEHIOUWXYaehiotuwxy",
     U"\u00C4\u00CB\u1E26\u00CF\u00D6\u00DC\u1E84\u1E8C\u0178\u00E4\u00EB\u1E27\u00EF\u00F6\u1E97"
     U"\u00FC\u1E85\u1E8D\u00FF",
     "\u0308"},
    {'~', "AEINOUVYaeinouvy",
     U"\u00C3\u1EBC\u0128\u00D1\u00D5\u0168\u1E7C\u1EF8\u00E3\u1EBD\u0129\u00F1\u00F5\u0169\u1E7D"
     U"\u1EF9",
     "\u0303"},
    {'=', "AEGIOUYaegiouy",
     U"\u0100\u0112\u1E20\u012A\u014C\u016A\u0232\u0101\u0113\u1E21\u012B\u014D\u016B\u0233",
     "\u0304"},
    {'.', "ABCDEFGHIMNOPRSTWXYZabcdefghmnoprstwxyz",
     U"\u0226\u1E02\u010A\u1E0A\u0116\u1E1E\u0120\u1E22\u0130\u1E40\u1E44\u022E\u1E56\u1E58\u1E60"
     U"\u1E6A\u1E86\u1E8A\u1E8E\u017B\u0227\u1E03\u010B\u1E0B\u0117\u1E1F\u0121\u1E23\u1E41\u1E45"
     U"\u022F\u1E57\u1E59\u1E61\u1E6B\u1E87\u1E8B\u1E8F\u017C",
     "\u0307"},
    {'c', "CDEGHKLNRSTcdeghklnrst",
     U"\u00C7\u1E10\u0228\u0122\u1E28\u0136\u013B\u0145\u0156\u015E\u0162\u00E7\u1E11\u0229\u0123"
     U"\u1E29\u0137\u013C\u0146\u0157\u015F\u0163",
     "\u0327"},
    {'v', "ACDEGHIKLNORSTUZacdeghijklnorstuz",
     U"\u01CD\u010C\u010E\u011A\u01E6\u021E\u01CF\u01E8\u013D\u0147\u01D1\u0158\u0160\u0164\u01D3"
     U"\u017D\u01CE\u010D\u010F\u011B\u01E7\u021F\u01D0\u01F0\u01E9\u013E\u0148\u01D2\u0159\u0161"
     U"\u0165\u01D4\u017E",
     "\u030C"},
    {'u', "AEGIOUaegiou",
     U"\u0102\u0114\u011E\u012C\u014E\u016C\u0103\u0115\u011F\u012D\u014F\u016D", "\u0306"},
    {'H', "OUou", U"\u0150\u0170\u0151\u0171", "\u030B"},
    {'k', "AEIOUaeiou", U"\u0104\u0118\u012E\u01EA\u0172\u0105\u0119\u012F\u01EB\u0173", "\u0328"},
    {'r', "AUauwy", U"\u00C5\u016E\u00E5\u016F\u1E98\u1E99", "\u030A"},
    {'d', "ABDEHIKLMNORSTUVWYZabdehiklmnorstuvwyz",
     U"\u1EA0\u1E04\u1E0C\u1EB8\u1E24\u1ECA\u1E32\u1E36\u1E42\u1E46\u1ECC\u1E5A\u1E62\u1E6C\u1EE4"
     U"\u1E7E\u1E88\u1EF4\u1E92\u1EA1\u1E05\u1E0D\u1EB9\u1E25\u1ECB\u1E33\u1E37\u1E43\u1E47\u1ECD"
     U"\u1E5B\u1E63\u1E6D\u1EE5\u1E7F\u1E89\u1EF5\u1E93",
     "\u0323"},
    {'b', "BDKLNRTZbdhklnrtz",
     U"\u1E06\u1E0E\u1E34\u1E3A\u1E48\u1E5E\u1E6E\u1E94\u1E07\u1E0F\u1E96\u1E35\u1E3B\u1E49\u1E5F"
     U"\u1E6F\u1E95",
     "\u0331"},
};

const AccentRow* accent_row(char accent) {
    for (const AccentRow& row : kAccents)
        if (row.accent == accent)
            return &row;
    return nullptr;
}

std::string accented(const AccentRow& row, char letter) {
    std::string out;
    for (std::size_t i = 0; row.letters[i]; ++i)
        if (row.letters[i] == letter) {
            append_utf8(out, row.forms[i]);
            return out;
        }
    out += letter;
    out += row.combining;
    return out;
}

// Letters LaTeX names by a macro: \ss, \o, \ae … (and the dotless \i and \j).
const char* named_letter(std::string_view name) {
    static constexpr std::pair<std::string_view, const char*> kLetters[] = {
        {"ss", "\u00DF"}, {"o", "\u00F8"},  {"O", "\u00D8"},  {"ae", "\u00E6"}, {"AE", "\u00C6"},
        {"oe", "\u0153"}, {"OE", "\u0152"}, {"aa", "\u00E5"}, {"AA", "\u00C5"}, {"l", "\u0142"},
        {"L", "\u0141"},  {"i", "\u0131"},  {"j", "\u0237"}};
    for (const auto& [macro, text] : kLetters)
        if (macro == name)
            return text;
    return nullptr;
}

class LatexReader {
  public:
    LatexReader(std::string_view text, bool prose) : s_(text), prose_(prose) {}

    LatexReading read() {
        LatexReading out;
        out.text = until_close(0);
        out.unknown = std::move(unknown_);
        return out;
    }

  private:
    // The text up to the `}` closing the group at `depth` (or the end), read.
    std::string until_close(std::size_t depth) {
        std::string out;
        while (i_ < s_.size()) {
            const char c = s_[i_];
            if (c == '}' && depth > 0)
                return out;
            std::string inner;
            if (c == '`' && s_.substr(i_, 2) == "``") {
                out += "\u201C";
                i_ += 2;
            } else if (c == '\'' && s_.substr(i_, 2) == "''") {
                out += "\u201D";
                i_ += 2;
            } else if (c == '-' && s_.substr(i_, 3) == "---") {
                out += "\u2014";
                i_ += 3;
            } else if (c == '-' && s_.substr(i_, 2) == "--") {
                out += "\u2013";
                i_ += 2;
            } else if (c == '~') {  // a tie: a space no line breaks at
                out += "\u00A0";
                ++i_;
            } else if (c == '{' && group(depth, inner)) {  // a bare group prints what it holds
                out += inner;
            } else if (c == '\\') {
                out += macro(depth);
            } else {
                out += c;
                ++i_;
            }
        }
        return out;
    }

    // A `{group}` right at i_, read; nullopt-like "" with ok=false when there is none.
    bool group(std::size_t depth, std::string& text) {
        if (i_ >= s_.size() || s_[i_] != '{' || depth + 1 > kMaxLatexDepth)
            return false;
        const std::size_t start = i_;
        ++i_;
        text = until_close(depth + 1);
        if (i_ >= s_.size()) {  // never closed: as written
            i_ = start;
            return false;
        }
        ++i_;  // the `}`
        return true;
    }

    // The argument of an accent at i_: a letter, `{letter}`, `\i`/`\j` or `{\i}`; 0 when
    // there is none (then nothing is taken).
    char accent_argument() {
        const std::size_t start = i_;
        const bool braced = i_ < s_.size() && s_[i_] == '{';
        if (braced)
            ++i_;
        char letter = 0;
        if (i_ < s_.size() && is_letter(s_[i_])) {
            letter = s_[i_++];
        } else if (i_ + 1 < s_.size() && s_[i_] == '\\' &&
                   (s_[i_ + 1] == 'i' || s_[i_ + 1] == 'j') &&
                   (i_ + 2 >= s_.size() || !is_letter(s_[i_ + 2]))) {
            letter = s_[i_ + 1];  // the dotless letter takes the accent in its dot's place
            i_ += 2;
            if (!braced)
                skip_spaces();
        }
        if (letter && braced) {
            if (i_ < s_.size() && s_[i_] == '}') {
                ++i_;
            } else {
                letter = 0;
            }
        }
        if (!letter)
            i_ = start;
        return letter;
    }

    // TeX skips the spaces after a control word (`\ss e` is "ße").
    void skip_spaces() {
        while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n'))
            ++i_;
    }

    // The `{…}` groups right after an unknown macro, as written: its arguments stay with it.
    std::string written_groups() {
        std::string out;
        while (i_ < s_.size() && s_[i_] == '{') {
            std::size_t depth = 0, j = i_;
            for (; j < s_.size(); ++j) {
                if (s_[j] == '\\') {
                    ++j;
                } else if (s_[j] == '{') {
                    ++depth;
                } else if (s_[j] == '}' && --depth == 0) {
                    break;
                }
            }
            if (j >= s_.size())
                break;
            out += s_.substr(i_, j + 1 - i_);
            i_ = j + 1;
        }
        return out;
    }

    // A `{group}` taken as written (a URL): its braces balanced, nothing read.
    bool raw_group(std::string& text) {
        if (i_ >= s_.size() || s_[i_] != '{')
            return false;
        const std::size_t close = s_.find('}', i_);
        if (close == std::string_view::npos)
            return false;
        text = std::string(s_.substr(i_ + 1, close - i_ - 1));
        i_ = close + 1;
        return true;
    }

    std::string macro(std::size_t depth) {
        const std::size_t start = i_;
        ++i_;  // the backslash
        if (i_ < s_.size() && !is_letter(s_[i_])) {
            const char c = s_[i_++];
            switch (c) {
                case '&':
                case '%':
                case '$':
                case '#':
                case '{':
                case '}':
                    return std::string(1, c);
                case '_':
                    return prose_ ? "\\_" : "_";  // CommonMark reads `\_` as `_`
                case ' ':
                    return " ";
                case '-':  // a place a word may break: nothing printed
                    return "";
                case ',':  // a thin space
                    return "\u2009";
                default:
                    if (const AccentRow* row = accent_row(c)) {
                        if (const char letter = accent_argument())
                            return accented(*row, letter);
                        return std::string{'\\', c} + written_groups();  // nothing to sit on
                    }
                    i_ = start + 1;
                    return "\\";
            }
        }
        std::size_t end = i_;
        while (end < s_.size() && is_letter(s_[end]))
            ++end;
        const std::string name(s_.substr(i_, end - i_));
        i_ = end;
        const std::size_t after_name = i_;
        std::string a, b;
        if (name == "href") {
            if (raw_group(a) && group(depth, b)) {
                const bool linkable = prose_ &&
                                      a.find_first_of(" \t\n()<>[]") == std::string::npos &&
                                      (a.rfind("http://", 0) == 0 || a.rfind("https://", 0) == 0 ||
                                       a.rfind("mailto:", 0) == 0);
                if (linkable)
                    return "[" + b + "](" + a + ")";
                return b == a ? b : b + " (" + a + ")";
            }
        } else if (name == "url") {
            if (raw_group(a))
                return a;
        } else if (name == "textit" || name == "emph" || name == "textsl") {
            if (group(depth, a))
                return prose_ && !a.empty() ? "*" + a + "*" : a;
        } else if (name == "textbf") {
            if (group(depth, a))
                return prose_ && !a.empty() ? "**" + a + "**" : a;
        } else if (name == "textrm" || name == "textup" || name == "textnormal" || name == "mbox" ||
                   name == "text") {
            if (group(depth, a))
                return a;
        } else if (name == "LaTeX" || name == "TeX") {
            return name;
        } else if (name == "ldots" || name == "dots") {
            return "\u2026";
        } else if (const char* letter = named_letter(name)) {
            if (s_.substr(i_, 2) == "{}")
                i_ += 2;
            else
                skip_spaces();
            return letter;
        } else if (name.size() == 1 &&
                   std::string_view("cvuHkrdb").find(name[0]) != std::string_view::npos) {
            skip_spaces();
            if (const char letter = accent_argument())
                return accented(*accent_row(name[0]), letter);
        }
        // Unknown, or a known one without its groups: as written, with its arguments.
        i_ = after_name;
        const std::string written = "\\" + name;
        if (!name.empty() &&
            std::find(unknown_.begin(), unknown_.end(), written) == unknown_.end() &&
            unknown_.size() < 100)
            unknown_.push_back(written);
        // A known one without its arguments (`\textbf x`) goes on as text.
        return written + written_groups();
    }

    std::string_view s_;
    bool prose_;
    std::size_t i_ = 0;
    std::vector<std::string> unknown_;
};

}  // namespace

namespace {

// Braces balanced (`\{` and `\}` aside) and at most kMaxLatexDepth deep: then every group
// the reader opens closes, and it reads each byte once. Otherwise the text stays as written.
bool balanced(std::string_view text) {
    std::size_t depth = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] == '\\')
            ++i;
        else if (text[i] == '{' && ++depth > kMaxLatexDepth)
            return false;
        else if (text[i] == '}' && depth-- == 0)
            return false;
    }
    return depth == 0;
}

}  // namespace

bool looks_like_latex(std::string_view text) {
    return text.find('\\') != std::string_view::npos || text.find("``") != std::string_view::npos;
}

LatexReading read_latex(std::string_view text, bool prose) {
    if (text.size() > kMaxLatexBytes || !looks_like_latex(text) || !balanced(text))
        return {std::string(text), {}};
    return LatexReader(text, prose).read();
}

namespace {

// cv.toml's prose fields (docs/cv-format.md#inline-markup): their texts take inline markup.
bool latex_prose_key(std::string_view key) {
    for (const std::string_view prose :
         {"summary", "research_interests", "note", "highlights", "thesis", "description",
          "reference", "text", "items", "bio", "abstract"})
        if (key == prose)
            return true;
    return false;
}

// Unknown macros named in a warning each, and kept count of (the others are only counted).
constexpr std::size_t kMaxNamedMacros = 20;
constexpr std::size_t kMaxKeptMacroNames = 1000;

struct LatexWalk {
    std::size_t changed = 0;
    bool unlisted = false;  // names past kMaxKeptMacroNames
    // Each unknown macro: the first cv.toml value that keeps it, and how many do.
    std::map<std::string, std::pair<std::string, std::size_t>> unknown;
};

void read_latex_value(TomlValue& value, const std::string& path, bool prose, LatexWalk& walk,
                      std::size_t depth) {
    if (depth > 64)  // the writer's tree is shallow; a bound, not a case
        return;
    if (value.kind == TomlValue::Kind::String) {
        if (!looks_like_latex(value.string))
            return;
        LatexReading reading = read_latex(value.string, prose);
        for (const std::string& name : reading.unknown) {
            if (walk.unknown.size() >= kMaxKeptMacroNames && !walk.unknown.count(name)) {
                walk.unlisted = true;
                continue;
            }
            auto& [first, count] = walk.unknown[name];
            if (count++ == 0)
                first = path;
        }
        if (reading.text != value.string && reading.text.size() <= kMaxValueBytes) {
            value.string = std::move(reading.text);
            ++walk.changed;
        }
    } else if (value.kind == TomlValue::Kind::Array) {
        for (std::size_t i = 0; i < value.items.size(); ++i)
            read_latex_value(value.items[i], path + "[" + std::to_string(i) + "]", prose, walk,
                             depth + 1);
    } else if (value.kind == TomlValue::Kind::Table) {
        for (std::size_t i = 0; i < value.keys.size(); ++i) {
            const std::string& key = value.keys[i];
            if (depth == 0 && (key == "extra" || key == "bibliography"))
                continue;  // for other tools, and file names: as written
            if (path == "person" && key == "photo")
                continue;
            read_latex_value(value.values[i], path.empty() ? key : path + "." + key,
                             latex_prose_key(key), walk, depth + 1);
        }
    }
}

}  // namespace

std::size_t read_latex_values(TomlValue& document, Diagnostics& diagnostics,
                              const std::string& file, const SourcePlaceOf& place_of) {
    LatexWalk walk;
    read_latex_value(document, "", false, walk, 0);
    // A warning each for the first few: a file of a thousand made-up macros is one mistake,
    // and each warning looks its place up in the source.
    std::size_t named = 0;
    for (const auto& [name, where] : walk.unknown) {
        if (named++ == kMaxNamedMacros)
            break;
        diagnostics.warning(
            file, place_of ? place_of(where.first, name) : SourcePos{}, "import",
            "the LaTeX macro " + name + " is not one mkcv reads; kept as written in " +
                where.first +
                (where.second > 1 ? " and " + std::to_string(where.second - 1) + " more value" +
                                        (where.second > 2 ? "s" : "")
                                  : ""),
            "write in cv.toml what it should print");
    }
    if (walk.unknown.size() > kMaxNamedMacros || walk.unlisted)
        diagnostics.warning(file, {}, "import",
                            "more LaTeX macros mkcv does not read are kept as written: " +
                                std::to_string(walk.unknown.size() -
                                               std::min(walk.unknown.size(), kMaxNamedMacros)) +
                                (walk.unlisted ? " or more" : "") + " others",
                            "write in cv.toml what they should print");
    return walk.changed;
}

}  // namespace mkcv
