#include "render/template_markup.h"

#include <cctype>
#include <iterator>

#include "text/rich_text.h"
#include "util/ascii.h"

namespace mkcv {

namespace {

bool is_letter(char c) {
    return std::isalpha(static_cast<unsigned char>(c)) != 0;
}

// A tag's or attribute's name ends at white space, `/`, `>`, `=` or a quote (HTML's
// tokenizer reads every other character into the name).
bool ends_name(char c) {
    return std::isspace(static_cast<unsigned char>(c)) != 0 || c == '/' || c == '>' || c == '=' ||
           c == '"' || c == '\'';
}

// Where the element `name`'s end tag starts at or after `from`, compared without case; the
// end of `text` when there is none.
std::size_t end_tag(std::string_view text, std::size_t from, const std::string& name) {
    const std::string closing = "</" + name;
    for (std::size_t at = from; at + closing.size() <= text.size(); ++at)
        if (ascii_lower(text.substr(at, closing.size())) == closing)
            return at;
    return text.size();
}

// `text` with every Mustache tag (`<<…>>`) taken out: what the template's author wrote
// themselves.
std::string without_tags(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    std::size_t at = 0;
    while (at < text.size()) {
        const std::size_t open = text.find("<<", at);
        if (open == std::string_view::npos) {
            out.append(text.substr(at));
            break;
        }
        out.append(text.substr(at, open - at));
        const std::size_t close = text.find(">>", open + 2);
        if (close == std::string_view::npos)
            break;  // the template checker reports an unclosed tag; nothing after it is markup
        at = close + 2;
    }
    return out;
}

}  // namespace

void add_markup_of(std::string_view text, TemplateMarkup& markup) {
    std::size_t at = 0;
    const std::size_t n = text.size();
    while (at < n) {
        if (text.compare(at, 4, "<!--") == 0) {
            const std::size_t close = text.find("-->", at + 4);
            at = close == std::string_view::npos ? n : close + 3;
            continue;
        }
        const bool closing = at + 1 < n && text[at + 1] == '/';
        const std::size_t name_at = at + (closing ? 2 : 1);
        if (text[at] != '<' || name_at >= n || !is_letter(text[name_at])) {
            ++at;
            continue;
        }
        std::size_t end = name_at;
        while (end < n && !ends_name(text[end]))
            ++end;
        const std::string element = ascii_lower(text.substr(name_at, end - name_at));
        markup.elements.insert(element);
        at = end;
        // The attributes, up to the tag's `>`.
        while (at < n && text[at] != '>') {
            if (std::isspace(static_cast<unsigned char>(text[at])) || text[at] == '/') {
                ++at;
                continue;
            }
            std::size_t name_end = at;
            while (name_end < n && !ends_name(text[name_end]))
                ++name_end;
            if (name_end > at && !closing)
                markup.attributes.insert(ascii_lower(text.substr(at, name_end - at)));
            at = name_end;
            while (at < n && std::isspace(static_cast<unsigned char>(text[at])))
                ++at;
            if (at < n && text[at] == '=') {
                ++at;
                while (at < n && std::isspace(static_cast<unsigned char>(text[at])))
                    ++at;
                if (at < n && (text[at] == '"' || text[at] == '\'')) {
                    const std::size_t close = text.find(text[at], at + 1);
                    at = close == std::string_view::npos ? n : close + 1;
                } else {
                    while (at < n && !std::isspace(static_cast<unsigned char>(text[at])) &&
                           text[at] != '>')
                        ++at;
                }
            } else if (at < n && (text[at] == '"' || text[at] == '\'')) {
                ++at;  // a stray quote: skipped, so the loop always moves on
            }
        }
        if (!closing && (element == "script" || element == "style")) {
            if (element == "script")
                ++markup.scripts;
            at = end_tag(text, at, element);
        }
    }
}

TemplateMarkup markup_of(const Template& tmpl) {
    TemplateMarkup markup;
    add_markup_of(without_tags(tmpl.main.text), markup);
    for (const auto& [name, file] : tmpl.partials)
        add_markup_of(without_tags(file.text), markup);
    return markup;
}

TemplateMarkup allowed_markup(const Template& tmpl) {
    TemplateMarkup markup = markup_of(tmpl);
    if (tmpl.manifest.format == TextFormat::Html) {
        markup.elements.insert(std::begin(kTypedTextElements), std::end(kTypedTextElements));
        markup.attributes.insert(std::begin(kTypedTextAttributes), std::end(kTypedTextAttributes));
    }
    return markup;
}

}  // namespace mkcv
