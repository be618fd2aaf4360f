#include "tex/requirements.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>

#include "util/ascii.h"

namespace mkcv {
namespace {

// The text without TeX comments (a % not escaped by a backslash, to the end of its line).
std::string without_comments(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    bool comment = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == '\n')
            comment = false;
        if (comment)
            continue;
        if (c == '\\' && i + 1 < text.size()) {  // \% is a percent sign, \\ a line break
            out += c;
            out += text[++i];
            continue;
        }
        if (c == '%') {
            comment = true;
            continue;
        }
        out += c;
    }
    return out;
}

class Cursor {
  public:
    Cursor(const std::string& text, std::size_t at) : text_(text), at_(at) {}

    void skip_space() {
        while (at_ < text_.size() && (text_[at_] == ' ' || text_[at_] == '\t' ||
                                      text_[at_] == '\n' || text_[at_] == '\r'))
            ++at_;
    }
    // A group opened by `open` at the cursor, to its matching `close`; nullopt when there is
    // none or it is unbalanced.
    std::optional<std::string> group(char open, char close) {
        skip_space();
        if (at_ >= text_.size() || text_[at_] != open)
            return std::nullopt;
        int depth = 0;
        for (std::size_t i = at_; i < text_.size(); ++i) {
            if (text_[i] == '\\') {
                ++i;
                continue;
            }
            if (text_[i] == open)
                ++depth;
            else if (text_[i] == close && --depth == 0) {
                std::string inside = text_.substr(at_ + 1, i - at_ - 1);
                at_ = i + 1;
                return inside;
            }
        }
        return std::nullopt;
    }
    void skip_optional() {
        while (group('[', ']')) {
        }
    }
    // A control sequence (\name) at the cursor; empty when there is none.
    std::string control_sequence() {
        skip_space();
        if (at_ >= text_.size() || text_[at_] != '\\')
            return {};
        std::size_t end = at_ + 1;
        while (end < text_.size() && std::isalpha(static_cast<unsigned char>(text_[end])))
            ++end;
        std::string name = text_.substr(at_ + 1, end - at_ - 1);
        at_ = end;
        return name;
    }

  private:
    const std::string& text_;
    std::size_t at_;
};

// A literal name: no macro, Mustache tag, parameter or group, and not a file name (fontspec
// also takes "file.otf", found by the engine rather than by fontconfig).
bool literal_name(const std::string& name) {
    if (name.empty() || name.size() > kMaxRequirementName)
        return false;
    for (const char c : name)
        if (c == '\\' || c == '<' || c == '>' || c == '#' || c == '{' || c == '}' || c == '\n')
            return false;
    for (const char* ext : {".otf", ".ttf", ".ttc", ".pfb"})
        if (name.size() > 4 && name.compare(name.size() - 4, 4, ext) == 0)
            return false;
    return true;
}

void add(std::set<std::string>& into, const std::string& name) {
    const std::string value(trim_ascii_space(name));
    if (literal_name(value) && into.size() < kMaxRequirements)
        into.insert(value);
}

bool ends_with_font(const std::string& name) {
    return name.size() > 4 && name.compare(name.size() - 4, 4, "font") == 0;
}

// fontspec's commands whose first mandatory argument is a font.
constexpr std::array kFontCommands = {"setmainfont",    "setsansfont",    "setmonofont",
                                      "setCJKmainfont", "setCJKsansfont", "setCJKmonofont",
                                      "setmathfont",    "fontspec"};
// fontspec's commands that first name a control sequence, then the font.
constexpr std::array kFontFamilyCommands = {"newfontfamily", "newfontface", "setCJKfamilyfont",
                                            "newCJKfontfamily"};

// The Mustache section only a CV with CJK text of some length renders (text/cjk_text.h).
constexpr std::string_view kCjkOpen = "<<#meta.xecjk>>";
constexpr std::string_view kCjkClose = "<</meta.xecjk>>";

// What one stretch of text names: its packages and fonts go into `packages` and `fonts`,
// the fonts of mkcv's CJK font macros into `into.cjk_fonts`.
void scan_text(std::string_view raw, std::set<std::string>& packages, std::set<std::string>& fonts,
               TexRequirements& into);

// \mkcvcjkmainfont, \mkcvcjksansfont: mkcv-base loads them only for CJK text.
bool cjk_font_macro(const std::string& name) {
    return name.rfind("mkcvcjk", 0) == 0;
}

}  // namespace

void scan_tex_requirements(std::string_view raw, TexRequirements& into) {
    // Cut on the raw text: a tag may end a comment line ("%% ... below.<<#meta.xecjk>>").
    std::string outside;
    std::string inside;
    std::size_t at = 0;
    while (at < raw.size()) {
        const std::size_t open = raw.find(kCjkOpen, at);
        const std::size_t close =
            open == std::string_view::npos ? open : raw.find(kCjkClose, open + kCjkOpen.size());
        if (close == std::string_view::npos) {
            outside.append(raw.substr(at));
            break;
        }
        outside.append(raw.substr(at, open - at));
        // A line end of its own, so the section starts and ends outside any comment.
        inside.append("\n").append(
            raw.substr(open + kCjkOpen.size(), close - open - kCjkOpen.size()));
        inside += '\n';
        outside += '\n';
        at = close + kCjkClose.size();
    }
    scan_text(outside, into.packages, into.fonts, into);
    scan_text(inside, into.cjk_packages, into.cjk_fonts, into);
    for (const auto& name : into.packages)
        into.cjk_packages.erase(name);
    for (const auto& name : into.fonts)
        into.cjk_fonts.erase(name);
}

namespace {

void scan_text(std::string_view raw, std::set<std::string>& packages, std::set<std::string>& fonts,
               TexRequirements& into) {
    const std::string text = without_comments(raw);
    for (std::size_t at = text.find('\\'); at != std::string::npos; at = text.find('\\', at + 1)) {
        Cursor cursor(text, at);
        const std::string command = cursor.control_sequence();
        if (command.empty())
            continue;
        if (command == "usepackage" || command == "RequirePackage") {
            cursor.skip_optional();
            if (const auto list = cursor.group('{', '}')) {
                std::size_t start = 0;
                while (start <= list->size()) {
                    std::size_t comma = list->find(',', start);
                    if (comma == std::string::npos)
                        comma = list->size();
                    add(packages, list->substr(start, comma - start));
                    start = comma + 1;
                }
            }
        } else if (std::find(kFontCommands.begin(), kFontCommands.end(), command) !=
                   kFontCommands.end()) {
            cursor.skip_optional();
            if (const auto font = cursor.group('{', '}'))
                add(fonts, *font);
        } else if (std::find(kFontFamilyCommands.begin(), kFontFamilyCommands.end(), command) !=
                   kFontFamilyCommands.end()) {
            if (cursor.control_sequence().empty() && !cursor.group('{', '}'))
                continue;
            cursor.skip_optional();
            if (const auto font = cursor.group('{', '}'))
                add(fonts, *font);
        } else if (command == "newcommand" || command == "renewcommand") {
            // mkcv's base preamble: \newcommand\mkcvmainfont{Noto Serif}.
            std::string name = cursor.control_sequence();
            if (name.empty())
                if (const auto braced = cursor.group('{', '}')) {
                    const std::string_view inner = trim_ascii_space(*braced);
                    name = std::string(inner.substr(inner.empty() ? 0 : 1));
                }
            if (name.rfind("mkcv", 0) != 0 || !ends_with_font(name))
                continue;
            if (auto font = cursor.group('{', '}')) {
                // "Noto Serif CJK \mkcvcjkregion": the region follows the CV's language
                // (cv/locale.h); every region is in the same font package, so the default
                // region stands for them.
                std::string named(*font);
                constexpr std::string_view kRegion = "\\mkcvcjkregion";
                if (named.size() > kRegion.size() &&
                    named.compare(named.size() - kRegion.size(), kRegion.size(), kRegion) == 0)
                    named.replace(named.size() - kRegion.size(), kRegion.size(), "SC");
                add(cjk_font_macro(name) ? into.cjk_fonts : fonts, named);
            }
        } else if (command == "mkcvscriptfont") {
            // \mkcvscriptfont{arabic}{Noto Naskh Arabic}{Script=Arabic}
            if (cursor.group('{', '}'))
                if (const auto font = cursor.group('{', '}'))
                    add(fonts, *font);
        }
    }
}

}  // namespace
}  // namespace mkcv
