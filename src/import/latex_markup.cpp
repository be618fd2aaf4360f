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
            if (c == '`' && s_.substr(i_, 2) == "``") {
                out += "\u201C";
                i_ += 2;
            } else if (c == '\'' && s_.substr(i_, 2) == "''") {
                out += "\u201D";
                i_ += 2;
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
                default:
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
        }
        // Unknown, or a known one without its groups: as written.
        i_ = after_name;
        const std::string written = "\\" + name;
        if (!name.empty() &&
            std::find(unknown_.begin(), unknown_.end(), written) == unknown_.end() &&
            unknown_.size() < 100)
            unknown_.push_back(written);
        return written;
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
