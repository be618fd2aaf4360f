// Turning user text into LaTeX that prints exactly that text. Pure functions, table-tested.
#pragma once

#include <string>
#include <string_view>

#include "text/bidi.h"

namespace mkcv {

// Text for the body of a LaTeX document: every special character (\ { } $ & % # _ ^ ~)
// becomes a command that prints it, brackets are braced so they never become an optional
// argument, control characters are dropped, line breaks become spaces, and Unicode is
// kept as it is (the templates load fonts that cover it). Text that can run right to left
// (Hebrew, Arabic …), and every value of a right-to-left `document`, is ordered by the bidi
// algorithm (text/bidi.h) into nested \beginL{} … \endL{} and \beginR{} … \endR{} runs
// (TeX--XeT, which mkcv-base turns on); other text has none. Runs of Chinese, Japanese and
// Korean characters (text/cjk_text.h) come as \mkcvcjk{...}, whatever the document: mkcv-base
// defines it to print them through xeCJK or in the CJK font (meta.xecjk).
std::string escape_latex(std::string_view text, TextDirection document = TextDirection::Ltr);

// Text for a PDF string: the document's title and author (hyperref's pdftitle, pdfauthor
// …), a bookmark. Specials are escaped as for the body, which hyperref's \pdfstringdef turns
// back into the characters; but no break points, font or direction commands: a PDF string
// holds only characters, in their logical order, and hyperref reads it before the document's
// own commands are defined.
std::string escape_latex_pdf_string(std::string_view text);

// A URL for the first argument of hyperref's \href, such that the link target is the URL:
// characters a URL may not contain (space, quotes, braces, backslash, ^, non-ASCII ...) are
// percent-encoded, `%` and `#` are escaped for TeX; the rest is kept, `~` and `_` included.
std::string escape_href(std::string_view url);

// The part of a URL worth showing: "https://rivendile.github.io/" → "rivendile.github.io".
std::string display_url(std::string_view url);

}  // namespace mkcv
