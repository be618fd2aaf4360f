#include "text/rich_text.h"

#include <algorithm>

#include "text/inline_markup.h"
#include "text/latex_escape.h"
#include "text/percent_encode.h"

namespace mkcv {
namespace {

const char* default_command(Mark mark) {
    switch (mark) {
        case Mark::Emphasis:
            return "emph";
        case Mark::Strong:
            return "textbf";
        case Mark::Code:
            return "texttt";
        default:
            return "";
    }
}

// The regions \mkcvlang takes (mkcv-base): Noto CJK's. A Language mark carries one, set by
// the loader from a checked tag; anything else prints no command.
bool is_cjk_region(std::string_view region) {
    for (const char* known : {"JP", "KR", "TC", "HK", "SC"})
        if (region == known)
            return true;
    return false;
}

// LaTeX (and a .bib, which holds LaTeX): plain runs wait until LaTeX follows and are then
// escaped in one piece, as the BibTeX converter did, so the output is the same byte for byte.
// `hrefs`: Markdown links print as \href (LaTeX); in a .bib they print their text only, as
// BibTeX links do (mkcv reads no \href back from a .bib).
std::string render_latex(const RichText& runs, bool hrefs) {
    std::string out;
    std::string pending;
    // In a .bib, text is escaped as BibTeX styles copy it into documents of any kind: without
    // mkcv-base's commands (\mkcvcjk, \mkcvsym …), which only mkcv's templates define.
    auto flush = [&] {
        out += escape_text(pending, hrefs ? TextFormat::Latex : TextFormat::Bibtex);
        pending.clear();
    };
    std::vector<bool> printed;  // for each open mark: whether its Open printed a `{`
    for (const TextRun& run : runs) {
        switch (run.kind) {
            case TextRun::Kind::Text:
                pending += run.text;
                break;
            case TextRun::Kind::Latex:
                flush();
                out += run.latex;
                break;
            case TextRun::Kind::Close:
                if (!printed.empty() && printed.back()) {
                    flush();
                    out += '}';
                }
                if (!printed.empty())
                    printed.pop_back();
                break;
            case TextRun::Kind::Open:
                if (run.mark == Mark::Link) {
                    // A link from BibTeX prints its text only; a Markdown link, when safe,
                    // is \href (the Close prints its `}`).
                    const bool href = hrefs && run.latex == "href" && is_safe_href(run.text);
                    printed.push_back(href);
                    if (href) {
                        flush();
                        out += "\\href{" + escape_href(run.text) + "}{";
                    }
                    break;
                }
                if (run.mark == Mark::Language) {
                    // Another language's CJK glyph shapes (\mkcvlang, mkcv-base); in a .bib,
                    // which has no such command, a group.
                    printed.push_back(true);
                    flush();
                    out += hrefs && is_cjk_region(run.latex) ? "\\mkcvlang{" + run.latex + "}{"
                                                             : std::string("{");
                    break;
                }
                printed.push_back(true);
                flush();
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

std::string markdown_url(std::string_view url) {
    return percent_encode(url, [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return byte > 0x20 && byte != 0x7F && c != '(' && c != ')' && c != '<' && c != '>' &&
               c != '\\' && c != '[' && c != ']';
    });
}

// Markdown: the code of the Code mark opened at runs[open] as a code span, whose text is
// never escaped: its fence is one backtick longer than any run of backticks in it, and
// padded with a space where CommonMark would otherwise take the code's own backticks or
// spaces for the fence's. Returns the index of the matching Close.
std::size_t markdown_code(const RichText& runs, std::size_t open, std::string& out) {
    std::string code;
    std::size_t i = open + 1;
    for (int depth = 1; i < runs.size(); ++i) {
        const TextRun& run = runs[i];
        if (run.kind == TextRun::Kind::Open)
            ++depth;
        else if (run.kind == TextRun::Kind::Close && --depth == 0)
            break;
        else if (run.kind == TextRun::Kind::Text || run.kind == TextRun::Kind::Latex) {
            for (const char c : run.text) {
                if (c == '\n' || c == '\r' || c == '\t')
                    code += ' ';
                else if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F)
                    code += c;
            }
        }
    }
    std::size_t longest = 0;
    for (std::size_t j = 0, run = 0; j < code.size(); ++j) {
        run = code[j] == '`' ? run + 1 : 0;
        longest = std::max(longest, run);
    }
    const std::string fence(longest + 1, '`');
    const bool pad = !code.empty() && (code.front() == '`' || code.back() == '`' ||
                                       (code.front() == ' ' && code.back() == ' ' &&
                                        code.find_first_not_of(' ') != std::string::npos));
    out += fence + (pad ? " " : "") + code + (pad ? " " : "") + fence;
    return i;
}

// HTML and Markdown: marks with a meaning become that format's markup; the others, and
// verbatim LaTeX, print their text. A Close ends what its Open began, so the output nests
// even when the runs do not (an unmatched Close is ignored).
std::string render_markup(const RichText& runs, TextFormat format) {
    const bool html = format == TextFormat::Html;
    std::string out;
    std::vector<std::string> closers;  // what each open mark prints when it ends
    for (std::size_t i = 0; i < runs.size(); ++i) {
        const TextRun& run = runs[i];
        if (!html && run.kind == TextRun::Kind::Open && run.mark == Mark::Code) {
            i = markdown_code(runs, i, out);
            continue;
        }
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
                if (run.mark == Mark::Emphasis || run.mark == Mark::Strong) {
                    const bool strong = run.mark == Mark::Strong;
                    // `_` right after a `*`, so two marks side by side stay two.
                    const std::string delimiter(strong ? 2 : 1,
                                                !out.empty() && out.back() == '*' ? '_' : '*');
                    open = html ? (strong ? "<strong>" : "<em>") : delimiter;
                    close = html ? (strong ? "</strong>" : "</em>") : delimiter;
                } else if (run.mark == Mark::Code) {
                    open = "<code>";
                    close = "</code>";
                } else if (run.mark == Mark::Language && html) {
                    // The tag was checked (cv/locale.h is_language_tag): letters, digits, '-'.
                    open = "<span lang=\"" + escape_text(run.text, TextFormat::Html) + "\">";
                    close = "</span>";
                } else if (run.mark == Mark::Link && is_safe_href(run.text)) {
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

// The runs as Markdown can say them, for comparing a text's marks with those its Markdown
// reads back as: text with line breaks as spaces and no control characters (as the escaper
// prints it), marks, and links that print as links (not their URL, which is re-encoded).
std::vector<std::string> canonical(const RichText& runs, std::string_view plain) {
    std::vector<std::string> out;
    std::vector<bool> shown;  // per open mark
    const auto text = [&](std::string_view s) {
        if (out.empty() || out.back().front() != 'T')
            out.emplace_back("T");
        for (const char c : s)
            if (c == '\n' || c == '\r' || c == '\t')
                out.back() += ' ';
            else if (static_cast<unsigned char>(c) >= 0x20 && c != 0x7F)
                out.back() += c;
    };
    if (runs.empty())
        text(plain);
    for (const TextRun& run : runs) {
        if (run.kind == TextRun::Kind::Text) {
            text(run.text);
        } else if (run.kind == TextRun::Kind::Open) {
            // Markdown has no language spans: the text alone is printed.
            shown.push_back(run.mark == Mark::Link ? is_safe_href(run.text)
                                                   : run.mark != Mark::Language);
            if (shown.back())
                out.emplace_back("O" + std::to_string(static_cast<int>(run.mark)));
        } else if (run.kind == TextRun::Kind::Close && !shown.empty()) {
            if (shown.back())
                out.emplace_back("C");
            shown.pop_back();
        }
    }
    return out;
}

}  // namespace

bool needs_latex(const RichText& runs) {
    return std::any_of(runs.begin(), runs.end(), [](const TextRun& run) {
        return run.kind == TextRun::Kind::Latex ||
               (run.kind == TextRun::Kind::Open && (run.mark != Mark::Link || run.latex == "href"));
    });
}

bool is_markup_only(const RichText& runs) {
    return std::all_of(runs.begin(), runs.end(), [](const TextRun& run) {
        switch (run.kind) {
            case TextRun::Kind::Text:
            case TextRun::Kind::Close:
                return true;
            case TextRun::Kind::Latex:
                return false;
            case TextRun::Kind::Open:
                break;
        }
        switch (run.mark) {
            case Mark::Emphasis:
            case Mark::Strong:
            case Mark::Code:
                return run.latex.empty();
            case Mark::Link:
                return run.latex.empty() || run.latex == "href";
            case Mark::Language:
                return is_cjk_region(run.latex);
            default:
                return false;
        }
    });
}

std::string render_text(std::string_view plain, const RichText& runs, TextFormat format) {
    switch (format) {
        case TextFormat::Latex:
        case TextFormat::Bibtex:
            if (!needs_latex(runs))
                return escape_text(plain, format);
            return render_latex(runs, format == TextFormat::Latex);
        case TextFormat::Html:
            return runs.empty() ? escape_text(plain, format) : render_markup(runs, format);
        case TextFormat::Markdown: {
            if (runs.empty())
                return escape_text(plain, format);
            std::string out = render_markup(runs, format);
            // Markdown's emphasis rules depend on the characters around each `*`, so in
            // rare texts (`**a*` next to an escaped `*`) the marks would read back
            // otherwise: then the text is printed without them, literally.
            if (is_markup_only(runs) &&
                canonical(parse_inline_markup(out).runs, out) != canonical(runs, plain))
                return escape_text(plain, format);
            return out;
        }
        case TextFormat::Json:
            break;
    }
    return escape_text(plain, format);
}

}  // namespace mkcv
