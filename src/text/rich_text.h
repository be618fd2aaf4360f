// Typed, format-neutral text: plain text, or text with marks (emphasis, strong, code, a link,
// a look of its own, or verbatim LaTeX from a trusted source). A CV string keeps its plain
// text for sorting, matching and validation (cv/model.h, Text::value) and, when it has marks,
// these runs beside it. Two things make marks: the BibTeX converter (bib/latex_text.h), from
// LaTeX it vetted, and the inline Markdown of cv.toml's prose fields (text/inline_markup.h),
// which makes only Emphasis, Strong, Code and Link marks with no LaTeX of their own. Each
// output prints the runs in its own format, so HTML or Markdown never see raw LaTeX.
#pragma once

#include <string>
#include <string_view>

#include "text/escape.h"
#include "text/text_run.h"

namespace mkcv {

// Whether LaTeX output needs the runs: some mark changes the look (anything but a Link
// without "href"). A text with such links only prints as its escaped plain text in LaTeX.
bool needs_latex(const RichText& runs);

// Whether the runs are of the kind inline Markdown makes: no verbatim LaTeX, and each mark
// an Emphasis, Strong or Code with no LaTeX command of its own, or a Link (with "href" or
// none). Their LaTeX is then only escaped text and fixed commands, so it needs no vetting.
bool is_markup_only(const RichText& runs);

// The text in `format`. `plain` is the text's plain form (Text::value), printed when there
// are no runs, in JSON, and in LaTeX when no run changes the look. Plain runs between two
// pieces of LaTeX are escaped in one piece, so the LaTeX is what the BibTeX converter made.
// Latex runs print as they are in LaTeX and BibTeX: call this only on runs from a trusted
// source (bib/latex_text.h's latex_of_text checks them again).
std::string render_text(std::string_view plain, const RichText& runs, TextFormat format);

// The HTML elements and attributes render_text writes around typed text, which an HTML
// output may hold besides its template's own markup (render/html_check.h reads it back).
inline constexpr std::string_view kTypedTextElements[] = {"em", "strong", "code", "span", "a"};
inline constexpr std::string_view kTypedTextAttributes[] = {"lang", "href"};

}  // namespace mkcv
