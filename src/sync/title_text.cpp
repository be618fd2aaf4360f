#include "sync/title_text.h"

#include <cctype>

#include <pugixml.hpp>

#include "bib/latex_text.h"
#include "sync/work.h"
#include "util/ascii.h"
#include "util/utf8.h"

namespace mkcv::sync {
namespace {

// Collects text and marks; marks open and close in order (unbalanced closes are dropped,
// open ones closed at the end), so the runs are always well nested.
class TitleBuilder {
  public:
    void text(std::string_view raw) {
        std::string converted = convert_latex(raw);
        for (char c : converted) {
            const bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
            if (space) {
                pending_space_ = !plain_.empty();
                continue;
            }
            if (plain_.size() >= kMaxFieldBytes) {
                cut_ = true;
                return;
            }
            if (pending_space_) {
                append(' ');
                pending_space_ = false;
            }
            append(c);
        }
    }
    void open(Mark mark) {
        if (open_.size() >= 8)
            return;
        if (pending_space_) {  // "with <i>x</i>": the space goes before the mark
            append(' ');
            pending_space_ = false;
        }
        open_.push_back(mark);
        runs_.push_back(
            {TextRun::Kind::Open, mark, {}, mark == Mark::Strong ? "textbf" : "emph", {}});
        marked_ = true;
    }
    void close(Mark mark) {
        if (open_.empty() || open_.back() != mark)
            return;
        open_.pop_back();
        runs_.push_back({TextRun::Kind::Close, mark, {}, {}, {}});
    }
    Text finish() {
        while (!open_.empty())
            close(open_.back());
        std::string plain = valid_utf8(plain_);
        if (cut_) {
            // Back to a character boundary, then the ellipsis.
            while (!plain.empty() && (static_cast<unsigned char>(plain.back()) & 0xC0) == 0x80)
                plain.pop_back();
            if (!plain.empty())
                plain.pop_back();
            plain += "…";
        }
        if (!marked_ || cut_)
            return {plain, {}, {}};
        // Valid UTF-8 in each run too (valid_utf8 of the whole kept the same bytes if valid).
        if (plain != plain_)
            return {plain, {}, {}};
        RichText runs;
        for (auto& run : runs_)
            if (run.kind != TextRun::Kind::Text || !run.text.empty())
                runs.push_back(run);
        return {plain, {}, runs};
    }

  private:
    void append(char c) {
        plain_ += c;
        if (runs_.empty() || runs_.back().kind != TextRun::Kind::Text)
            runs_.push_back({TextRun::Kind::Text, Mark::Group, {}, {}, {}});
        runs_.back().text += c;
    }
    // LaTeX only where a title has its signs: a backslash or a dollar. Refused LaTeX stays
    // as written (plain text, escaped by each output).
    static std::string convert_latex(std::string_view raw) {
        if (raw.find('\\') == raw.npos && raw.find('$') == raw.npos)
            return std::string(raw);
        if (raw.size() > kMaxFieldBytes)
            return std::string(raw);
        const LatexText converted = latex_to_text(raw);
        return converted.error.empty() ? converted.text : std::string(raw);
    }

    std::string plain_;
    RichText runs_;
    std::vector<Mark> open_;
    bool pending_space_ = false;
    bool marked_ = false;
    bool cut_ = false;
};

std::optional<Mark> mark_of_tag(std::string name) {
    name = ascii_lower(name);
    if (const auto colon = name.rfind(':'); colon != std::string::npos)
        name = name.substr(colon + 1);  // jats:italic, mml:mi
    if (name == "i" || name == "em" || name == "italic")
        return Mark::Emphasis;
    if (name == "b" || name == "strong" || name == "bold")
        return Mark::Strong;
    return std::nullopt;
}

// &amp; &lt; &gt; &quot; &apos; &nbsp; and numeric references; anything else stays as written.
std::string decode_entities(std::string_view s) {
    std::string out;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s[i] != '&') {
            out += s[i];
            continue;
        }
        const std::size_t semi = s.find(';', i);
        if (semi == s.npos || semi - i > 10) {
            out += s[i];
            continue;
        }
        const std::string name(s.substr(i + 1, semi - i - 1));
        std::string decoded;
        if (name == "amp")
            decoded = "&";
        else if (name == "lt")
            decoded = "<";
        else if (name == "gt")
            decoded = ">";
        else if (name == "quot")
            decoded = "\"";
        else if (name == "apos")
            decoded = "'";
        else if (name == "nbsp")
            decoded = " ";
        else if (name.size() > 1 && name[0] == '#') {
            const bool hex = name[1] == 'x' || name[1] == 'X';
            const std::string digits = name.substr(hex ? 2 : 1);
            char32_t code = 0;
            bool ok = !digits.empty() && digits.size() <= 6;
            for (char c : digits) {
                const int d = std::isdigit(static_cast<unsigned char>(c)) ? c - '0'
                              : hex && std::isxdigit(static_cast<unsigned char>(c))
                                  ? (ascii_lower(c) - 'a' + 10)
                                  : -1;
                if (d < 0) {
                    ok = false;
                    break;
                }
                code = code * (hex ? 16 : 10) + static_cast<char32_t>(d);
            }
            // No control characters, surrogates or values past Unicode.
            if (ok && code >= 0x20 && code != 0x7F && !(code >= 0xD800 && code <= 0xDFFF) &&
                code <= 0x10FFFF)
                decoded = encode_utf8(code);
        }
        if (decoded.empty()) {
            out += s[i];
            continue;
        }
        out += decoded;
        i = semi;
    }
    return out;
}

void walk_xml(const pugi::xml_node& node, TitleBuilder& out, int depth) {
    if (depth > 16)
        return;
    for (const pugi::xml_node& child : node.children()) {
        if (child.type() == pugi::node_pcdata || child.type() == pugi::node_cdata) {
            out.text(child.value());
            continue;
        }
        if (child.type() != pugi::node_element)
            continue;
        const auto mark = mark_of_tag(child.name());
        if (mark)
            out.open(*mark);
        walk_xml(child, out, depth + 1);
        if (mark)
            out.close(*mark);
    }
}

}  // namespace

Text text_of_markup(std::string_view raw) {
    if (raw.size() > 4 * kMaxFieldBytes)
        raw = raw.substr(0, 4 * kMaxFieldBytes);
    TitleBuilder out;
    std::string pending;
    auto flush = [&] {
        out.text(decode_entities(pending));
        pending.clear();
    };
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '<') {
            pending += raw[i];
            continue;
        }
        // A tag is < then an optional / then a name, up to the next >.
        std::size_t j = i + 1;
        const bool closing = j < raw.size() && raw[j] == '/';
        if (closing)
            ++j;
        const std::size_t name_start = j;
        while (j < raw.size() && (std::isalnum(static_cast<unsigned char>(raw[j])) ||
                                  raw[j] == ':' || raw[j] == '-' || raw[j] == '_' || raw[j] == '.'))
            ++j;
        const std::size_t end = raw.find('>', j);
        if (j == name_start || end == raw.npos ||
            !std::isalpha(static_cast<unsigned char>(raw[name_start])) ||
            (j < raw.size() && raw[j] != '>' && raw[j] != ' ' && raw[j] != '/' && raw[j] != '\t' &&
             raw[j] != '\n')) {
            pending += raw[i];  // "a < b": not a tag
            continue;
        }
        flush();
        const std::string name(raw.substr(name_start, j - name_start));
        const bool self_closing = raw[end - 1] == '/';
        if (const auto mark = mark_of_tag(name); mark && !self_closing) {
            if (closing)
                out.close(*mark);
            else
                out.open(*mark);
        } else if (ascii_lower(name) == "br" || ascii_lower(name).find(":p") != std::string::npos ||
                   ascii_lower(name) == "p") {
            out.text(" ");
        }
        i = end;
    }
    flush();
    return out.finish();
}

Text text_of_xml(const pugi::xml_node& node) {
    TitleBuilder out;
    walk_xml(node, out, 0);
    return out.finish();
}

std::string plain_field(std::string_view raw) {
    TitleBuilder out;
    std::string s(raw.substr(0, std::min(raw.size(), 4 * kMaxFieldBytes)));
    // No LaTeX conversion for a plain field: its backslashes are characters.
    std::string cleaned;
    for (char c : s)
        cleaned += static_cast<unsigned char>(c) < 0x20 ? ' ' : c;
    std::string collapsed;
    bool space = false;
    for (char c : cleaned) {
        if (c == ' ') {
            space = !collapsed.empty();
            continue;
        }
        if (space)
            collapsed += ' ';
        space = false;
        collapsed += c;
    }
    if (collapsed.size() > kMaxFieldBytes) {
        collapsed.resize(kMaxFieldBytes);
        while (!collapsed.empty() && (static_cast<unsigned char>(collapsed.back()) & 0xC0) == 0x80)
            collapsed.pop_back();
        if (!collapsed.empty())
            collapsed.pop_back();
        collapsed += "…";
    }
    return valid_utf8(collapsed);
}

std::string without_dblp_number(std::string_view name) {
    std::string s = plain_field(name);
    std::size_t end = s.size();
    while (end > 0 && std::isdigit(static_cast<unsigned char>(s[end - 1])))
        --end;
    if (end < s.size() && s.size() - end == 4 && end > 1 && s[end - 1] == ' ')
        s.resize(end - 1);
    return s;
}

void drop_final_period(Text& title) {
    std::string& v = title.value;
    if (v.size() < 2 || v.back() != '.' || v[v.size() - 2] == '.')
        return;
    v.pop_back();
    for (auto it = title.marks.rbegin(); it != title.marks.rend(); ++it)
        if (it->kind == TextRun::Kind::Text) {
            if (!it->text.empty() && it->text.back() == '.')
                it->text.pop_back();
            break;
        }
}

}  // namespace mkcv::sync
