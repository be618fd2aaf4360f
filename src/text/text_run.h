// The runs of typed text (text/rich_text.h): marks and their text, as types only, so the
// inline Markdown parser (text/inline_markup.h), which makes them, and the printer, which
// checks its Markdown with that parser, need not include each other.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "util/source_location.h"

namespace mkcv {

// What an Open … Close pair of runs does to the runs between them.
enum class Mark : std::uint8_t {
    Emphasis,  // \emph, \textit, \textsl: <em>, *…*
    Strong,    // \textbf: <strong>, **…**
    Style,     // a look with no meaning of its own (\textsc, \texttt, \underline …): LaTeX only
    Group,     // a TeX group `{…}` around marked text: LaTeX only
    Link,      // \url, \href: a link; LaTeX prints only its text, as mkcv always has, unless
               // the Open's `latex` is "href" (Markdown's [text](url)): then \href{url}{text}
    Code,      // `code`: <code>, `…`, \texttt
    Language,  // text in a language of its own ([佐藤 健一](lang:ja)): the Open's `text` is its
               // BCP 47 tag (<span lang>), its `latex` the Noto CJK region of that language
               // (\mkcvlang{JP}{…}, one of JP, KR, TC, HK, SC); Markdown prints the text
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

}  // namespace mkcv
