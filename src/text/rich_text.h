// Typed, format-neutral text: plain text, or text with marks (emphasis, strong, a link, a
// look of its own, or verbatim LaTeX from a trusted source). A CV string keeps its plain
// text for sorting, matching and validation (cv/model.h, Text::value) and, when it has marks,
// these runs beside it. Only the BibTeX converter makes marks today (bib/latex_text.h), from
// LaTeX it vetted; cv.toml gives plain text only. Each output prints the runs in its own
// format, so HTML or Markdown never see raw LaTeX.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "text/escape.h"
#include "util/source_location.h"

namespace mkcv {

// What an Open … Close pair of runs does to the runs between them.
enum class Mark : std::uint8_t {
    Emphasis,  // \emph, \textit, \textsl: <em>, *…*
    Strong,    // \textbf: <strong>, **…**
    Style,     // a look with no meaning of its own (\textsc, \texttt, \underline …): LaTeX only
    Group,     // a TeX group `{…}` around marked text: LaTeX only
    Link,      // \url, \href: a link; LaTeX prints only its text, as mkcv always has
};

struct TextRun {
    enum class Kind : std::uint8_t {
        Text,   // characters, escaped for the output
        Open,   // a mark begins (Close ends it; pairs nest)
        Close,  // the mark of the matching Open ends
        Latex,  // vetted LaTeX with no plain-text equivalent (math, {\em}); `text` stands in
                // for it in every other format
    };
    Kind kind = Kind::Text;
    // Open and Close: the mark. Latex: a mark a font switch ({\em …}) turns on until the end
    // of the group it is in (Group: none).
    Mark mark = Mark::Group;
    // Text: the characters. Latex: its plain-text fallback. Open of a Link: the URL.
    std::string text;
    // Open of Emphasis, Strong or Style: the LaTeX command it was written with ("textit"),
    // so LaTeX prints what the source said. Latex: the vetted LaTeX itself.
    std::string latex;
    SourcePos pos;  // where it was written (the line of its .bib field), when known
};

// Runs in reading order. Empty means plain text.
using RichText = std::vector<TextRun>;

// Whether LaTeX output needs the runs: some mark changes the look (anything but a Link).
// A text with links only prints as its escaped plain text in LaTeX.
bool needs_latex(const RichText& runs);

// The text in `format`. `plain` is the text's plain form (Text::value), printed when there
// are no runs, in JSON, and in LaTeX when no run changes the look. Plain runs between two
// pieces of LaTeX are escaped in one piece, so the LaTeX is what the BibTeX converter made.
// Latex runs print as they are in LaTeX and BibTeX: call this only on runs from a trusted
// source (bib/latex_text.h's latex_of_text checks them again).
std::string render_text(std::string_view plain, const RichText& runs, TextFormat format);

}  // namespace mkcv
