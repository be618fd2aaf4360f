#include "text/rich_text.h"

#include <algorithm>

namespace mkcv {
namespace {

const char* default_command(Mark mark) {
    switch (mark) {
        case Mark::Emphasis:
            return "emph";
        case Mark::Strong:
            return "textbf";
        default:
            return "";
    }
}

// LaTeX (and a .bib, which holds LaTeX): plain runs wait until LaTeX follows and are then
// escaped in one piece, as the BibTeX converter did, so the output is the same byte for byte.
std::string render_latex(const RichText& runs) {
    std::string out;
    std::string pending;
    auto flush = [&] {
        out += escape_text(pending, TextFormat::Latex);
        pending.clear();
    };
    for (const TextRun& run : runs) {
        switch (run.kind) {
            case TextRun::Kind::Text:
                pending += run.text;
                break;
            case TextRun::Kind::Latex:
                flush();
                out += run.latex;
                break;
            case TextRun::Kind::Open:
            case TextRun::Kind::Close:
                if (run.mark == Mark::Link)
                    break;  // LaTeX prints a link's text only
                flush();
                if (run.kind == TextRun::Kind::Close) {
                    out += '}';
                    break;
                }
                if (run.mark == Mark::Group)
                    out += '{';
                else
                    out +=
                        '\\' +
                        (run.latex.empty() ? std::string(default_command(run.mark)) : run.latex) +
                        '{';
                break;
        }
    }
    flush();
    return out;
}

// Only these schemes become links in HTML and Markdown: a `javascript:` URL must not.
bool is_safe_url(std::string_view url) {
    for (std::string_view scheme : {"https://", "http://", "mailto:"})
        if (url.size() > scheme.size() &&
            std::equal(scheme.begin(), scheme.end(), url.begin(),
                       [](char a, char b) { return a == (b | 0x20); }))
            return true;
    return false;
}

std::string markdown_url(std::string_view url) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (const char c : url) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte <= 0x20 || byte == 0x7F || c == '(' || c == ')' || c == '<' || c == '>' ||
            c == '\\' || c == '[' || c == ']') {
            out += '%';
            out += kHex[byte >> 4];
            out += kHex[byte & 0xF];
        } else {
            out += c;
        }
    }
    return out;
}

// HTML and Markdown: marks with a meaning become that format's markup; the others, and
// verbatim LaTeX, print their text. A Close ends what its Open began, so the output nests
// even when the runs do not (an unmatched Close is ignored).
std::string render_markup(const RichText& runs, TextFormat format) {
    const bool html = format == TextFormat::Html;
    std::string out;
    std::vector<std::string> closers;  // what each open mark prints when it ends
    for (const TextRun& run : runs) {
        switch (run.kind) {
            case TextRun::Kind::Text:
                out += escape_text(run.text, format);
                break;
            case TextRun::Kind::Latex:
                // A font switch marks the rest of its group: closed where the group closes.
                if (run.mark == Mark::Emphasis || run.mark == Mark::Strong) {
                    const bool strong = run.mark == Mark::Strong;
                    out += html ? (strong ? "<strong>" : "<em>") : (strong ? "**" : "*");
                    const std::string close =
                        html ? (strong ? "</strong>" : "</em>") : (strong ? "**" : "*");
                    if (closers.empty())
                        closers.push_back(close);
                    else
                        closers.back().insert(0, close);
                }
                out += escape_text(run.text, format);
                break;
            case TextRun::Kind::Open: {
                std::string open;
                std::string close;
                if (run.mark == Mark::Emphasis) {
                    open = html ? "<em>" : "*";
                    close = html ? "</em>" : "*";
                } else if (run.mark == Mark::Strong) {
                    open = html ? "<strong>" : "**";
                    close = html ? "</strong>" : "**";
                } else if (run.mark == Mark::Link && is_safe_url(run.text)) {
                    open =
                        html ? "<a href=\"" + escape_text(run.text, TextFormat::Html) + "\">" : "[";
                    close = html ? "</a>" : "](" + markdown_url(run.text) + ")";
                }
                out += open;
                closers.push_back(std::move(close));
                break;
            }
            case TextRun::Kind::Close:
                if (!closers.empty()) {
                    out += closers.back();
                    closers.pop_back();
                }
                break;
        }
    }
    for (auto it = closers.rbegin(); it != closers.rend(); ++it)
        out += *it;
    return out;
}

}  // namespace

bool needs_latex(const RichText& runs) {
    return std::any_of(runs.begin(), runs.end(), [](const TextRun& run) {
        return run.kind == TextRun::Kind::Latex ||
               (run.kind == TextRun::Kind::Open && run.mark != Mark::Link);
    });
}

std::string render_text(std::string_view plain, const RichText& runs, TextFormat format) {
    switch (format) {
        case TextFormat::Latex:
        case TextFormat::Bibtex:
            if (!needs_latex(runs))
                return escape_text(plain, format);
            return render_latex(runs);
        case TextFormat::Html:
        case TextFormat::Markdown:
            return runs.empty() ? escape_text(plain, format) : render_markup(runs, format);
        case TextFormat::Json:
            break;
    }
    return escape_text(plain, format);
}

}  // namespace mkcv
